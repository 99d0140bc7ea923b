// A remote that fails (issue 37): a dead remote fails in one attempt while the page hydrates, keeps the server's
// form with what the visitor typed in it, and its retry hydrates the form with the typed text; a remote newer than
// the page offers a reload once, never in a loop.
import { useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { useValueTypedBeforeHydration } from '../firstScreen/typedBeforeHydration';
import { RemoteComponent, hydrateRemoteModules, loadRemoteModule, provideRemoteModules } from './remote';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

function NameForm(_props: { tick?: number }) {
  const [name, setName] = useState('');
  const ref = useValueTypedBeforeHydration<HTMLInputElement>('', setName);
  return (
    <form>
      <label>
        Name <input ref={ref} name="name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <output>Hello {name || 'nobody'}</output>
    </form>
  );
}

/** The part around the form re-renders now and then (a new props object each time), as the content remote's page does. */
function Page() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 20);
    return () => clearInterval(timer);
  }, []);
  return (
    <main data-tick={tick > 0 ? 'ticking' : undefined}>
      <h1>Contact</h1>
      <RemoteComponent id="forms/NameForm" props={{ tick }} label="this form" />
    </main>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  mockedLoad.mockReset();
  window.sessionStorage.clear();
});

it("a remote that is down while the page hydrates: one attempt, its message beside the server's form, the typed text kept and taken on retry", async () => {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false; // React's own scheduling, as in the browser
  const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    provideRemoteModules(new Map([['forms/NameForm', { default: NameForm }]]));
    const html = renderToString(<Page />);
    provideRemoteModules(new Map()); // the browser starts with no module loaded
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const serverInput = container.querySelector('input');
    if (!serverInput) throw new Error('the server rendered no input');
    serverInput.value = 'Ada'; // typed before the app ran

    mockedLoad.mockRejectedValue(new Error('Failed to fetch'));
    const errors: unknown[] = [];
    hydrateRemoteModules(['forms/NameForm']);
    const root = hydrateRoot(container, <Page />, {
      onRecoverableError: (e) => errors.push(e),
      onUncaughtError: (e) => errors.push(e),
      onCaughtError: (e) => errors.push(e),
    });
    // long enough for React to reach the region's boundary (it hydrates boundaries after the root)
    await wait(500);
    expect(errors).toEqual([]); // no hydration mismatch: the region's server HTML was not drawn again
    expect(mockedLoad).toHaveBeenCalledTimes(1); // one attempt while hydrating, no backoff
    expect(container.querySelector('[role="alert"]')?.textContent).toContain("We couldn't load this form just now.");
    // the server's form stays, with what was typed in it
    expect(container.querySelector('input')).toBe(serverInput);
    expect(serverInput.value).toBe('Ada');
    expect(container.querySelector('h1')?.textContent).toBe('Contact');

    // the region's retry: the module arrives, the form hydrates and takes the typed name
    mockedLoad.mockResolvedValue({ default: NameForm });
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Try again');
    retry?.click();
    await wait(500);
    expect(mockedLoad).toHaveBeenCalledTimes(2);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.querySelector('input')).toBe(serverInput); // hydrated, not drawn again
    expect(container.querySelector('output')?.textContent).toBe('Hello Ada');
    expect(errors).toEqual([]);
    expect(consoleErrors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    root.unmount();
    container.remove();
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
    consoleErrors.mockRestore();
    warn.mockRestore();
  }
});

it('remembers a failure for a moment: two regions of a dead module make one attempt between them', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockedLoad.mockRejectedValue(new Error('Failed to fetch'));
  await expect(loadRemoteModule('listings/ActiveListingsPage', 1)).rejects.toThrow('Failed to fetch');
  render(
    <>
      <RemoteComponent id="listings/ActiveListingsPage" props={{}} label="the search" />
      <RemoteComponent id="listings/ActiveListingsPage" props={{}} label="the search" />
    </>,
  );
  expect(await screen.findAllByRole('alert')).toHaveLength(2);
  expect(mockedLoad).toHaveBeenCalledTimes(1);
});

it('a part newer than the site offers a reload once; after that reload it says so without offering another', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const refusal = new Error('Version 2.0.0 from shell of shared singleton module @gta/shared does not satisfy the requirement of forms which needs ^2.1.0');
  mockedLoad.mockRejectedValue(refusal);
  // jsdom does not navigate: its 'not implemented' report stands for the reload
  const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const first = render(<RemoteComponent id="forms/Newer" props={{}} label="this form" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The site has just been updated');
  fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
  expect(window.sessionStorage.getItem('gta:reloaded-for-update')).toMatch(/^\d+$/);
  first.unmount();
  consoleErrors.mockRestore();

  // the page after that reload (same tab): the part still needs more than the deployed site has
  await act(async () => {
    render(<RemoteComponent id="forms/Newer2" props={{}} label="this form" />);
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('needs a newer version of it');
  expect(screen.queryByRole('button')).toBeNull();
});
