/**
 * The Airtable-compatible records API at /api/airtable/v0/{baseId}/{table}, answering airtable.js unchanged:
 *   GET    .../{table}[/]?filterByFormula&sort[0][field]&sort[0][direction]&fields[]&maxRecords&pageSize&offset&view
 *                             &cellFormat&timeZone&userLocale&returnFieldsByFieldId
 *   POST   .../{table}/listRecords   the same parameters as JSON (timeZone/userLocale may stay in the URL)
 *   GET    .../{table}/{recordId}
 *   POST   .../{table}[/]            create, with optional typecast: only with the server-to-server token (RECORDS_API_TOKEN)
 *   PATCH  .../{table}[/]            update up to 10 records {records: [{id, fields}], typecast?}; PATCH .../{table}/{recordId}
 *                                     one {fields, typecast?}: the fields given change, the others stay (a null clears one).
 *   PUT    the same shapes: the fields given replace all of the record's. Both with the server token or a staff
 *                                     session (no CORS: never from another site), all or nothing, Airtable's answers.
 *   OPTIONS                           CORS preflight: reads of Properties only
 * Access: anyone may read Properties, from any site (Access-Control-Allow-Origin: *), with the list queries the site's
 * own pages send (publicQuery.ts: anything else is 422); other tables, and any formula, need a staff session (or the
 * server token), and get no CORS headers; nobody writes from the browser. An unknown table is 404
 * for everyone (REVEALED_STAFF_TABLES). In Airtable mode reads of the synced public tables (Properties) are answered from
 * the store's copy (src/records/sync) exactly as in local mode; staff tables and writes are forwarded to the team's base
 * with the server-held token, within the fleet-wide budget, and a write's answer updates the copy at once.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROPERTIES_TABLE, STAFF_TABLE_NAMES } from '@gta/shared/core';
import type { ServerConfig } from '../config';
import { isProxyMode } from '../config';
import type { RequestContext, Router } from '../http/router';
import { BodyTooLargeError, readBody, sendJson } from '../http/respond';
import { sendBody } from '../http/static';
import { PRIVATE_NO_STORE, publicCacheControl, strongEtag } from '../http/cachePolicy';
import { AIRTABLE_API_PATH } from '../http/paths';
import type { Counters, Fields, RecordUpdate } from '../store/store';
import { ApiError, errors } from './errors';
import { cellOptionsFrom, queryFromBody, queryFromSearchParams } from './params';
import { checkCellOptions, presentFields } from './cells';
import { fieldTypeOf } from './fieldTypes';
import type { RecordsService } from './query';
import { castValue } from './typecast';
import { TokenBucketLimiter } from '../http/rateLimit';
import { forwardToAirtable } from './proxy';
import type { AirtableSync } from './sync/airtableSync';
import type { AirtableGateway } from './sync/gateway';
import { checkPublicListQuery } from './publicQuery';
import { withPublicPhotos } from '../media/listingPhotos';

export const LIST_BODY_LIMIT = 2 * 1024 * 1024;
export const CREATE_BODY_LIMIT = 256 * 1024;
/** Airtable's limit of records per create or update request. */
export const MAX_RECORDS_PER_WRITE = 10;
const RECORD_ID = /^rec[A-Za-z0-9]{1,40}$/;
const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface RecordsApiDeps {
  config: ServerConfig;
  records: RecordsService;
  isStaff: (req: IncomingMessage) => Promise<boolean>;
  /** Where the rate-limit buckets live (shared by replicas on PostgreSQL). */
  counters: Counters;
  /** Airtable mode: the synced copy of the public tables, which answers their reads (src/records/sync). */
  sync?: Pick<AirtableSync, 'syncs' | 'whenCopy' | 'applyWritten'>;
  /** Airtable mode: what reaches the base (staff reads of their tables, every write) goes through the fleet-wide budget. */
  gateway?: AirtableGateway;
}

/** How long a read of a synced table waits for the first copy (a replica just started) before 503. */
export const COPY_WAIT_MS = 10_000;

type Access = 'public' | 'staff' | 'server';

