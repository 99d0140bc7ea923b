/**
 * The records API's page offsets (the `offset` of a list answer, given back for the next page).
 */
import type { StoredRecord } from '../store/store';
import { errors } from './errors';

/** Offsets are opaque to callers: `itr<position>/<last record id>`; a stale one is refused, never misread. */
export function encodeOffset(position: number, lastId: string): string {
  return `itr${position.toString(36)}/${lastId}`;
}

export function decodeOffset(offset: string, ordered: readonly StoredRecord[]): number {
  const m = /^itr([0-9a-z]+)\/(rec[A-Za-z0-9]+)$/.exec(offset);
  if (!m) throw errors.invalidOffset();
  const position = parseInt(m[1] as string, 36);
  if (!Number.isFinite(position) || position <= 0 || position > ordered.length) throw errors.invalidOffset();
  if (ordered[position - 1]?.id !== m[2]) throw errors.invalidOffset();
  return position;
}
