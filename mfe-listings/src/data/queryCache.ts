/**
 * A small query cache, the data-fetching defaults of spec section 7: a failed query retries 3 times with a delay
 * starting at 1 second and doubling, capped at 30 seconds; a result nobody uses any more is dropped after 5
 * minutes; while it is kept, every page that asks for the same key gets the same result without a new call
 * (a list read once serves every page that shows it; each read is bounded: a page of a list, never the whole table).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { firstScreenData, useFirstScreenData } from '@gta/shared';

export const QUERY_DEFAULTS = { retries: 3, retryDelayMs: 1000, maxRetryDelayMs: 30_000, gcTimeMs: 5 * 60_000 } as const;

export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: Error };

export interface QueryOptions {
  /** How many times a failed call is tried again (default 3). */
  retries?: number;
}

export interface UseQueryOptions<T> extends QueryOptions {
  /**
   * Data already at hand for a new entry (a value derived from another cached query), so a page that can be shown
   * at once does not flash its loading state for a frame; undefined when there is none.
   */
  initialData?: () => T | undefined;
}

interface Entry<T> {
  state: QueryState<T>;
  promise: Promise<T> | null;
  listeners: Set<() => void>;
  gcTimer: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<string, Entry<unknown>>();

/** The delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY_DEFAULTS.retryDelayMs * 2 ** (attempt - 1), QUERY_DEFAULTS.maxRetryDelayMs);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error');
}

/** On the server (first-screen rendering) a result is kept a minute, so a page shows listings at most that old. */
const onServer = typeof window === 'undefined';
const SERVER_GC_MS = 60_000;

function entryFor<T>(key: string, initialData?: () => T | undefined): Entry<T> {
  let entry = entries.get(key) as Entry<T> | undefined;
  if (!entry) {
    // the data the server rendered this page with, if it did: the hydrating render starts from it
    // (a null the server rendered with, 'no such property', is data: only undefined means it sent none)
    const fromServer = onServer ? undefined : firstScreenData<T>(key);
    const seeded = fromServer !== undefined ? fromServer : initialData?.();
    const state: QueryState<T> = seeded === undefined ? { status: 'loading' } : { status: 'success', data: seeded };
    entry = { state, promise: null, listeners: new Set(), gcTimer: null };
    entries.set(key, entry as Entry<unknown>);
  }
  return entry;
}

function setState<T>(entry: Entry<T>, state: QueryState<T>): void {
  entry.state = state;
  entry.listeners.forEach((listener) => listener());
}

function scheduleGc(key: string, entry: Entry<unknown>): void {
  if (entry.gcTimer) clearTimeout(entry.gcTimer);
  const timer = setTimeout(
    () => {
      if (entry.listeners.size === 0 && entries.get(key) === entry) entries.delete(key);
    },
    onServer ? SERVER_GC_MS : QUERY_DEFAULTS.gcTimeMs,
  );
  (timer as { unref?: () => void }).unref?.(); // never keeps a Node process alive
  entry.gcTimer = timer;
}

/** Runs the query for `key` unless it already has data or a call in flight; resolves with the data. */
export function fetchQuery<T>(key: string, fn: () => Promise<T>, options: QueryOptions = {}): Promise<T> {
  const entry = entryFor<T>(key);
  if (entry.state.status === 'success') return Promise.resolve(entry.state.data);
  if (entry.promise) return entry.promise;
  const retries = options.retries ?? QUERY_DEFAULTS.retries;
  const run = async (): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await fn();
      } catch (error) {
        if (attempt >= retries) throw toError(error);
        await wait(retryDelay(attempt + 1));
      }
    }
  };
  if (entry.state.status !== 'loading') setState(entry, { status: 'loading' });
  const promise = run().then(
    (data) => {
      entry.promise = null;
      setState(entry, { status: 'success', data });
      return data;
    },
    (error: unknown) => {
      entry.promise = null;
      setState(entry, { status: 'error', error: toError(error) });
      throw toError(error);
    },
  );
  entry.promise = promise;
  if (entry.listeners.size === 0) scheduleGc(key, entry as Entry<unknown>);
  return promise;
}

/** The data of `key` when it has loaded, else undefined (nothing is called). */
export function peekQuery<T>(key: string): T | undefined {
  const entry = entries.get(key) as Entry<T> | undefined;
  return entry?.state.status === 'success' ? entry.state.data : undefined;
}

/** Forgets every cached result (tests, and nothing else, need this). */
export function clearQueryCache(): void {
  entries.forEach((entry) => entry.gcTimer && clearTimeout(entry.gcTimer));
  entries.clear();
}

export interface QueryResult<T> {
  state: QueryState<T>;
  /** Calls again after a failure (a Try Again button). */
  refetch: () => void;
}

/** Subscribes a component to the query `key`; `key` null means "no query" (state stays loading, nothing is called). */
export function useQuery<T>(key: string | null, fn: () => Promise<T>, options: UseQueryOptions<T> = {}): QueryResult<T> {
  const initialData = options.initialData;
  const [, setGeneration] = useState(0);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => undefined;
      const entry = entryFor<T>(key, initialData);
      entry.listeners.add(listener);
      if (entry.gcTimer) clearTimeout(entry.gcTimer);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0) scheduleGc(key, entry as Entry<unknown>);
      };
    },
    // initialData is read once, when the entry is created; the key names the query
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  // initialData is read once, when the entry is created; the key names the query
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const getSnapshot = useCallback((): QueryState<T> => (key === null ? LOADING : entryFor<T>(key, initialData).state), [key]);
  const retries = options.retries;
  // the first screen (the server's render): the data when at hand goes with the page, else the server waits for it
  useFirstScreenData<T>(
    key,
    () => {
      const entry = entryFor<T>(key as string, initialData);
      return entry.state.status === 'success' ? { data: entry.state.data } : undefined;
    },
    () => entryFor<T>(key as string).promise ?? fetchQuery(key as string, fn, { retries: 0 }),
  );
  // the server renders data it has and a loading state otherwise (an error is the browser's to show and retry)
  const getServerSnapshot = useCallback((): QueryState<T> => {
    const current = getSnapshot();
    return onServer && current.status !== 'success' ? LOADING : current;
  }, [getSnapshot]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    if (key === null) return;
    const entry = entryFor<T>(key);
    if (entry.state.status === 'loading' && !entry.promise) fetchQuery(key, fn, { retries }).catch(() => undefined);
    // fn is a new closure each render; the key names the query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, retries]);
  const refetch = useCallback(() => {
    if (key === null) return;
    const entry = entryFor<T>(key);
    if (entry.promise) return;
    setState(entry, { status: 'loading' });
    fetchQuery(key, fn, { retries }).catch(() => undefined);
    setGeneration((n) => n + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, retries]);
  return { state, refetch };
}

const LOADING: QueryState<never> = { status: 'loading' };