/**
 * Tables a visitor without a session is told exist (401 instead of 404): the ones the site's own code already names
 * (STAFF_TABLE_NAMES: the submission tables and the assistant's Chat Leads, whose names ship in the browser's admin
 * part; a 401 is also what sends staff whose session ended back to the sign-in). Any other name, existing or not (a
 * table made with the server token), is 404 TABLE_NOT_FOUND for them, so the API reveals nothing the site does not.
 */
export const REVEALED_STAFF_TABLES: ReadonlySet<string> = new Set(STAFF_TABLE_NAMES);

/** Cross-origin reads are allowed for the public table only: GET list/record and POST listRecords. */
function isPublicRead(table: string, method: string, rest: string): boolean {
  if (table !== PROPERTIES_TABLE) return false;
  if (method === 'GET' || method === 'HEAD') return rest === '' || rest === 'listRecords' || /^rec[A-Za-z0-9]+$/.test(rest);
  return method === 'POST' && rest === 'listRecords';
}

const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const m = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return m?.[1]?.trim();
}

function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function sendError(res: ServerResponse, err: ApiError): void {
  sendJson(res, err.status, err.body(), err.headers);
}

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  let raw: Buffer;
  try {
    raw = await readBody(req, limit);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw errors.requestTooLarge();
    throw err;
  }
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw errors.invalidRequest('the body is not valid JSON');
  }
}

/** Parses `/api/airtable/v0/{base}/{table}[/{rest}]` from the raw (still encoded) path. */
export function parseRecordsPath(pathname: string): { base: string; table: string; rest: string; rawTable: string } | null {
  const prefix = `${AIRTABLE_API_PATH}/v0/`;
  if (!pathname.startsWith(prefix)) return null;
  const parts = pathname.slice(prefix.length).split('/');
  const [base, rawTable, ...rest] = parts;
  if (!base || !rawTable) return null;
  let table: string;
  try {
    table = decodeURIComponent(rawTable);
  } catch {
    return null;
  }
  return { base, table, rawTable, rest: rest.join('/') };
}

