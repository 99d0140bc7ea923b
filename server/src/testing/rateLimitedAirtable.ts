/**
 * A fake Airtable base on loopback for tests, answering as Airtable's Web API documents it and keeping its rate limit:
 *  - GET  /v0/{base}/{table}?pageSize&offset&maxRecords&fields[]&filterByFormula   list: {records: [{id, createdTime,
 *         fields}], offset?} in creation order, 100 a page at most; filterByFormula only `{Field} = 'text'` (the
 *         outbox's look-up of a submission), anything else 422 INVALID_FILTER_BY_FORMULA;
 *  - GET  /v0/{base}/{table}/{recordId}                                      one record, or 404 NOT_FOUND;
 *  - POST /v0/{base}/{table}  {fields, typecast} or {records: [{fields}]}    create: the record(s) as stored;
 *  - PATCH/PUT /v0/{base}/{table}/{recordId} {fields}, or /v0/{base}/{table} {records: [{id, fields}]}: update;
 *  - a Bearer token other than the base's: 401 AUTHENTICATION_REQUIRED; another base: 404.
 *  - The rate limit: more than `perSecond` requests (default 5) in any second answers 429
 *    {"errors":[{"error":"RATE_LIMIT_REACHED"}]}, and the base then answers every request 429 for `penaltyMs` (30 s).
 *  - `unreachable = true`: every connection is dropped before an answer (a base that cannot be reached).
 *  - Webhooks (`webhooks: true`; else 403 INVALID_PERMISSIONS, a token without webhook:manage): POST
 *    /v0/bases/{base}/webhooks {notificationUrl, specification} answers {id, macSecretBase64, expirationTime};
 *    POST …/webhooks/{id}/refresh {expirationTime}; GET …/webhooks/{id}/payloads?cursor=n {payloads, cursor,
 *    mightHaveMore}. Every add/edit/remove (and create/update through the API) makes a payload
 *    (changedTablesById.{tbl}.createdRecordsById / changedRecordsById / destroyedRecordIds) and pings the
 *    notification URL with {base, webhook, timestamp} and X-Airtable-Content-MAC, as Airtable does.
 *    filterByFormula also reads OR(RECORD_ID()='rec…', …), what a reader of the payloads asks.
 * Every request is recorded (`requests`), with the time it arrived and the status it got.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FieldValue } from '@gta/shared/core';

export interface BaseRecord {
  id: string;
  createdTime: string;
  fields: Record<string, FieldValue>;
}

export interface BaseRequest {
  at: number;
  method: string;
  table: string;
  status: number;
}

export interface RateLimitedAirtableOptions {
  baseId?: string;
  token?: string;
  perSecond?: number;
  penaltyMs?: number;
  /** Offer the Webhooks API (default false: 403, as for a token without the webhook:manage scope). */
  webhooks?: boolean;
  /** How long a webhook lives without a refresh (default 7 days). */
  webhookLifetimeMs?: number;
}

interface Webhook {
  id: string;
  macSecretBase64: string;
  notificationUrl: string;
  expirationTime: number;
  payloads: unknown[];
  refreshes: number;
}

const tableIdOf = (name: string): string => `tbl${crypto.createHash('sha256').update(name).digest('hex').slice(0, 14)}`;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id as Airtable makes them: `rec` and 14 characters. */
export function airtableRecordId(): string {
  const bytes = crypto.randomBytes(14);
  let id = 'rec';
  for (const b of bytes) id += ID_ALPHABET[b % ID_ALPHABET.length];
  return id;
}

