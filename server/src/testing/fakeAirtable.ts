/**
 * A fake of the team's Airtable base on loopback, answering as Airtable's API documents (and as airtable.js reads
 * it): a create is `POST /v0/{base}/{table}/` with a Bearer token and `{fields, typecast}`, answered
 * `{id, createdTime, fields}`; a list is `GET /v0/{base}/{table}` answered `{records: [{id, createdTime, fields}]}`,
 * narrowed by `filterByFormula` of the form `{Field} = 'value'` (the one shape the server's outbox sends; any
 * other formula is not evaluated: every record of the table is listed) and `maxRecords`; 429
 * `{"errors":[{"error":"RATE_LIMIT_REACHED",…}]}`; 503; 422 `{"error":{"type":"UNKNOWN_FIELD_NAME",…}}`.
 * A table given in `fieldsOf` has those fields only: a create naming another field is 422 UNKNOWN_FIELD_NAME and a
 * formula naming one is 422 INVALID_FILTER_BY_FORMULA, as Airtable answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRecord {
  id: string;
  table: string;
  fields: Record<string, unknown>;
  typecast: unknown;
  auth: string | undefined;
}

/**
 * What the next creates get, in order (then 200): a status, `hang` (never answered, nothing created) or `lost`
 * (created, then never answered: what a replica killed mid-create, or an answer lost on the way, leaves behind).
 */
export type CreateScript = 429 | 503 | 422 | 'hang' | 'lost';

export class FakeAirtable {
  readonly created: FakeRecord[] = [];
  script: CreateScript[] = [];
  /** What the next lists get, in order (then 200): an error status. */
  listScript: (429 | 503)[] = [];
  /** Called when a create arrives (before it is answered). */
  onCreate: ((record: FakeRecord) => void) | undefined;
  /** Tables whose fields are fixed (others take any field). */
  readonly fieldsOf = new Map<string, readonly string[]>();
  /** Every request's method and URL, in order. */
  readonly requests: { method: string; url: string }[] = [];
  private server = http.createServer((req, res) => this.handle(req, res));
  private ids = 0;
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  /** Puts a record in the base as if someone had created it there. */
  add(table: string, fields: Record<string, unknown>): FakeRecord {
    const record = { id: `recFake${++this.ids}`, table, fields, typecast: false, auth: undefined };
    this.created.push(record);
    return record;
  }

  inTable(table: string): FakeRecord[] {
    return this.created.filter((c) => c.table === table);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      this.requests.push({ method: req.method ?? '', url: req.url ?? '' });
      const json = (status: number, body: unknown): void => {
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://fake');
      const m = /^\/v0\/(app\w+)\/([^/]+)\/?$/.exec(url.pathname);
      if (!m) return json(404, { error: 'NOT_FOUND' });
      const table = decodeURIComponent(m[2] as string);
      const known = this.fieldsOf.get(table);
      if (req.method === 'GET') {
        const failure = this.listScript.shift();
        if (failure === 429) return json(429, { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] });
        if (failure === 503) return json(503, { error: { type: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' } });
        let records = this.inTable(table);
        const formula = url.searchParams.get('filterByFormula');
        const equals = formula ? /^\{([^}]+)\}\s*=\s*'((?:[^'\\]|\\.)*)'$/.exec(formula.trim()) : null;
        if (equals) {
          const field = equals[1] as string;
          if (known && !known.includes(field))
            return json(422, {
              error: {
                type: 'INVALID_FILTER_BY_FORMULA',
                message: `The formula for filtering records is invalid: Unknown field names: ${field.toLowerCase()}`,
              },
            });
          const value = (equals[2] as string).replace(/\\(.)/g, '$1');
          records = records.filter((r) => String(r.fields[field] ?? '') === value);
        }
        const max = Number(url.searchParams.get('maxRecords') ?? 'NaN');
        if (Number.isInteger(max) && max > 0) records = records.slice(0, max);
        return json(200, { records: records.map((c) => ({ id: c.id, createdTime: new Date().toISOString(), fields: c.fields })) });
      }
      const next = this.script.shift();
      if (next === 'hang') return; // never answers: the server's attempt times out
      if (next === 429) return json(429, { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] });
      if (next === 503) return json(503, { error: { type: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' } });
      if (next === 422) return json(422, { error: { type: 'UNKNOWN_FIELD_NAME', message: 'Unknown field name: "subject"' } });
      const body = JSON.parse(raw) as { fields: Record<string, unknown>; typecast?: unknown };
      const unknown = known ? Object.keys(body.fields).find((f) => !known.includes(f)) : undefined;
      if (unknown !== undefined) return json(422, { error: { type: 'UNKNOWN_FIELD_NAME', message: `Unknown field name: "${unknown}"` } });
      const record = { id: `recFake${++this.ids}`, table, fields: body.fields, typecast: body.typecast, auth: req.headers.authorization };
      this.created.push(record);
      this.onCreate?.(record);
      if (next === 'lost') return; // created, but the answer never leaves
      json(200, { id: record.id, createdTime: new Date().toISOString(), fields: body.fields });
    });
  }
}