export function registerRecordsApi(router: Router, deps: RecordsApiDeps): void {
  const { config, records } = deps;
  const limiter = new TokenBucketLimiter(deps.counters, config.recordsRateLimit, Math.max(1, config.recordsRateLimit * 2));
  const proxy = isProxyMode(config);
  const baseId = proxy ? (config.airtableBaseId as string) : config.localBaseId;

  // reads of the public table may be kept by a CDN (the same answer for everyone); any other table's never
  const publicCache = publicCacheControl({ airtableMode: proxy, syncIntervalMs: config.airtableSyncIntervalMs });
  const cacheControlOf = (table: string): string => (table === PROPERTIES_TABLE ? publicCache : PRIVATE_NO_STORE);

  const accessOf = async (req: IncomingMessage): Promise<Access> => {
    if (tokenMatches(bearer(req), config.recordsApiToken)) return 'server';
    return (await deps.isStaff(req)) ? 'staff' : 'public';
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<void> => {
    try {
      const method = (req.method ?? 'GET').toUpperCase();
      const parsed = parseRecordsPath(ctx.url.pathname);
      if (!parsed) throw errors.notFound();
      // the public table may be read from any site (no cookies: a wildcard origin never carries them)
      if (isPublicRead(parsed.table, method, parsed.rest)) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
      }
      const access = await accessOf(req);
      const wait = access === 'server' ? 0 : await limiter.take(ctx.clientIp);
      if (wait > 0) throw errors.tooManyRequests(wait);
      if (parsed.base !== baseId) throw errors.notFound(`Could not find base ${parsed.base}`);

      const isList =
        ((method === 'GET' || method === 'HEAD') && (parsed.rest === '' || parsed.rest === 'listRecords')) ||
        (method === 'POST' && parsed.rest === 'listRecords');
      const isRead = isList || ((method === 'GET' || method === 'HEAD') && /^rec[A-Za-z0-9]+$/.test(parsed.rest));
      const isCreate = method === 'POST' && parsed.rest === '';
      const isUpdate = (method === 'PATCH' || method === 'PUT') && (parsed.rest === '' || RECORD_ID.test(parsed.rest));
      if (!isRead && !isCreate && !isUpdate) {
        if (['PATCH', 'PUT', 'DELETE'].includes(method)) throw errors.invalidPermissions('Records cannot be deleted through this API.');
        throw errors.notFound();
      }
      if (isCreate && access !== 'server') {
        throw errors.invalidPermissions('Records cannot be written through this API from the browser. Forms post to the webhook receivers.');
      }
      if (isUpdate && access === 'public') {
        // a staff table's name is only confirmed to a session; Properties is public anyway
        if (parsed.table !== PROPERTIES_TABLE && !REVEALED_STAFF_TABLES.has(parsed.table)) throw errors.tableNotFound(parsed.table, parsed.base);
        throw errors.invalidPermissions('Records cannot be changed through this API from the browser without a staff session.');
      }
      if (isRead && parsed.table !== PROPERTIES_TABLE && access === 'public') {
        // an unknown table is 404 for everyone; a staff table the site already names asks for a session
        if (!proxy && REVEALED_STAFF_TABLES.has(parsed.table) && (await records.hasTable(parsed.table))) throw errors.authenticationRequired();
        if (proxy && REVEALED_STAFF_TABLES.has(parsed.table)) throw errors.authenticationRequired();
        throw errors.tableNotFound(parsed.table, parsed.base);
      }

      // Airtable mode: reads of the synced (public) tables are answered from the store's copy, by the same engine as
      // local mode, for visitors and staff alike; staff tables and every write go to the base, within the budget
      const sync = proxy && isRead && deps.sync?.syncs(parsed.table) ? deps.sync : undefined;
      if (sync && !(await sync.whenCopy(COPY_WAIT_MS)))
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The listings are being read from the team base; try again in a few seconds.', { 'Retry-After': '5' });
      if (proxy && !sync) {
        const body =
          method === 'POST' || isUpdate
            ? await readBody(req, isCreate || isUpdate ? CREATE_BODY_LIMIT : LIST_BODY_LIMIT).catch((err: unknown) => {
                if (err instanceof BodyTooLargeError) throw errors.requestTooLarge();
                throw err;
              })
            : undefined;
        const request = {
          method,
          path: `/v0/${encodeURIComponent(baseId)}/${parsed.rawTable}${parsed.rest ? `/${parsed.rest}` : ''}`,
          search: ctx.url.search,
          body,
        };
        const upstream = deps.gateway ? await deps.gateway.send(request, { priority: 'staff', maxWaitMs: 10_000 }) : await forwardToAirtable(config, request);
        res.writeHead(upstream.status, {
          'Content-Type': upstream.contentType,
          'Cache-Control': 'no-store',
          ...(upstream.retryAfter ? { 'Retry-After': upstream.retryAfter } : {}),
        });
        res.end(upstream.body);
        if ((isCreate || isUpdate) && upstream.status >= 200 && upstream.status < 300) {
          // the copy takes Airtable's answer at once (the next page staff open shows the change), and a sync follows
          await deps.sync?.applyWritten(parsed.table, upstream.body);
          records.written(parsed.table);
        }
        return;
      }

      if (!(await records.hasTable(parsed.table))) throw errors.tableNotFound(parsed.table, parsed.base);

      if (isCreate) {
        if (records.isDerived(parsed.table)) throw errors.invalidPermissions(`${parsed.table} is kept by the server and cannot be written through this API.`);
        const body = await readJson(req, CREATE_BODY_LIMIT);
        await sendCreated(res, parsed.table, body, records);
        records.written(parsed.table);
        return;
      }
      if (isUpdate) {
        if (records.isDerived(parsed.table)) throw errors.invalidPermissions(`${parsed.table} is kept by the server and cannot be written through this API.`);
        const body = await readJson(req, CREATE_BODY_LIMIT);
        await sendUpdated(res, parsed.table, parsed.rest || null, body, method === 'PUT', records);
        records.written(parsed.table);
        return;
      }
      if (isList) {
        const query =
          method === 'POST' ? queryFromBody(await readJson(req, LIST_BODY_LIMIT), ctx.url.searchParams) : queryFromSearchParams(ctx.url.searchParams);
        // an anonymous caller gets the site's own query shapes only (publicQuery.ts); staff and the server token, the whole engine
        if (access === 'public') checkPublicListQuery(query);
        // the filter lanes take a few filters per client address (the server's own render on loopback excepted), and
        // pace and stop on time the formulas only staff and the server token may send
        if (access !== 'server' && !LOOPBACK.has(ctx.clientIp)) query.caller = ctx.clientIp;
        if (access !== 'public') query.anyFormula = true;
        query.request = true;
        if (!isVisitorPhotos(parsed.table, access)) {
          sendRecords(req, res, await records.list(parsed.table, query), method === 'POST' ? PRIVATE_NO_STORE : cacheControlOf(parsed.table));
          return;
        }
        // a visitor's photos at the site's URLs: rewritten on the stored values, then presented as asked (string, ids)
        checkCellOptions(query);
        const listed = await records.list(parsed.table, { ...query, cellFormat: undefined, returnFieldsByFieldId: undefined });
        const presented = listed.records.map((r) => ({ ...r, fields: presentFields(parsed.table, withPublicPhotos(r, records).fields, query) }));
        sendRecords(req, res, { ...listed, records: presented }, method === 'POST' ? PRIVATE_NO_STORE : cacheControlOf(parsed.table));
        return;
      }
      const cell = cellOptionsFrom(ctx.url.searchParams);
      checkCellOptions(cell);
      const record = await records.find(parsed.table, parsed.rest);
      if (!record) throw errors.notFound(`Could not find record ${parsed.rest}`);
      const fields = isVisitorPhotos(parsed.table, access) ? withPublicPhotos(record, records).fields : record.fields;
      sendRecords(req, res, { ...record, fields: presentFields(parsed.table, fields, cell) }, cacheControlOf(parsed.table));
    } catch (err) {
      if (err instanceof ApiError) {
        sendError(res, err);
        return;
      }
      throw err;
    }
  };

  router.route(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], `${AIRTABLE_API_PATH}/v0/*`, handle);
  // CORS preflight: allowed for reads of the public table; anything else gets no CORS headers (the browser stops it)
  router.route('OPTIONS', `${AIRTABLE_API_PATH}/v0/*`, (req, res, ctx) => {
    const parsed = parseRecordsPath(ctx.url.pathname);
    const asked = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
    const askedHeaders = String(req.headers['access-control-request-headers'] ?? '').trim();
    if (!parsed || parsed.base !== baseId || !isPublicRead(parsed.table, asked, parsed.rest) || (askedHeaders !== '' && !HEADER_LIST.test(askedHeaders))) {
      sendError(res, errors.invalidPermissions('Only the Properties table can be read from another site.'));
      return;
    }
    res.writeHead(204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST',
      ...(askedHeaders ? { 'Access-Control-Allow-Headers': askedHeaders } : {}),
      'Access-Control-Max-Age': '600',
      Vary: 'Access-Control-Request-Method, Access-Control-Request-Headers',
    });
    res.end();
  });
  router.route(['GET', 'POST'], `${AIRTABLE_API_PATH}/*`, (_req, res) => sendJson(res, 404, { error: 'NOT_FOUND' }));
}

