/**
 * Favourites: the listings a visitor saved, kept in the browser with no account (localStorage), and the shortlist
 * as a link others can open (/favourites?ids=rec1,rec2). The listings remote keeps the list; the shell reads the
 * same key for the count in the navigation. Framework-free: ids in, ids out.
 */

/** The localStorage key: a JSON array of record ids, the most recently saved first. */
export const FAVOURITES_STORAGE_KEY = 'gta:favourites';

/** The page of the shortlist. */
export const FAVOURITES_PATH = '/favourites';

/** The most listings kept (and read from a shared link): a shortlist, not a copy of the listings. */
export const FAVOURITES_MAX = 100;

/** A record id as the records API writes it ('rec' and letters or digits); nothing else is kept or sent in a formula. */
const RECORD_ID = /^rec[A-Za-z0-9]{1,40}$/;

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID.test(value);
}

/** Record ids in their order, without duplicates or anything that is not one, at most FAVOURITES_MAX. */
export function cleanFavouriteIds(ids: readonly unknown[]): string[] {
  const kept: string[] = [];
  for (const id of ids) {
    if (isRecordId(id) && !kept.includes(id)) kept.push(id);
    if (kept.length >= FAVOURITES_MAX) break;
  }
  return kept;
}

/** The stored list (null, broken JSON or another shape reads as none). */
export function parseFavourites(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? cleanFavouriteIds(value) : [];
  } catch {
    return [];
  }
}

export function serialiseFavourites(ids: readonly string[]): string {
  return JSON.stringify(cleanFavouriteIds(ids));
}

/** The ids of a shared link's `ids=` parameter (comma-separated; spaces and unknown entries dropped). */
export function idsFromShareParam(param: string | null | undefined): string[] {
  if (!param) return [];
  return cleanFavouriteIds(param.split(',').map((s) => s.trim()));
}

/** The shortlist as a link (a path; the caller puts the origin in front): /favourites?ids=rec1,rec2. */
export function favouritesSharePath(ids: readonly string[]): string {
  const clean = cleanFavouriteIds(ids);
  // record ids are letters and digits: the commas stay readable in the link
  return clean.length === 0 ? FAVOURITES_PATH : `${FAVOURITES_PATH}?ids=${clean.join(',')}`;
}
