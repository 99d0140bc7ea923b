import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { provideFirstScreenData, renderWithFirstScreenData } from '@gta/shared';
import { clearQueryCache, useQuery } from './queryCache';

function Names({ load }: { load: () => Promise<string[]> }) {
  const { state } = useQuery('names', load);
  if (state.status === 'success')
    return (
      <ul>
        {state.data.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    );
  return <p>{state.status === 'error' ? 'Could not load' : 'Loading'}</p>;
}

describe('query cache and the server-rendered first screen', () => {
  beforeEach(() => clearQueryCache());

  it('a server render waits for the load, renders its data and sends it with the page', async () => {
    const load = jest.fn().mockResolvedValue(['Oakville', 'Burlington']);
    const page = await renderWithFirstScreenData((wrap) => renderToString(wrap(<Names load={load} />)));
    expect(page.result).toContain('<li>Oakville</li>');
    expect(page.data).toEqual({ names: ['Oakville', 'Burlington'] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load slower than the data budget renders the loading state on the server, with no data sent', async () => {
    const load = jest.fn(() => new Promise<string[]>(() => undefined));
    const page = await renderWithFirstScreenData((wrap) => renderToString(wrap(<Names load={load} />)), 20);
    expect(page.result).toContain('Loading');
    expect(page.data).toEqual({});
  });

  it('in the browser, the first render uses the data the page came with, without calling the load', () => {
    provideFirstScreenData({ names: ['Mississauga'] });
    const load = jest.fn().mockResolvedValue(['never']);
    render(<Names load={load} />);
    expect(screen.getByText('Mississauga')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('a null the server rendered with ("no such property") seeds the entry too: the first render is not a loading state (issue 26, React #418)', () => {
    function Property() {
      const { state } = useQuery<string | null>('property:no-such-property', () => Promise.resolve('never'), { initialData: () => undefined });
      if (state.status === 'success') return <h1>{state.data ?? 'Property Not Found'}</h1>;
      return <h1>Property Details</h1>;
    }
    provideFirstScreenData({ 'property:no-such-property': null });
    render(<Property />);
    expect(screen.getByRole('heading')).toHaveTextContent('Property Not Found');
  });
});
