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
}

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
  url = '';
  private closedUntil = 0;
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  constructor(options: RateLimitedAirtableOptions = {}) {
    this.baseId = options.baseId ?? 'appFakeTeamBase01';
    this.token = options.token ?? 'patFakeToken.secret';
    this.perSecond = options.perSecond ?? 5;
    this.penaltyMs = options.penaltyMs ?? 30_000;
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
    return created;
  }

  edit(table: string, id: string, fields: Record<string, FieldValue>): void {
    const record = this.table(table).find((r) => r.id === id);
    if (!record) throw new Error(`no record ${id} in ${table}`);
    record.fields = { ...record.fields, ...fields };
  }

  remove(table: string, id: string): void {
    const rows = this.table(table);
    const at = rows.findIndex((r) => r.id === id);
    if (at >= 0) rows.splice(at, 1);
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
    if (formula) {
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