async function sendCreated(res: ServerResponse, table: string, body: unknown, records: RecordsService): Promise<void> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.invalidRequest('the body must be a JSON object');
  const b = body as { fields?: unknown; records?: unknown; typecast?: unknown };
  if (b.typecast !== undefined && typeof b.typecast !== 'boolean') throw errors.invalidRequest('typecast must be true or false');
  const typecast = b.typecast === true;
  const many = Array.isArray(b.records);
  const list: unknown[] = many
    ? (b.records as unknown[]).map((r) => (r && typeof r === 'object' ? (r as { fields?: unknown }).fields : undefined))
    : [b.fields];
  if (list.length === 0 || list.length > 10) throw errors.invalidRequest('send 1 to 10 records');
  const known = await records.fieldNames(table);
  // every value is checked (and with typecast converted) before anything is stored: all or nothing
  const fieldsList: Fields[] = list.map((fields) => {
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw errors.invalidRequest('each record needs a fields object');
    const out: Fields = {};
    for (const [name, value] of Object.entries(fields as Fields)) {
      if (!known.has(name)) throw errors.unknownField(name);
      out[name] = castValue(name, fieldTypeOf(table, name), value, typecast);
    }
    return out;
  });
  const created = (await records.store.createRecords(table, fieldsList)).map((r) => ({ id: r.id, createdTime: r.createdTime, fields: r.fields }));
  sendJson(res, 200, many ? { records: created } : created[0]);
}

