import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { HydrateWhenVisible, prepareHydrationOnSight } from './hydrateWhenVisible';
import { RemoteComponent, hydrateRemoteModules, loadRemoteModulesForHydration, provideRemoteModules } from '../ui/remote';
import { renderWithFirstScreenData } from './firstScreenData';

// the federation runtime is the edge of this unit: the real one (and a real viewport) is exercised by the e2e suite
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** jsdom has no IntersectionObserver: this stand-in lets the test say when an element comes into view. */
let notify: ((entries: IntersectionObserverEntry[]) => void) | null = null;
class ViewportStandIn {
  constructor(callback: (entries: IntersectionObserverEntry[]) => void) {
    notify = callback;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}
const comesIntoView = (element: Element | null) => act(() => notify?.([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry]));

function Hero() {
  return <h1>Welcome</h1>;
}
const sent: string[] = [];
function LeadForm({ source }: { source: string }) {
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        setCount((n) => n + 1);
        sent.push(source);
      }}
    >
      Send from {source} ({count})
    </button>
  );
}
function Listings() {
  return <p>Three featured homes</p>;
}

/** The hero hydrates with the page; the listings and the form are parts that hydrate on sight. */
function Page() {
  return (
    <main>
      <RemoteComponent id="content/Hero" props={{}} label="the welcome" />
      <HydrateWhenVisible>
        <RemoteComponent id="listings/Featured" props={{}} label="the listings" />
      </HydrateWhenVisible>
      <HydrateWhenVisible>
        <RemoteComponent id="forms/LeadForm" props={{ source: 'call-to-action' }} label="the form" />
      </HydrateWhenVisible>
    </main>
  );
}

describe('remote modules of a part that hydrates on sight', () => {
  let root: Root | undefined;
  afterAll(() => {
    act(() => root?.unmount());
  });

  it('are listed under the part on the server and fetched only when it comes into view; the part waits for them', async () => {
    provideRemoteModules(
      new Map<string, unknown>([
        ['content/Hero', { default: Hero }],
        ['listings/Featured', { default: Listings }],
        ['forms/LeadForm', { default: LeadForm }],
      ]),
    );
    const { result: html, modules, onSight } = await renderWithFirstScreenData((page) => renderToString(page(<Page />)));
    expect(modules).toEqual(['content/Hero']);
    expect(Object.values(onSight)).toEqual([['listings/Featured'], ['forms/LeadForm']]);
    for (const part of Object.keys(onSight)) expect(html).toContain(`data-hydrate-when-visible="${part}"`);

    // the browser: nothing loaded yet; the hero's module arrives at once, the others when asked for
    provideRemoteModules(new Map());
    const arrivals = new Map<string, (mod: unknown) => void>();
    mockedLoad.mockImplementation((id: string) =>
      id === 'content/Hero' ? Promise.resolve({ default: Hero }) : new Promise((resolve) => arrivals.set(id, resolve)),
    );
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = ViewportStandIn;
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const [listingsPart, formPart] = [...container.querySelectorAll('[data-hydrate-when-visible]')];
    const serverListings = container.querySelector('p');
    const serverButton = container.querySelector('button');
    const errors: unknown[] = [];

    hydrateRemoteModules(modules);
    prepareHydrationOnSight(document, { beforeHydrating: (part) => loadRemoteModulesForHydration(onSight[part] ?? []) });
    // the listings are in view before React reaches them: they must still wait for their module, not draw a
    // loading state over the server's HTML (a mismatch: React would draw the part again)
    await comesIntoView(listingsPart ?? null);
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(mockedLoad.mock.calls.map(([id]) => id)).toEqual(['content/Hero', 'listings/Featured']);
    expect(container.querySelector('[data-testid="remote-loading"]')).toBeNull();
    expect(container.querySelector('p')).toBe(serverListings);
    await act(async () => arrivals.get('listings/Featured')?.({ default: Listings }));
    expect(container.querySelector('p')).toBe(serverListings); // adopted, not drawn again
    expect(Object.keys(serverListings ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(true);

    // a click on the form before its part has hydrated: held, its module fetched, the server's HTML stays meanwhile
    await act(async () => {
      serverButton?.click();
    });
    expect(mockedLoad.mock.calls.map(([id]) => id)).toEqual(['content/Hero', 'listings/Featured', 'forms/LeadForm']);
    expect(container.querySelector('button')).toBe(serverButton);
    expect(sent).toEqual([]);
    await act(async () => arrivals.get('forms/LeadForm')?.({ default: LeadForm }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    // the click landed once, on the server's button, now React's
    expect(container.querySelector('button')).toBe(serverButton);
    expect(sent).toEqual(['call-to-action']);
    expect(serverButton?.textContent).toBe('Send from call-to-action (1)');

    // coming into view afterwards loads nothing more
    await comesIntoView(formPart ?? null);
    expect(mockedLoad).toHaveBeenCalledTimes(3);
    expect(errors).toEqual([]);
    container.remove();
  });
});
