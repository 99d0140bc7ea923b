/**
 * The ids Airtable gives fields and views, made stable here: the same on every server and every start.
 */
import crypto from 'node:crypto';
import { errors } from './errors';

/** The one view every table has, as a new Airtable table does: every record, oldest first. */
export const DEFAULT_VIEW = 'Grid view';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A stable 14-character id body (Airtable ids are a 3-letter prefix and 14 characters) from a SHA-256 of `parts`. */
function stableId(prefix: string, ...parts: string[]): string {
  const digest = crypto.createHash('sha256').update(parts.join('\u0000')).digest();
  let id = prefix;
  for (let i = 0; i < 14; i++) id += ID_ALPHABET[(digest[i] as number) % ID_ALPHABET.length];
  return id;
}

/** A field's id: `fld` + 14 characters of SHA-256("<table>\0<field name>"): the same on every server and every start. */
export function fieldIdOf(table: string, field: string): string {
  return stableId('fld', table, field);
}

/** The id of a table's "Grid view": `viw` + 14 characters of SHA-256("<table>\0view\0Grid view"). */
export function viewIdOf(table: string): string {
  return stableId('viw', table, 'view', DEFAULT_VIEW);
}

/** A view given by name or id must be the table's Grid view; anything else is Airtable's 422 VIEW_NAME_NOT_FOUND. */
export function checkView(table: string, view: string | undefined): void {
  if (view === undefined || view === DEFAULT_VIEW || view === viewIdOf(table)) return;
  throw errors.viewNotFound(view);
}
