/**
 * A fake of the server at the fetch edge for component tests: the staff sign-in API (login, logout, session), the
 * Airtable-shaped records API (pageSize, opaque offsets that expire when rows arrive before them, sort, and the
 * admin's SEARCH filter formulas) and the staff count API. The real airtable.js and auth client run against it.
 */
import { setRuntimeConfig } from '@gta/shared';
import type { Submission } from '../admin/submissions';

export const TEST_ORIGIN = 'http://localhost';
export const TEST_BASE_ID = 'appTest';

export interface FakeBackend {
  password: string;
  signedIn: boolean;
  tables: Record<string, Submission[]>;
  pageSize: number;
  /** When set, POST login answers 429 with this Retry-After. */
  throttleSeconds: number | null;
  /** Tables whose next reads fail with this status (cleared by setting undefined). */
  failures: Record<string, number | 'network' | undefined>;
  /** Airtable mode: the count API answers null. */
  countUnavailable: boolean;
  /** Every request seen: method and URL. */
  requests: { method: string; url: string; credentials?: RequestCredentials }[];
}

interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function response({ status, body, headers = {} }: FakeAnswer): Response {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    json: async () => {
      if (body === undefined) throw new SyntaxError('no body');
      return body;
    },
  } as unknown as Response;
}

export function record(id: string, fields: Submission['fields'], createdTime = '2026-01-01T12:00:00.000Z'): Submission {
  return { id, createdTime, fields };
}

export function createFakeBackend(init: Partial<FakeBackend> = {}): FakeBackend {
  return {
    password: 'right-password',
    signedIn: false,
    tables: {},
    pageSize: 100,
    throttleSeconds: null,
    failures: {},
    countUnavailable: false,
    requests: [],
    ...init,
  };
}

