/**
 * Data of the first screen (docs/performance.md, "First screen from the server"). A server render records the data
 * its components read (reportServerData) and the loads they started (awaitOnServer); the server waits for those,
 * renders again, and sends the data with the page. In the browser, provideFirstScreenData() hands it back before
 * hydration, so the hydrating render starts from the data the server rendered with (no loading flash, no mismatch).
 * Data stores (the listings remote's query cache) consult firstScreenData() when they create an entry.
 */
interface ServerCollector {
  used: Map<string, unknown>;
  pending: Promise<unknown>[];
}

let collector: ServerCollector | null = null;
const provided = new Map<string, unknown>();

/** True while a server render is collecting data (never in the browser). */
export function isServerRender(): boolean {
  return collector !== null;
}

/** A server render read `data` under `key`: it goes to the browser with the page. */
export function reportServerData(key: string, data: unknown): void {
  collector?.used.set(key, data);
}

/** A server render needs a load that has not finished: the server waits for it and renders again. */
export function awaitOnServer(load: Promise<unknown>): void {
  collector?.pending.push(load.catch(() => undefined));
}

/** Runs one synchronous server render and returns the data it read and the loads it is waiting for. */
export function collectServerData<T>(render: () => T): { result: T; data: Record<string, unknown>; pending: Promise<unknown>[] } {
  const current: ServerCollector = { used: new Map(), pending: [] };
  collector = current;
  try {
    const result = render();
    return { result, data: Object.fromEntries(current.used), pending: current.pending };
  } finally {
    collector = null;
  }
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
