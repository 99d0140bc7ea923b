/**
 * The visitor's favourites: record ids in the browser's localStorage (shared FAVOURITES_STORAGE_KEY), the most
 * recently saved first, no account. The server cannot read them, so every render starts with none and the list is
 * read from storage in a layout effect (after hydration, before the browser paints): the server's HTML and the
 * hydrating render agree, and a saved heart still never shows empty. Other tabs are followed through the 'storage'
 * event; every change is told on the bus ('favourites/changed', with the count) for the navigation's count.
 */
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { emit, FAVOURITES_STORAGE_KEY, isRecordId, parseFavourites, serialiseFavourites, cleanFavouriteIds } from '@gta/shared';

/** null until read from storage (always so on the server). */
let current: readonly string[] | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (a privacy setting): favourites last as long as the page
  }
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

function set(next: readonly string[], tell: boolean): void {
  current = Object.freeze([...next]);
  notify();
  if (tell) emit({ type: 'favourites/changed', version: 1, count: current.length });
}

/** Reads the stored list once (later calls keep what is in memory, which follows every change). */
export function loadFavourites(): readonly string[] {
  if (current === null) {
    let raw: string | null = null;
    try {
      raw = storage()?.getItem(FAVOURITES_STORAGE_KEY) ?? null;
    } catch {
      raw = null;
    }
    set(parseFavourites(raw), false);
  }
  return current as readonly string[];
}

function save(next: readonly string[]): void {
  const clean = cleanFavouriteIds(next);
  try {
    const store = storage();
    if (clean.length === 0) store?.removeItem(FAVOURITES_STORAGE_KEY);
    else store?.setItem(FAVOURITES_STORAGE_KEY, serialiseFavourites(clean));
  } catch {
    // full or refused: kept for this page only
  }
  set(clean, true);
}

/** Saves a listing (first in the list) or removes it; returns whether it is saved now. */
export function toggleFavourite(id: string): boolean {
  if (!isRecordId(id)) return false;
  const before = loadFavourites();
  const saved = before.includes(id);
  save(saved ? before.filter((other) => other !== id) : [id, ...before]);
  return !saved;
}

/** Adds these listings (a shared shortlist) in front of the ones saved already, keeping their order. */
export function addFavourites(ids: readonly string[]): void {
  const before = loadFavourites();
  save([...ids.filter((id) => !before.includes(id)), ...before]);
}

/** Takes these off the list (listings the records API no longer has). */
export function forgetFavourites(ids: readonly string[]): void {
  const before = loadFavourites();
  const after = before.filter((id) => !ids.includes(id));
  if (after.length !== before.length) save(after);
}

/** Forgets what is in memory (tests only: a new page starts from storage). */
export function resetFavouritesForTests(): void {
  current = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // another tab saved or removed one (key null: that tab cleared its storage)
    if (event.key !== null && event.key !== FAVOURITES_STORAGE_KEY) return;
    set(parseFavourites(event.key === null ? null : event.newValue), true);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => current;
const serverSnapshot = () => null;

export interface Favourites {
  /** The saved ids, most recent first; null until read from storage (the server's render, the first one in the browser). */
  ids: readonly string[] | null;
  isSaved: (id: string) => boolean;
  toggle: (id: string) => boolean;
  addAll: (ids: readonly string[]) => void;
}

export function useFavourites(): Favourites {
  const ids = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  // read the storage after the render the server's HTML matches, before the browser paints
  useLayoutEffect(() => {
    loadFavourites();
  }, []);
  const isSaved = useCallback((id: string) => ids?.includes(id) ?? false, [ids]);
  return { ids, isSaved, toggle: toggleFavourite, addAll: addFavourites };
}
