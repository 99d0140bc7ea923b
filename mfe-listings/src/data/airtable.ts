/**
 * The one place this remote talks to the records API: airtable.js pointed at the server's endpoint from the
 * runtime config. The browser holds no key ('public-read' only satisfies the client; the server decides).
 * airtable.js (11 KB of compressed JavaScript) is loaded with the first call, not with the page: a server-rendered
 * page comes with its listings, so its first load never needs it.
 */
import type Airtable from 'airtable';
import { getRuntimeConfig, PROPERTIES_TABLE, type PropertyRecord, type PropertyFields } from '@gta/shared';

/** airtable.js errors are plain objects ({ error, message, statusCode }), not Error instances. */
export function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (error && typeof error === 'object' && 'message' in error && typeof (error as { message: unknown }).message === 'string') {
    const { message, statusCode } = error as { message: string; statusCode?: number };
    return new Error(statusCode ? `${message} (HTTP ${statusCode})` : message);
  }
  return new Error(typeof error === 'string' ? error : 'Unknown error');
}

async function propertiesBase(): Promise<Airtable.Base> {
  const { default: AirtableClient } = await import(/* webpackChunkName: "airtable" */ 'airtable');
  const { endpointUrl, baseId } = getRuntimeConfig().airtable;
  return new AirtableClient({ apiKey: 'public-read', endpointUrl }).base(baseId);
}

/** One page of a list call: what the records API's GET {table} takes. */
export interface PageQuery {
  filterByFormula?: string;
  sort?: readonly { field: string; direction: 'asc' | 'desc' }[];
  /** Only these fields come back (a count needs none but one small field). */
  fields?: readonly string[];
  /** 1 to 100. */
  pageSize: number;
  /** The offset the previous page came with; none for the first page. */
  offset?: string;
  /** Ask the records API for the whole list's count with the page (its own parameter; see server/README.md). */
  returnCount?: boolean;
}

export interface RecordsPage {
  records: PropertyRecord[];
  /** Present when more records follow: the next page starts there. */
  offset?: string;
  /** How many records the whole list holds, when asked (returnCount) and answered. */
  count?: number;
}

/** airtable.js sends a list call as POST {table}/listRecords once its URL would pass this many characters (spec 7). */
export const URL_LENGTH_LIMIT = 15_000;

/** The list call's query string as airtable.js writes it (sort[0][field]=…, fields[]=…), for its length. */
function queryLength(qs: Record<string, unknown>): number {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(qs)) {
    if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        if (item && typeof item === 'object') for (const [k, v] of Object.entries(item)) parts.push(`${key}[${i}][${k}]=${encodeURIComponent(String(v))}`);
        else parts.push(`${key}[]=${encodeURIComponent(String(item))}`);
      });
    } else parts.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&').length;
}

/** The answer of a list call, read defensively (the module edge). */
function toRecordsPage(body: unknown): RecordsPage {
  const { records, offset, count } = (body ?? {}) as { records?: unknown; offset?: unknown; count?: unknown };
  const list = Array.isArray(records) ? (records as { id?: unknown; fields?: unknown }[]) : [];
  return {
    records: list
      .filter((r) => r && typeof r.id === 'string')
      .map((r) => ({ id: r.id as string, fields: (r.fields && typeof r.fields === 'object' ? r.fields : {}) as PropertyFields })),
    ...(typeof offset === 'string' && offset ? { offset } : {}),
    ...(typeof count === 'number' && Number.isInteger(count) && count >= 0 ? { count } : {}),
  };
}

/**
 * One page of Properties from the records API, in the asked order, from an offset. airtable.js's select() can only
 * start at the first page, so this goes through its makeRequest (as the admin's tables do), with its URL rule: a
 * query too long for a URL goes as POST {table}/listRecords with the same parameters as JSON.
 */
export async function listPropertyPage(query: PageQuery): Promise<RecordsPage> {
  const qs: Record<string, unknown> = { pageSize: query.pageSize };
  if (query.offset) qs.offset = query.offset;
  if (query.filterByFormula) qs.filterByFormula = query.filterByFormula;
  if (query.sort && query.sort.length > 0) qs.sort = query.sort.map((s) => ({ field: s.field, direction: s.direction }));
  if (query.fields && query.fields.length > 0) qs.fields = [...query.fields];
  if (query.returnCount) qs.returnCount = true;
  const path = `/${encodeURIComponent(PROPERTIES_TABLE)}`;
  try {
    const base = await propertiesBase();
    const { body } =
      path.length + 1 + queryLength(qs) > URL_LENGTH_LIMIT
        ? await base.makeRequest({ method: 'POST', path: `${path}/listRecords`, body: qs })
        : await base.makeRequest({ method: 'GET', path, qs });
    return toRecordsPage(body);
  } catch (error) {
    if (query.offset && error && typeof error === 'object' && (error as { error?: unknown }).error === 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE') {
      throw new ExpiredOffsetError(toError(error).message);
    }
    throw toError(error);
  }
}

/** The records API no longer knows an offset (Airtable's expire; the list changed): read the list again from its start. */
export class ExpiredOffsetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpiredOffsetError';
  }
}
