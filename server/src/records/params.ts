/** Reads list parameters from a query string (airtable.js GET) or a JSON body (POST .../listRecords). */
import type { CellOptions } from './cells';
import type { ListQuery, SortSpec } from './query';
import { errors } from './errors';

function toBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw errors.invalidRequest(`${name} must be true or false`);
}

function toText(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw errors.invalidRequest(`${name} must be text`);
  return value;
}

function toCellFormat(value: unknown): 'json' | 'string' | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'json' || value === 'string') return value;
  throw errors.invalidRequest('cellFormat must be "json" or "string"');
}

/**
 * cellFormat, timeZone, userLocale, returnFieldsByFieldId from a query string (GET, and POST listRecords, where
 * airtable.js sends timeZone and userLocale in the URL) or a JSON body. Absent ones are left out.
 */
export function cellOptionsFrom(source: { get(name: string): unknown }): CellOptions {
  const options: CellOptions = {};
  const cellFormat = toCellFormat(source.get('cellFormat'));
  const timeZone = toText(source.get('timeZone'), 'timeZone');
  const userLocale = toText(source.get('userLocale'), 'userLocale');
  const byId = toBoolean(source.get('returnFieldsByFieldId'), 'returnFieldsByFieldId');
  if (cellFormat !== undefined) options.cellFormat = cellFormat;
  if (timeZone !== undefined) options.timeZone = timeZone;
  if (userLocale !== undefined) options.userLocale = userLocale;
  if (byId !== undefined) options.returnFieldsByFieldId = byId;
  return options;
}

function toInteger(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0) throw errors.invalidRequest(`${name} must be a whole number`);
  return n;
}

function toDirection(value: unknown): 'asc' | 'desc' | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'asc' || value === 'desc') return value;
  throw errors.invalidRequest('sort direction must be "asc" or "desc"');
}

/** GET parameters: filterByFormula, maxRecords, pageSize (or the legacy limit), offset, sort[i][field|direction], fields[]. */
export function queryFromSearchParams(params: URLSearchParams): ListQuery {
  const sortByIndex = new Map<number, { field?: string; direction?: string }>();
  const fields: string[] = [];
  for (const [key, value] of params) {
    const m = /^sort\[(\d+)\]\[(field|direction)\]$/.exec(key);
    if (m) {
      const i = Number(m[1]);
      const entry = sortByIndex.get(i) ?? {};
      entry[m[2] as 'field' | 'direction'] = value;
      sortByIndex.set(i, entry);
    } else if (key === 'fields[]' || /^fields\[\d+\]$/.test(key)) fields.push(value);
  }
  const sort: SortSpec[] = [...sortByIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, s]) => {
      if (!s.field) throw errors.invalidRequest('each sort needs a field');
      return { field: s.field, direction: toDirection(s.direction) };
    });
  const query: ListQuery = {
    filterByFormula: params.get('filterByFormula') ?? undefined,
    maxRecords: toInteger(params.get('maxRecords'), 'maxRecords'),
    pageSize: toInteger(params.get('pageSize') ?? params.get('limit'), 'pageSize'),
    offset: params.get('offset') || undefined,
  };
  const returnCount = toBoolean(params.get('returnCount'), 'returnCount');
  if (returnCount !== undefined) query.returnCount = returnCount;
  if (sort.length > 0) query.sort = sort;
  if (fields.length > 0) query.fields = fields;
  const view = toText(params.get('view'), 'view');
  if (view !== undefined) query.view = view;
  return { ...query, ...cellOptionsFrom(params) };
}

/**
 * POST listRecords body: the same parameters as JSON (sort as [{field, direction}], fields as an array);
 * `urlParams` carries timeZone and userLocale, which airtable.js leaves in the URL.
 */
export function queryFromBody(body: unknown, urlParams: URLSearchParams = new URLSearchParams()): ListQuery {
  const fromUrl = cellOptionsFrom(urlParams);
  if (body === undefined) return fromUrl;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.invalidRequest('the body must be a JSON object');
  const b = body as Record<string, unknown>;
  const query: ListQuery = {};
  if (b.filterByFormula !== undefined) {
    if (typeof b.filterByFormula !== 'string') throw errors.invalidRequest('filterByFormula must be text');
    query.filterByFormula = b.filterByFormula;
  }
  query.maxRecords = toInteger(b.maxRecords, 'maxRecords');
  query.pageSize = toInteger(b.pageSize, 'pageSize');
  if (b.offset !== undefined && b.offset !== null) query.offset = String(b.offset);
  if (b.sort !== undefined) {
    if (!Array.isArray(b.sort)) throw errors.invalidRequest('sort must be an array');
    query.sort = b.sort.map((s: unknown) => {
      if (!s || typeof s !== 'object' || typeof (s as { field?: unknown }).field !== 'string') throw errors.invalidRequest('each sort needs a field');
      return { field: (s as { field: string }).field, direction: toDirection((s as { direction?: unknown }).direction) };
    });
  }
  if (b.fields !== undefined) {
    if (!Array.isArray(b.fields) || !b.fields.every((f): f is string => typeof f === 'string')) throw errors.invalidRequest('fields must be an array of names');
    query.fields = b.fields;
  }
  const view = toText(b.view, 'view');
  if (view !== undefined) query.view = view;
  const returnCount = toBoolean(b.returnCount ?? urlParams.get('returnCount'), 'returnCount');
  if (returnCount !== undefined) query.returnCount = returnCount;
  const fromBody = cellOptionsFrom({ get: (name) => b[name] });
  return { ...query, ...fromUrl, ...fromBody };
}
