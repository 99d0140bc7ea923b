/**
 * Data of the first screen (docs/first-screen.md, "How it works"). Feature code says what data a component shows
 * and how it loads, with one hook, `useFirstScreenData(key, read, load)`, and knows nothing else: on the server the
 * render records the data its components read and the loads they started, in a collection of its own (per request,
 * through React context); `renderWithFirstScreenData` waits for those loads (within the page's budget), renders again,
 * and returns the data, which goes to the browser with the page. In the browser, provideFirstScreenData() hands it
 * back before hydration, so the hydrating render starts from the data the server rendered with (no loading flash,
 * no mismatch): data stores (the listings remote's query cache) consult firstScreenData() when they create an entry.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import type { PageMeta } from '../ui/usePageMeta';
import { RenderCollectionContext, newRenderCollection, onSightToSend, useRenderCollection, type RenderCollection } from './renderCollection';

const provided = new Map<string, unknown>();

/**
 * A component's data on the first screen: `key` names it, `read()` returns it when at hand (`{ data }`, a null
 * included) and `load()` starts or joins its load. On the server, data at hand goes to the browser with the page,
 * and a load not finished is waited for (up to the page's data budget) before the page is rendered again and sent;
 * in the browser it does nothing (the store seeds its entry from firstScreenData(key)). `key` null: no data.
 */
export function useFirstScreenData<T>(key: string | null, read: () => { data: T } | undefined, load: () => Promise<unknown>): void {
  const collection = useRenderCollection();
  if (!collection || key === null) return;
  const current = read();
  if (current) collection.used.set(key, current.data);
  else collection.pending.push(load().catch(() => undefined));
}

/** One synchronous render pass with a fresh collection, given to the tree by `page(node)`. */
function collectPass<T>(render: (page: (node: ReactNode) => ReactElement) => T): { result: T; collection: RenderCollection } {
  const current = newRenderCollection();
  const result = render((node) => createElement(RenderCollectionContext.Provider, { value: current }, node));
  return { result, collection: current };
}

/** How long a server render waits for the data its page asked for before it renders the loading state instead. */
const FIRST_SCREEN_DATA_BUDGET_MS = 1500;

/** What renderWithFirstScreenData returns: the last render's result and what that render collected. */
export interface FirstScreenRender<T> {
  result: T;
  /** The data the page rendered with, by key, for the browser's hydrating render. */
  data: Record<string, unknown>;
  /** Remote modules drawn outside any `<HydrateWhenVisible>`: the browser loads them before it hydrates. */
  modules: string[];
  /** Remote modules drawn only inside one, by its id: loaded when that part comes into view. */
  onSight: Record<string, string[]>;
  /** What the page's usePageMeta asked for. */
  meta: PageMeta | null;
}

/**
 * A page rendered on the server with its data: `render(page)` renders synchronously (renderToString) the tree
 * wrapped as `page(tree)`. When the page asked for data not at hand, the loads are awaited, up to `budgetMs`, and the
 * page is rendered again with what arrived (what did not renders its loading state). Resolves with the last
 * render's result and what it collected: its data, the remote modules it drew and its meta.
 */
export async function renderWithFirstScreenData<T>(
  render: (page: (node: ReactNode) => ReactElement) => T,
  budgetMs: number = FIRST_SCREEN_DATA_BUDGET_MS,
): Promise<FirstScreenRender<T>> {
  let pass = collectPass(render);
  if (pass.collection.pending.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, budgetMs);
    });
    await Promise.race([Promise.all(pass.collection.pending), budget]);
    clearTimeout(timer);
    pass = collectPass(render);
  }
  const { collection } = pass;
  return {
    result: pass.result,
    data: Object.fromEntries(collection.used),
    modules: [...collection.remotes],
    onSight: onSightToSend(collection),
    meta: (collection.meta as PageMeta | null) ?? null,
  };
}

/** The browser's side: the data the server rendered with, read from the page before hydration. */
export function provideFirstScreenData(data: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(data)) provided.set(key, value);
}

/** The server's data for `key`, once: a store seeds its entry with it (later loads are the store's own). */
export function firstScreenData<T>(key: string): T | undefined {
  if (!provided.has(key)) return undefined;
  const value = provided.get(key) as T;
  provided.delete(key);
  return value;
}

let serverPageOrigin = '';

/** The server's side: the origin of the page being rendered (its request's). */
export function setServerPageOrigin(origin: string): void {
  serverPageOrigin = origin;
}

/** The page's origin ("https://example.com"), in the browser and in a server render alike (for absolute URLs). */
export function pageOrigin(): string {
  return typeof window !== 'undefined' ? window.location.origin : serverPageOrigin;
}
