/**
 * A page that renders again while a part still waits to hydrate (its region settling as the page starts, a store
 * read): the part keeps the server's HTML, and what the visitor typed in it, until it comes into view; then it
 * hydrates on that very element and shows what its parent passed meanwhile. Its own file: the gates are the
 * module's, watched once per page.
 */
import { useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, screen } from '@testing-library/react';
import { HydrateWhenVisible, hydrationOnSightPending, prepareHydrationOnSight } from './hydrateWhenVisible';

let notify: ((entries: IntersectionObserverEntry[]) => void) | null = null;
/** jsdom has no IntersectionObserver: the test says when an element comes into view. */
class ViewportStandIn {
  constructor(callback: (entries: IntersectionObserverEntry[]) => void) {
    notify = callback;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The inquiry form of a property page, below the fold: a name field and the property it is about. */
function Inquiry({ property }: { property: string }) {
  const [name, setName] = useState('');
  return (
    <form aria-label="Inquiry">
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <output data-testid="about">{property}</output>
    </form>
  );
}

/** The page: renders again once it has hydrated (in the browser), with a new props object for the part. */
function Page({ renderAgain }: { renderAgain: boolean }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (renderAgain) setSettled(true);
  }, [renderAgain]);
  return (
    <main>
      <h1>Garden Villa</h1>
      <HydrateWhenVisible>
        <Inquiry property={settled ? 'Garden Villa (settled)' : 'Garden Villa'} />
      </HydrateWhenVisible>
    </main>
  );
}

describe('a part waiting to hydrate while its page renders again', () => {
  let root: Root | undefined;
  afterAll(() => {
    act(() => root?.unmount());
  });

  it('keeps the server HTML and the typed text, then hydrates on it with the newest props', async () => {
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = ViewportStandIn;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page renderAgain={false} />);
    document.body.appendChild(container);
    const serverForm = screen.getByRole('form', { name: 'Inquiry' });
    const serverInput = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    // typed before the app ran
    serverInput.value = 'Ada Lovelace';

    expect(prepareHydrationOnSight()).toBe(1);
    await act(async () => {
      root = hydrateRoot(container, <Page renderAgain />);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // the page rendered again: the part still waits, on the server's elements, with what was typed
    expect(hydrationOnSightPending()).toBe(1);
    expect(screen.getByRole('form', { name: 'Inquiry' }) === serverForm).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Name' }) === serverInput).toBe(true);
    expect(serverInput.value).toBe('Ada Lovelace');

    // in view: hydrated on the same elements, and then drawn with what the page passed while it waited
    await act(async () => {
      notify?.([{ target: container.querySelector('[data-hydrate-when-visible]')!, isIntersecting: true } as unknown as IntersectionObserverEntry]);
    });
    expect(hydrationOnSightPending()).toBe(0);
    expect(screen.getByRole('form', { name: 'Inquiry' }) === serverForm).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Name' }) === serverInput).toBe(true);
    expect(screen.getByTestId('about').textContent).toBe('Garden Villa (settled)');
    container.remove();
  });
});