function answer(backend: FakeBackend, method: string, url: URL, body: string | undefined): FakeAnswer {
  const path = url.pathname;
  if (path === '/api/auth/login' && method === 'POST') {
    if (backend.throttleSeconds !== null)
      return { status: 429, headers: { 'Retry-After': String(backend.throttleSeconds) }, body: { error: 'TOO_MANY_ATTEMPTS' } };
    const { password } = JSON.parse(body ?? '{}') as { password?: string };
    if (password !== backend.password) return { status: 401, body: { error: 'WRONG_PASSWORD' } };
    backend.signedIn = true;
    return { status: 200, body: { authenticated: true } };
  }
  if (path === '/api/auth/logout' && method === 'POST') {
    backend.signedIn = false;
    return { status: 200, body: { authenticated: false } };
  }
  if (path === '/api/auth/session' && method === 'GET') return { status: 200, body: { authenticated: backend.signedIn } };

  const m = /^\/api\/airtable\/v0\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (m && method === 'GET') {
    if (!backend.signedIn) return { status: 401, body: { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Staff sign-in required.' } } };
    const table = decodeURIComponent(m[2]!);
    const failure = backend.failures[table];
    if (typeof failure === 'number') return { status: failure, body: { error: { type: 'SERVER_ERROR', message: 'The store is unavailable.' } } };
    const stored = backend.tables[table];
    if (!stored) return { status: 404, body: { error: { type: 'TABLE_NOT_FOUND', message: `Could not find table ${table}` } } };
    const records = sorted(filtered(stored, url.searchParams.get('filterByFormula')), url.searchParams);
    const pageSize = Math.min(Number(url.searchParams.get('pageSize') ?? 100), backend.pageSize);
    // offsets as the server makes them: `itr<position>/<id of the row before>`, refused once that row moved
    const offset = url.searchParams.get('offset');
    let start = 0;
    if (offset) {
      const m = /^itr(\d+)\/(.+)$/.exec(offset);
      start = m ? Number(m[1]) : -1;
      if (!m || records[start - 1]?.id !== m[2])
        return { status: 422, body: { error: { type: 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE', message: 'The offset is not valid or has expired.' } } };
    }
    const page = records.slice(start, start + pageSize);
    const end = start + page.length;
    const next = end < records.length ? `itr${end}/${records[end - 1]!.id}` : undefined;
    return { status: 200, body: next ? { records: page, offset: next } : { records: page } };
  }
  if (path === '/api/admin/count' && method === 'GET') {
    if (!backend.signedIn) return { status: 401, body: { error: 'Sign in as staff first.' } };
    const stored = backend.tables[url.searchParams.get('table') ?? ''];
    if (!stored) return { status: 404, body: { error: 'There is no staff table with that name.' } };
    if (backend.countUnavailable) return { status: 200, body: { count: null } };
    return { status: 200, body: { count: filtered(stored, url.searchParams.get('filterByFormula')).length } };
  }
  return { status: 404, body: { error: 'NOT_FOUND' } };
}

function text(value: Submission['fields'][string] | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The admin's filter formulas: AND of OR(SEARCH("word", {field}), …) per word. Anything else is not understood. */
function filtered(records: Submission[], formula: string | null): Submission[] {
  if (!formula) return records;
  const wanted = new Map<string, string[]>();
  for (const m of formula.matchAll(/SEARCH\("((?:[^"\\]|\\.)*)", \{((?:[^}\\]|\\.)*)\}\)/g)) {
    const word = m[1]!.replace(/\\(.)/g, '$1');
    const field = m[2]!.replace(/\\(.)/g, '$1');
    wanted.set(word, [...(wanted.get(word) ?? []), field]);
  }
  if (wanted.size === 0) throw new Error(`the fake does not understand the formula ${formula}`);
  return records.filter((r) => [...wanted].every(([word, fields]) => fields.some((f) => text(r.fields[f]).toLowerCase().includes(word))));
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Airtable's order (as the server keeps it): blanks first, then numbers, then text in natural order; each sort[i] in turn. */
function sorted(records: Submission[], params: URLSearchParams): Submission[] {
  const sorts: { field: string; desc: boolean }[] = [];
  for (let i = 0; params.has(`sort[${i}][field]`); i++)
    sorts.push({ field: params.get(`sort[${i}][field]`)!, desc: params.get(`sort[${i}][direction]`) === 'desc' });
  const key = (v: Submission['fields'][string] | undefined): [number, number | string] => {
    if (v === undefined || v === null || v === '') return [0, 0];
    if (typeof v === 'number') return [1, v];
    return [2, text(v)];
  };
  return [...records].sort((a, b) => {
    for (const s of sorts) {
      const [ka, va] = key(a.fields[s.field]);
      const [kb, vb] = key(b.fields[s.field]);
      const c = ka !== kb ? ka - kb : typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
      if (c !== 0) return s.desc ? -c : c;
    }
    return 0;
  });
}

/** Points window.fetch at the fake backend and loads a runtime config naming it. */
export function installFakeBackend(backend: FakeBackend): void {
  setRuntimeConfig({
    remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
    airtable: { endpointUrl: `${TEST_ORIGIN}/api/airtable`, baseId: TEST_BASE_ID },
    webhookBase: `${TEST_ORIGIN}/webhook`,
    chatWebhookUrl: `${TEST_ORIGIN}/chat/webhook`,
    authBase: `${TEST_ORIGIN}/api/auth`,
  });
  (window.fetch as jest.Mock).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), TEST_ORIGIN);
    const method = (init?.method ?? 'GET').toUpperCase();
    backend.requests.push({ method, url: url.toString(), credentials: init?.credentials });
    const table = /\/v0\/[^/]+\/([^/?]+)/.exec(url.pathname)?.[1];
    if (table && backend.failures[decodeURIComponent(table)] === 'network') throw new TypeError('Failed to fetch');
    return response(answer(backend, method, url, typeof init?.body === 'string' ? init.body : undefined));
  });
}