export class RateLimitedAirtable {
  readonly baseId: string;
  readonly token: string;
  readonly perSecond: number;
  readonly penaltyMs: number;
  readonly tables = new Map<string, BaseRecord[]>();
  readonly requests: BaseRequest[] = [];
  /** Drop every connection without an answer. */
  unreachable = false;
  readonly webhooks: Webhook[] = [];
  /** Pings sent to notification URLs, with the status they got. */
  readonly pings: number[] = [];
  private readonly offersWebhooks: boolean;
  private readonly webhookLifetimeMs: number;
  url = '';
  private closedUntil = 0;
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  constructor(options: RateLimitedAirtableOptions = {}) {
    this.baseId = options.baseId ?? 'appFakeTeamBase01';
    this.token = options.token ?? 'patFakeToken.secret';
    this.perSecond = options.perSecond ?? 5;
    this.penaltyMs = options.penaltyMs ?? 30_000;
    this.offersWebhooks = options.webhooks ?? false;
    this.webhookLifetimeMs = options.webhookLifetimeMs ?? 7 * 86_400_000;
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  table(name: string): BaseRecord[] {
    let rows = this.tables.get(name);
    if (!rows) {
      rows = [];
      this.tables.set(name, rows);
    }
    return rows;
  }

  /** Adds records as the team would in Airtable's grid (new ids, created now unless given). */
  add(table: string, fieldsList: readonly Record<string, FieldValue>[], createdTime = new Date()): BaseRecord[] {
    const created = fieldsList.map((fields) => ({ id: airtableRecordId(), createdTime: createdTime.toISOString(), fields: { ...fields } }));
    this.table(table).push(...created);
    this.changed(table, { createdRecordsById: Object.fromEntries(created.map((r) => [r.id, { createdTime: r.createdTime, cellValuesByFieldId: {} }])) });
    return created;
  }

  /** A payload for every live webhook, then a ping to its notification URL. */
  private changed(table: string, changes: Record<string, unknown>): void {
    const now = Date.now();
    for (const hook of this.webhooks) {
      if (hook.expirationTime <= now) continue;
      hook.payloads.push({
        timestamp: new Date(now).toISOString(),
        baseTransactionNumber: hook.payloads.length + 1,
        payloadFormat: 'v0',
        actionMetadata: { source: 'client', sourceMetadata: {} },
        changedTablesById: { [tableIdOf(table)]: changes },
      });
      const body = Buffer.from(JSON.stringify({ base: { id: this.baseId }, webhook: { id: hook.id }, timestamp: new Date(now).toISOString() }));
      const mac = `hmac-sha256=${crypto.createHmac('sha256', Buffer.from(hook.macSecretBase64, 'base64')).update(body).digest('hex')}`;
      void fetch(hook.notificationUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Airtable-Content-MAC': mac }, body })
        .then((r) => this.pings.push(r.status))
        .catch(() => this.pings.push(0));
    }
  }

  private webhookRequest(
    method: string,
    rest: string[],
    params: URLSearchParams,
    body: { notificationUrl?: string },
    json: (status: number, body: unknown) => void,
  ): void {
    if (!this.offersWebhooks) return json(403, { error: { type: 'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND', message: 'Invalid permissions' } });
    const now = Date.now();
    if (method === 'POST' && rest.length === 0) {
      if (!body.notificationUrl) return json(422, { error: { type: 'INVALID_REQUEST_UNKNOWN', message: 'notificationUrl is required' } });
      const hook: Webhook = {
        id: `ach${crypto.randomBytes(7).toString('hex')}`,
        macSecretBase64: crypto.randomBytes(32).toString('base64'),
        notificationUrl: body.notificationUrl,
        expirationTime: now + this.webhookLifetimeMs,
        payloads: [],
        refreshes: 0,
      };
      this.webhooks.push(hook);
      return json(200, { id: hook.id, macSecretBase64: hook.macSecretBase64, expirationTime: new Date(hook.expirationTime).toISOString() });
    }
    const hook = this.webhooks.find((h) => h.id === rest[0] && h.expirationTime > now);
    if (!hook) return json(404, { error: 'NOT_FOUND' });
    if (method === 'POST' && rest[1] === 'refresh') {
      hook.expirationTime = now + this.webhookLifetimeMs;
      hook.refreshes++;
      return json(200, { expirationTime: new Date(hook.expirationTime).toISOString() });
    }
    if (method === 'GET' && rest[1] === 'payloads') {
      const cursor = Math.max(1, Number(params.get('cursor') ?? 1) || 1);
      const page = hook.payloads.slice(cursor - 1, cursor - 1 + 50);
      return json(200, { payloads: page, cursor: cursor + page.length, mightHaveMore: cursor - 1 + page.length < hook.payloads.length });
    }
    return json(404, { error: 'NOT_FOUND' });
  }

  edit(table: string, id: string, fields: Record<string, FieldValue>): void {
    const record = this.table(table).find((r) => r.id === id);
    if (!record) throw new Error(`no record ${id} in ${table}`);
    record.fields = { ...record.fields, ...fields };
    this.changed(table, { changedRecordsById: { [id]: { current: { cellValuesByFieldId: {} } } } });
  }

  remove(table: string, id: string): void {
    const rows = this.table(table);
    const at = rows.findIndex((r) => r.id === id);
    if (at >= 0) rows.splice(at, 1);
    this.changed(table, { destroyedRecordIds: [id] });
  }

  /** Requests answered 429. */
  get rateLimited(): number {
    return this.requests.filter((r) => r.status === 429).length;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.unreachable) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const url = new URL(req.url ?? '/', 'http://fake');
      const m = /^\/v0\/([^/]+)\/([^/]+)(?:\/([^/]*))?$/.exec(url.pathname);
      const table = m ? decodeURIComponent(m[2] as string) : '';
      const record = { at, method: req.method ?? 'GET', table, status: 0 };
      this.requests.push(record);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
        record.status = status;
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
      };
      // the limit counts every request the base receives, refused ones included
      const recent = this.requests.filter((r) => r.at > at - 1000).length;
      if (at < this.closedUntil || recent > this.perSecond) {
        if (at >= this.closedUntil) this.closedUntil = at + this.penaltyMs;
        return json(429, { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] });
      }
      if (req.headers.authorization !== `Bearer ${this.token}`)
        return json(401, { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } });
      const hooks = /^\/v0\/bases\/([^/]+)\/webhooks((?:\/[^/]+)*)$/.exec(url.pathname);
      if (hooks) {
        if (hooks[1] !== this.baseId) return json(404, { error: 'NOT_FOUND' });
        let parsed: { notificationUrl?: string } = {};
        try {
          if (chunks.length > 0) parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof parsed;
        } catch {
          return json(422, { error: { type: 'INVALID_REQUEST_UNKNOWN', message: 'Invalid request: the body is not JSON' } });
        }
        return this.webhookRequest(req.method ?? 'GET', (hooks[2] ?? '').split('/').filter(Boolean), url.searchParams, parsed, json);
      }
      if (!m || m[1] !== this.baseId) return json(404, { error: 'NOT_FOUND' });
      const rest = m[3] ?? '';
      const rows = this.table(table);
      let body: { fields?: Record<string, FieldValue>; records?: { id?: string; fields?: Record<string, FieldValue> }[] } = {};
      try {
        if (chunks.length > 0) body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return json(422, { error: { type: 'INVALID_REQUEST_UNKNOWN', message: 'Invalid request: the body is not JSON' } });
      }
      const method = req.method ?? 'GET';
      if (method === 'GET' && rest === '') return this.list(url.searchParams, rows, json);
      if (method === 'GET') {
        const found = rows.find((r) => r.id === rest);
        return found ? json(200, found) : json(404, { error: 'NOT_FOUND' });
      }
      if (method === 'POST' && rest === '') {
        const list = Array.isArray(body.records) ? body.records.map((r) => r.fields ?? {}) : [body.fields ?? {}];
        const created = this.add(table, list);
        return json(200, Array.isArray(body.records) ? { records: created } : created[0]);
      }
      if (method === 'PATCH' || method === 'PUT') {
        const updates = rest ? [{ id: rest, fields: body.fields ?? {} }] : (body.records ?? []).map((r) => ({ id: r.id ?? '', fields: r.fields ?? {} }));
        if (updates.some((u) => !rows.some((r) => r.id === u.id))) return json(404, { error: 'NOT_FOUND' });
        const out = updates.map((u) => {
          const target = rows.find((r) => r.id === u.id) as BaseRecord;
          target.fields = method === 'PUT' ? { ...u.fields } : { ...target.fields, ...u.fields };
          for (const [k, v] of Object.entries(target.fields)) if (v === null) delete target.fields[k];
          this.changed(table, { changedRecordsById: { [target.id]: { current: { cellValuesByFieldId: {} } } } });
          return target;
        });
        return json(200, rest ? out[0] : { records: out });
      }
      return json(404, { error: 'NOT_FOUND' });
    });
  }

  private list(params: URLSearchParams, rows: readonly BaseRecord[], json: (status: number, body: unknown) => void): void {
    let selected = [...rows];
    const formula = params.get('filterByFormula');
    const byIds = formula ? /^OR\((RECORD_ID\(\)\s*=\s*'rec[A-Za-z0-9]+'\s*,?\s*)+\)$/.test(formula.trim()) : false;
    if (formula && byIds) {
      const ids = new Set([...formula.matchAll(/'(rec[A-Za-z0-9]+)'/g)].map((x) => x[1]));
      selected = selected.filter((r) => ids.has(r.id));
    } else if (formula) {
      const f = /^\{([^}]+)\}\s*=\s*'((?:[^'\\]|\\.)*)'$/.exec(formula.trim());
      if (!f) return json(422, { error: { type: 'INVALID_FILTER_BY_FORMULA', message: "The fake base reads only {Field} = 'text'" } });
      const [, field, raw] = f as unknown as [string, string, string];
      const value = raw.replace(/\\(.)/g, '$1');
      selected = selected.filter((r) => String(r.fields[field] ?? '') === value);
    }
    const maxRecords = Number(params.get('maxRecords') ?? 0);
    if (maxRecords > 0) selected = selected.slice(0, maxRecords);
    const pageSize = Math.min(100, Math.max(1, Number(params.get('pageSize') ?? 100) || 100));
    const from = Number((params.get('offset') ?? 'itr0/').replace(/^itr(\d+)\/.*$/, '$1')) || 0;
    const page = selected.slice(from, from + pageSize);
    const wanted = params.getAll('fields[]');
    const records = page.map((r) =>
      wanted.length === 0 ? r : { ...r, fields: Object.fromEntries(wanted.filter((k) => k in r.fields).map((k) => [k, r.fields[k]])) },
    );
    const next = from + pageSize < selected.length ? `itr${from + pageSize}/${page[page.length - 1]?.id ?? ''}` : undefined;
    json(200, next ? { records, offset: next } : { records });
  }
}
