/**
 * Reads staff tables through airtable.js (spec 7, call 10) against the server's Airtable-shaped records API, a page
 * at a time (pageSize and the API's offset; a table of 22,000 rows is never read whole to show it), sorted and
 * filtered by the API (sort, filterByFormula). Only the CSV export reads every page. The count of a table comes from
 * the server's GET {api}/admin/count (Airtable has none).
 * No key is shipped: airtable.js insists on an apiKey, so it gets a placeholder; the authority is the staff session
 * cookie. airtable.js calls the browser's fetch without a `credentials` option, i.e. 'same-origin', and
 * /config.json gives an endpointUrl on the page's own origin, so the httpOnly cookie travels with every page request.
 */
import Airtable from 'airtable';
import { getRuntimeConfig } from '@gta/shared';
import type { FieldValue } from '@gta/shared/core';
import { DEFAULT_AUTH_BASE } from './authClient';
import type { Submission } from './submissions';

/** The placeholder key (the server ignores it for staff reads and answers 401 without a session). */
export const SESSION_API_KEY = 'staff-session';
/** Rows per request when reading every page (the API's largest page). */
const EXPORT_PAGE_SIZE = 100;

/** unauthorized: the session ended; expired: the page's offset is no longer valid (rows arrived); network; failed. */
export type RecordsErrorKind = 'unauthorized' | 'network' | 'expired' | 'failed';

export class RecordsError extends Error {
  constructor(
    message: string,
    readonly kind: RecordsErrorKind,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'RecordsError';
  }
}

interface AirtableErrorLike {
  error?: unknown;
  message?: unknown;
  statusCode?: unknown;
}

function toRecordsError(err: unknown, table: string): RecordsError {
  const e = (err ?? {}) as AirtableErrorLike;
  const status = typeof e.statusCode === 'number' ? e.statusCode : null;
  if (status === 401) return new RecordsError('Your staff session has ended. Please sign in again.', 'unauthorized', 401);
  if (e.error === 'CONNECTION_ERROR' || (status === null && err instanceof TypeError))
    return new RecordsError('Could not reach the server. Check your connection.', 'network', null);
  if (status === 422 && e.error === 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE')
    return new RecordsError('The table changed while you were paging through it.', 'expired', 422);
  if (status === 403) return new RecordsError(`This account may not read ${table}.`, 'failed', 403);
  if (status === 404) return new RecordsError(`The table ${table} was not found.`, 'failed', 404);
  const detail = typeof e.message === 'string' && e.message ? e.message : 'Unexpected error.';
  return new RecordsError(status ? `${detail} (HTTP ${status})` : detail, 'failed', status);
}

function base() {
  const { endpointUrl, baseId } = getRuntimeConfig().airtable;
  return new Airtable({ apiKey: SESSION_API_KEY, endpointUrl: endpointUrl.replace(/\/+$/, ''), requestTimeout: 60_000 }).base(baseId);
}

export interface ListQuery {
  sort?: readonly { field: string; direction: 'asc' | 'desc' }[];
  filterByFormula?: string;
}

export interface PageQuery extends ListQuery {
  pageSize: number;
  /** The API's offset for the page after the one it came with; none for the first page. */
  offset?: string;
}

export interface RecordsPage {
  records: Submission[];
  /** Present when more rows follow: pass it to read the next page. */
  offset?: string;
}

interface RawRecord {
  id?: unknown;
  createdTime?: unknown;
  fields?: unknown;
}

function toSubmission(raw: RawRecord): Submission {
  return {
    id: String(raw.id),
    createdTime: typeof raw.createdTime === 'string' ? raw.createdTime : undefined,
    fields: (raw.fields && typeof raw.fields === 'object' ? raw.fields : {}) as Record<string, FieldValue>,
  };
}

/** One page of a table (GET {table}?pageSize&offset&sort&filterByFormula, Airtable's list call). */
export async function listPage(table: string, query: PageQuery): Promise<RecordsPage> {
  const qs: Record<string, unknown> = { pageSize: query.pageSize };
  if (query.offset) qs.offset = query.offset;
  if (query.sort && query.sort.length > 0) qs.sort = query.sort;
  if (query.filterByFormula) qs.filterByFormula = query.filterByFormula;
  try {
    // airtable.js's select() can only start from the first page; makeRequest is its way to pass an offset
    const { body } = await base().makeRequest({ method: 'GET', path: `/${encodeURIComponent(table)}`, qs });
    const { records, offset } = (body ?? {}) as { records?: unknown; offset?: unknown };
    return {
      records: Array.isArray(records) ? (records as RawRecord[]).map(toSubmission) : [],
      ...(typeof offset === 'string' && offset ? { offset } : {}),
    };
  } catch (err) {
    throw toRecordsError(err, table);
  }
}

/** Every row of a table in the asked order and filter, following the pages to the end (the CSV export). */
export async function listAll(table: string, query: ListQuery = {}): Promise<Submission[]> {
  try {
    const records = await base()(table)
      .select({
        pageSize: EXPORT_PAGE_SIZE,
        ...(query.sort && query.sort.length > 0 ? { sort: query.sort.map((s) => ({ ...s })) } : {}),
        ...(query.filterByFormula ? { filterByFormula: query.filterByFormula } : {}),
      })
      .all();
    return records.map((r) => toSubmission({ id: r.id, createdTime: (r._rawJson as RawRecord | undefined)?.createdTime, fields: r.fields }));
  } catch (err) {
    throw toRecordsError(err, table);
  }
}

/** Where the count lives: beside the sign-in API (authBase `…/api/auth` gives `…/api/admin/count`). */
export function countUrl(): string {
  let authBase = DEFAULT_AUTH_BASE;
  try {
    authBase = getRuntimeConfig().authBase ?? DEFAULT_AUTH_BASE;
  } catch {
    // no runtime config yet: the default
  }
  return `${authBase.replace(/\/+$/, '').replace(/\/auth$/, '')}/admin/count`;
}

/**
 * How many rows a table has (those the formula keeps, when given). Null when the server cannot say (Airtable mode,
 * or the count failed: the pages still work without it). A 401 throws, as for the rows.
 */
export async function countRecords(table: string, filterByFormula?: string): Promise<number | null> {
  const params = new URLSearchParams({ table });
  if (filterByFormula) params.set('filterByFormula', filterByFormula);
  let res: Response;
  try {
    res = await fetch(`${countUrl()}?${params.toString()}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    return null;
  }
  if (res.status === 401) throw new RecordsError('Your staff session has ended. Please sign in again.', 'unauthorized', 401);
  if (!res.ok) return null;
  try {
    const body = (await res.json()) as { count?: unknown };
    return typeof body.count === 'number' && Number.isFinite(body.count) ? body.count : null;
  } catch {
    return null;
  }
}
