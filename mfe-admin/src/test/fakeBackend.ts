/**
 * A fake of the server at the fetch edge for component tests: the staff sign-in API (login, logout, session) and
 * the Airtable-shaped records API, with paging. The real airtable.js and auth client run against it.
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
  return { password: 'right-password', signedIn: false, tables: {}, pageSize: 100, throttleSeconds: null, failures: {}, requests: [], ...init };
}

function answer(backend: FakeBackend, method: string, url: URL, body: string | undefined): FakeAnswer {
  const path = url.pathname;
  if (path === '/api/auth/login' && method === 'POST') {
    if (backend.throttleSeconds !== null) return { status: 429, headers: { 'Retry-After': String(backend.throttleSeconds) }, body: { error: 'TOO_MANY_ATTEMPTS' } };
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
    const records = backend.tables[table];
    if (!records) return { status: 404, body: { error: { type: 'TABLE_NOT_FOUND', message: `Could not find table ${table}` } } };
    const pageSize = Math.min(Number(url.searchParams.get('pageSize') ?? 100), backend.pageSize);
    const start = Number(url.searchParams.get('offset') ?? 0);
    const page = records.slice(start, start + pageSize);
    const next = start + pageSize < records.length ? String(start + pageSize) : undefined;
    return { status: 200, body: next ? { records: page, offset: next } : { records: page } };
  }
  return { status: 404, body: { error: 'NOT_FOUND' } };
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