/**
 * PATCH / PUT: `recordId` given, the body is one record's {fields, typecast?}; else {records: [{id, fields}], typecast?}
 * with 1 to 10 records. Every value is checked (and with typecast converted) before anything changes, then all change
 * in one transaction. An id not in the table: 404 for the one-record form, 422 ROW_DOES_NOT_EXIST for a list.
 */
async function sendUpdated(
  res: ServerResponse,
  table: string,
  recordId: string | null,
  body: unknown,
  replace: boolean,
  records: RecordsService,
): Promise<void> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.invalidRequest('the body must be a JSON object');
  const b = body as { fields?: unknown; records?: unknown; typecast?: unknown; performUpsert?: unknown; returnFieldsByFieldId?: unknown };
  if (b.typecast !== undefined && typeof b.typecast !== 'boolean') throw errors.invalidRequest('typecast must be true or false');
  if (b.performUpsert !== undefined) throw errors.invalidRequest('performUpsert is not supported here');
  if (b.returnFieldsByFieldId !== undefined && b.returnFieldsByFieldId !== false)
    throw errors.invalidRequest('returnFieldsByFieldId is not supported on updates');
  const typecast = b.typecast === true;
  let list: { id: unknown; fields: unknown }[];
  if (recordId !== null) {
    if (b.records !== undefined) throw errors.invalidRequest('send fields for one record, or records without a record id in the path');
    list = [{ id: recordId, fields: b.fields }];
  } else {
    if (!Array.isArray(b.records)) throw errors.invalidRequest('records must be a list of {id, fields}');
    list = (b.records as unknown[]).map((r) =>
      r && typeof r === 'object' && !Array.isArray(r)
        ? { id: (r as { id?: unknown }).id, fields: (r as { fields?: unknown }).fields }
        : { id: undefined, fields: undefined },
    );
  }
  if (list.length === 0 || list.length > MAX_RECORDS_PER_WRITE) throw errors.invalidRequest(`send 1 to ${MAX_RECORDS_PER_WRITE} records`);
  const known = await records.fieldNames(table);
  const updates: RecordUpdate[] = list.map(({ id, fields }) => {
    if (typeof id !== 'string' || !RECORD_ID.test(id)) throw errors.invalidRequest('each record needs the id of a record (rec…)');
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw errors.invalidRequest('each record needs a fields object');
    const out: Fields = {};
    for (const [name, value] of Object.entries(fields as Fields)) {
      if (!known.has(name)) throw errors.unknownField(name);
      out[name] = castValue(name, fieldTypeOf(table, name), value, typecast);
    }
    return { id, fields: out };
  });
  const updated = await records.store.updateRecords(table, updates, replace);
  if (!updated) {
    if (recordId !== null) throw errors.notFound(`Could not find record ${recordId}`);
    const have = new Set((await records.store.all(table)).map((r) => r.id));
    const missing = updates.find((u) => !have.has(u.id))?.id ?? '';
    throw errors.rowDoesNotExist(missing);
  }
  const answer = updated.map((r) => ({ id: r.id, createdTime: r.createdTime, fields: r.fields }));
  sendJson(res, 200, recordId !== null ? answer[0] : { records: answer });
}

/**
 * What a visitor reads of Properties: each photo at the site's own URL (src/media/listingPhotos.ts), never Airtable's
 * expiring one or a 5 MB original. Staff (the admin edits Photos) and the server token get the attachments as stored.
 */
function isVisitorPhotos(table: string, access: Access): boolean {
  return table === PROPERTIES_TABLE && access === 'public';
}

/**
 * A read answer, brotli/gzip-compressed when the client accepts it (the full Properties list is ~230 KB of JSON, ~10x
 * smaller compressed), with a strong ETag (304 to a matching If-None-Match) and the table's caching (cachePolicy.ts).
 */
function sendRecords(req: IncomingMessage, res: ServerResponse, body: unknown, cacheControl: string): void {
  const buffer = Buffer.from(JSON.stringify(body));
  sendBody(req, res, buffer, { contentType: 'application/json; charset=utf-8', cacheControl, etag: strongEtag(buffer) });
}
