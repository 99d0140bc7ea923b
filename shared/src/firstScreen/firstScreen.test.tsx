import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RemoteComponent, hydrateRemoteModules, provideRemoteModules } from '../ui/remote';
import { firstScreenData, provideFirstScreenData, renderWithFirstScreenData, useFirstScreenData } from './firstScreenData';
import { usePageMeta } from '../ui/usePageMeta';

// the federation runtime is the edge of this unit: the real one is exercised by the e2e suite
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

function Greeting({ name }: { name: string }) {
  usePageMeta({ title: 'Greeting page', description: 'A page that greets.' });
  return <p>Hello {name}</p>;
}

afterEach(() => provideRemoteModules(new Map()));

describe('first screen: remote regions', () => {
  it('renders a provided module at once on the server and reports it, with the page meta', async () => {
    provideRemoteModules(new Map([['content/Greeting', { default: Greeting }]]));
    const { result, modules, meta } = await renderWithFirstScreenData((page) =>
      renderToString(page(<RemoteComponent id="content/Greeting" props={{ name: 'Ada' }} label="the greeting" />)),
    );
    expect(result).toContain('Hello <!-- -->Ada');
    expect(modules).toEqual(['content/Greeting']);
    expect(meta).toEqual({ title: 'Greeting page', description: 'A page that greets.' });
  });

  it('renderWithFirstScreenData returns the modules each render drew and its meta, two renders side by side kept apart', async () => {
    provideRemoteModules(new Map([['content/Greeting', { default: Greeting }]]));
    function Other() {
      usePageMeta({ title: 'Other page', description: 'Another page.' });
      return <p>Other</p>;
    }
    let release: () => void = () => undefined;
    const wait = new Promise<void>((resolve) => (release = resolve));
    let arrived = false;
    function Waits() {
      useFirstScreenData(
        'waits',
        () => (arrived ? { data: true } : undefined),
        () => wait.then(() => void (arrived = true)),
      );
      return <RemoteComponent id="content/Greeting" props={{ name: 'Ada' }} label="the greeting" />;
    }
    const greeting = renderWithFirstScreenData((page) => renderToString(page(<Waits />)));
    const other = await renderWithFirstScreenData((page) => renderToString(page(<Other />)));
    release();
    expect(other.modules).toEqual([]);
    expect(other.meta).toEqual({ title: 'Other page', description: 'Another page.' });
    const done = await greeting;
    expect(done.result).toContain('Hello <!-- -->Ada');
    expect(done.modules).toEqual(['content/Greeting']);
    expect(done.meta).toEqual({ title: 'Greeting page', description: 'A page that greets.' });
    expect(done.data).toEqual({ waits: true });
  });

  it('renders the loading placeholder for a module the server does not have, and does not report it', async () => {
    const { result, modules } = await renderWithFirstScreenData((page) =>
      renderToString(page(<RemoteComponent id="listings/Missing" props={{}} label="the listings" />)),
    );
    expect(result).toContain('aria-busy="true"');
    expect(modules).toEqual([]);
  });

  it('hydrates the server HTML without a loading step once the module is loaded in the browser', async () => {
    provideRemoteModules(new Map([['content/Greeting', { default: Greeting }]]));
    const html = renderToString(<RemoteComponent id="content/Greeting" props={{ name: 'Ada' }} label="the greeting" />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const paragraph = container.querySelector('p');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <RemoteComponent id="content/Greeting" props={{ name: 'Ada' }} label="the greeting" />, {
        onRecoverableError: (e) => errors.push(e),
      });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('p')).toBe(paragraph); // the same element: adopted, not drawn again
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('keeps the server HTML on screen while the module loads, then hydrates it in place', async () => {
    provideRemoteModules(new Map([['listings/Greeting', { default: Greeting }]]));
    const html = renderToString(<RemoteComponent id="listings/Greeting" props={{ name: 'Ada' }} label="the greeting" />);
    provideRemoteModules(new Map()); // the browser starts with no module loaded
    let arrive: (mod: unknown) => void = () => undefined;
    mockedLoad.mockReturnValue(
      new Promise((resolve) => {
        arrive = resolve;
      }),
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const paragraph = container.querySelector('p');
    const errors: unknown[] = [];
    hydrateRemoteModules(['listings/Greeting']);
    await act(async () => {
      hydrateRoot(container, <RemoteComponent id="listings/Greeting" props={{ name: 'Ada' }} label="the greeting" />, {
        onRecoverableError: (e) => errors.push(e),
      });
    });
    expect(container.querySelector('[data-testid="remote-loading"]')).toBeNull(); // no loading state over the content
    expect(container.querySelector('p')).toBe(paragraph);
    await act(async () => arrive({ default: Greeting }));
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container.textContent).toContain('Hello Ada');
    expect(errors).toEqual([]);
  });

  it('still loads a module that was not provided, in the browser', async () => {
    mockedLoad.mockResolvedValue({ default: Greeting });
    render(<RemoteComponent id="forms/Greeting" props={{ name: 'Grace' }} label="the greeting" />);
    expect(screen.getByTestId('remote-loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
  });
});

describe('first screen: data', () => {
  /** A component that shows a name loaded from a store of its own (as the listings' query cache does). */
  function storeOf(load: () => Promise<string>) {
    const store: { name?: string; loading?: Promise<string> } = {};
    const start = () =>
      (store.loading ??= load().then((name) => {
        store.name = name;
        return name;
      }));
    function Name({ id }: { id: string }) {
      useFirstScreenData(`name:${id}`, () => (store.name === undefined ? undefined : { data: store.name }), start);
      return <p>{store.name ?? 'Loading…'}</p>;
    }
    return Name;
  }

  it('renders a page with the data it asked for, waiting for its load, and returns that data for the browser', async () => {
    const load = jest.fn(() => Promise.resolve('Ada'));
    const Name = storeOf(load);
    const { result, data } = await renderWithFirstScreenData((page) => renderToString(page(<Name id="1" />)));
    expect(result).toBe('<p>Ada</p>');
    expect(data).toEqual({ 'name:1': 'Ada' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders the loading state when a load fails, and sends no data for it: a failed load never breaks the wait', async () => {
    const Name = storeOf(() => Promise.reject(new Error('offline')));
    const { result, data } = await renderWithFirstScreenData((page) => renderToString(page(<Name id="3" />)));
    expect(result).toBe('<p>Loading…</p>');
    expect(data).toEqual({});
  });

  it('renders the loading state when the data misses the budget, and sends no data for it', async () => {
    const Name = storeOf(() => new Promise<string>(() => undefined));
    const started = Date.now();
    const { result, data } = await renderWithFirstScreenData((page) => renderToString(page(<Name id="2" />)), 50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toBe('<p>Loading…</p>');
    expect(data).toEqual({});
  });

  it('keeps each render to its own collection: two pages rendered side by side do not mix their data', async () => {
    let release: (name: string) => void = () => undefined;
    const Slow = storeOf(() => new Promise<string>((resolve) => (release = resolve)));
    const Fast = storeOf(() => Promise.resolve('Grace'));
    const slow = renderWithFirstScreenData((page) => renderToString(page(<Slow id="slow" />)));
    const fast = await renderWithFirstScreenData((page) => renderToString(page(<Fast id="fast" />)));
    release('Ada');
    expect(fast.data).toEqual({ 'name:fast': 'Grace' });
    expect((await slow).data).toEqual({ 'name:slow': 'Ada' });
    // and outside a render, nothing is collected (no collection to record into)
    renderToString(<Fast id="outside" />);
  });

  it('hands the server data to the browser once per key', () => {
    provideFirstScreenData({ 'properties:all': [{ id: 'rec1' }] });
    expect(firstScreenData('properties:all')).toEqual([{ id: 'rec1' }]);
    expect(firstScreenData('properties:all')).toBeUndefined();
    expect(firstScreenData('search:x')).toBeUndefined();
  });
});
