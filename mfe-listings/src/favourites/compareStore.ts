/**
 * The homes the visitor picked to compare from the cards (up to COMPARE_MAX), kept in this browser (localStorage,
 * 'gta:compare'), oldest pick first. As with the favourites, every render starts with none (the server cannot read
 * them) and the picks are read in a layout effect, so the server's HTML and the hydrating render agree.
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { cleanFavouriteIds, isRecordId } from '@gta/shared';
import { COMPARE_MAX } from './compare';

export const COMPARE_STORAGE_KEY = 'gta:compare';

let current: readonly string[] | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function set(next: readonly string[]): void {
  current = Object.freeze([...next]);
  listeners.forEach((l) => l());
}

function load(): readonly string[] {
  if (current === null) {
    let parsed: unknown = [];
    try {
      parsed = JSON.parse(storage()?.getItem(COMPARE_STORAGE_KEY) ?? '[]');
    } catch {
      parsed = [];
    }
    set(Array.isArray(parsed) ? cleanFavouriteIds(parsed).slice(0, COMPARE_MAX) : []);
  }
  return current as readonly string[];
}

function save(next: readonly string[]): void {
  try {
    if (next.length === 0) storage()?.removeItem(COMPARE_STORAGE_KEY);
    else storage()?.setItem(COMPARE_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // refused: the picks last as long as the page
  }
  set(next);
}

/** Picks a home to compare or takes it out; 'full' when COMPARE_MAX are picked already (nothing changes). */
export function toggleCompare(id: string): 'added' | 'removed' | 'full' {
  if (!isRecordId(id)) return 'full';
  const before = load();
  if (before.includes(id)) {
    save(before.filter((other) => other !== id));
    return 'removed';
  }
  if (before.length >= COMPARE_MAX) return 'full';
  save([...before, id]);
  return 'added';
}

export function clearCompare(): void {
  save([]);
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== COMPARE_STORAGE_KEY) return;
    current = null;
    load();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const EMPTY: readonly string[] = Object.freeze([]);

/** The picked ids (none on the server and in the hydrating render; read from storage before the first paint). */
export function useComparePicks(): readonly string[] {
  const picks = useSyncExternalStore(
    subscribe,
    () => current ?? EMPTY,
    () => EMPTY,
  );
  useLayoutEffect(() => {
    load();
  }, []);
  return picks;
}

/** Tests: forget the picks in memory (storage is read again). */
export function resetComparePicks(): void {
  current = null;
}
