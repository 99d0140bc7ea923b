/**
 * The listings a visitor opened recently: their record ids in the browser's localStorage, newest first, each once,
 * at most RECENTLY_VIEWED_MAX. Nothing leaves the browser but the ids asked of the records API to show them; a
 * listing the API no longer has is skipped and forgotten. A property page adds its listing when it is shown.
 */
import { useSyncExternalStore } from 'react';
import { listPropertyPage } from '../data/airtable';
import { toListing, type Listing } from '../data/listing';
import { formulaString } from '@gta/shared/listing-search';

export const RECENTLY_VIEWED_KEY = 'gta/listings/recently-viewed';
export const RECENTLY_VIEWED_MAX = 8;

/** An Airtable record id (rec + letters and digits): anything else in the storage is dropped, never sent. */
const RECORD_ID = /^rec[A-Za-z0-9]{1,32}$/;

const NONE: readonly string[] = Object.freeze([]);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (a privacy setting): nothing is remembered
  }
}

/** The ids a stored value holds: valid ids, each once, in order, at most RECENTLY_VIEWED_MAX. */
export function parseRecentlyViewed(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is string => typeof v === 'string' && RECORD_ID.test(v));
  return [...new Set(ids)].slice(0, RECENTLY_VIEWED_MAX);
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(RECENTLY_VIEWED_KEY) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function write(ids: readonly string[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (ids.length === 0) store.removeItem(RECENTLY_VIEWED_KEY);
    else store.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(ids));
  } catch {
    // full or refused: the list is not remembered this time
  }
  listeners.forEach((listener) => listener());
}

/** The ids, newest first. */
export function readRecentlyViewed(): string[] {
  return parseRecentlyViewed(readRaw());
}

/** The visitor opened this listing: it goes first (once), the oldest beyond RECENTLY_VIEWED_MAX drop off. */
export function recordRecentlyViewed(id: string): void {
  if (!RECORD_ID.test(id)) return;
  const before = readRecentlyViewed();
  if (before[0] === id) return;
  write([id, ...before.filter((other) => other !== id)].slice(0, RECENTLY_VIEWED_MAX));
}

/** Forgets these ids (listings the records API no longer has). */
export function forgetRecentlyViewed(ids: readonly string[]): void {
  const before = readRecentlyViewed();
  const after = before.filter((id) => !ids.includes(id));
  if (after.length !== before.length) write(after);
}

/** Forgets them all (the visitor's 'Clear'). */
export function clearRecentlyViewed(): void {
  write([]);
}

let cache: { raw: string | null; ids: readonly string[] } = { raw: null, ids: NONE };

function snapshot(): readonly string[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, ids: Object.freeze(parseRecentlyViewed(raw)) };
  return cache.ids;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab opened a listing, or cleared the list
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENTLY_VIEWED_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The ids, newest first, kept up to date (this tab and others). The server and the hydrating render see none: the
 * server cannot read the visitor's storage, so what depends on it is drawn just after hydration.
 */
export function useRecentlyViewedIds(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}

/** The formula that finds these records: OR(RECORD_ID() = "rec…", …); each id checked and quoted. */
export function recordIdsFormula(ids: readonly string[]): string {
  const valid = ids.filter((id) => RECORD_ID.test(id));
  return `OR(${valid.map((id) => `RECORD_ID() = ${formulaString(id)}`).join(', ')})`;
}

/**
 * The listings of these ids, in the ids' order; those the records API no longer has are skipped and forgotten.
 * One request (at most 8 ids, one page).
 */
export async function loadRecentlyViewed(ids: readonly string[]): Promise<Listing[]> {
  if (ids.length === 0) return [];
  const page = await listPropertyPage({ filterByFormula: recordIdsFormula(ids), pageSize: RECENTLY_VIEWED_MAX });
  const byId = new Map(page.records.map((record) => [record.id, toListing(record)]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) forgetRecentlyViewed(missing);
  return ids.flatMap((id) => byId.get(id) ?? []);
}
