// A region whose module arrives while React waits to hydrate it: React replays the render that suspended, and the
// replay must call the same hooks (the seed's conditional use() broke /about-us about one load in three in CI with
// "Update hook called on initial render", React error 467, and the page showed its error message).
import { useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RemoteComponent, hydrateRemoteModules, provideRemoteModules } from './remote';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A shell that re-renders the page while its region is still waiting for its module. */
function Shell() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 3);
    return () => clearInterval(timer);
  }, []);
  return (
    <div>
      <RemoteComponent id="listings/Greeting" props={{ name: 'Ada' }} label="the greeting" />
    </div>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('hydrates a region whose module arrives during hydration with the hooks React expects, and no error', async () => {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false; // React's own scheduling, as in the browser
  const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    provideRemoteModules(new Map([['listings/Greeting', { default: Greeting }]]));
    const html = renderToString(<Shell />);
    provideRemoteModules(new Map()); // the browser starts with no module loaded
    let arrive: (mod: unknown) => void = () => undefined;
    mockedLoad.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    hydrateRemoteModules(['listings/Greeting']);
    const root = hydrateRoot(container, <Shell />, {
      onRecoverableError: (e) => errors.push(e),
      onUncaughtError: (e) => errors.push(e),
      onCaughtError: (e) => errors.push(e),
    });
    await wait(30);
    arrive({ default: Greeting });
    await wait(50);
    expect(errors).toEqual([]);
    expect(consoleErrors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    expect(container.textContent).toContain('Hello Ada');
    root.unmount();
  } finally {
    consoleErrors.mockRestore();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
  }
});
