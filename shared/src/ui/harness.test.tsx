import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { harnessPages } from './harness';
import { EXPOSED_MODULES } from '../core/modules';

describe('harnessPages (a remote’s stand-alone page)', () => {
  it('has a page for every module the remote declares, in order, then the extras', () => {
    const pages = harnessPages('content', {
      load: () => Promise.resolve({ default: () => null }),
      extras: { Home: () => 'home' },
    });
    expect(Object.keys(pages)).toEqual([...Object.keys(EXPOSED_MODULES.content), 'Home']);
  });

  it('loads a module without a demo by its declared name and renders it with no props', async () => {
    const asked: string[] = [];
    const pages = harnessPages('forms', {
      load: (name) => {
        asked.push(name);
        return Promise.resolve({ default: () => <p>{`module ${name}`}</p> });
      },
      demos: { ContactForm: () => <p>the contact form with demo props</p> },
    });
    render(<Suspense fallback="loading">{pages.ListWithUsPage!()}</Suspense>);
    expect(await screen.findByText('module ListWithUsPage')).toBeInTheDocument();

    render(<>{pages.ContactForm!()}</>);
    expect(screen.getByText('the contact form with demo props')).toBeInTheDocument();
    expect(asked).toEqual(['ListWithUsPage']);
  });
});
