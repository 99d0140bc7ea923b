/**
 * Staff sign-in against the server (server/src/auth): the session lives in an httpOnly, SameSite=Strict cookie the
 * browser sends by itself; this code never sees a token. authBase comes from /config.json.
 */
import { getRuntimeConfig } from '@gta/shared';

export const DEFAULT_AUTH_BASE = '/api/auth';

export type SignInResult =
  | { kind: 'signedIn' }
  | { kind: 'wrongPassword' }
  /** The server's slow-down after repeated failures; seconds from Retry-After when it says. */
  | { kind: 'throttled'; retryAfterSeconds: number | null }
  | { kind: 'failed'; message: string };

function authUrl(path: 'login' | 'logout' | 'session'): string {
  let base = DEFAULT_AUTH_BASE;
  try {
    base = getRuntimeConfig().authBase ?? DEFAULT_AUTH_BASE;
  } catch {
    /* config not loaded (a test or a bare harness): the server's default path */
  }
  return `${base.replace(/\/+$/, '')}/${path}`;
}

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

/** Reads Retry-After: delta-seconds or an HTTP date. Falls back to a `retryAfter` number in the JSON body. */
export function parseRetryAfter(header: string | null, body?: unknown, now: number = Date.now()): number | null {
  if (header) {
    const trimmed = header.trim();
    if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
    const at = Date.parse(trimmed);
    if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - now) / 1000));
  }
  if (body && typeof body === 'object') {
    const fromBody = (body as { retryAfter?: unknown; retryAfterSeconds?: unknown }).retryAfter ?? (body as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody > 0) return Math.ceil(fromBody);
  }
  return null;
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

export async function signIn(password: string): Promise<SignInResult> {
  let res: Response;
  try {
    res = await fetch(authUrl('login'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: JSON_HEADERS,
      body: JSON.stringify({ password }),
    });
  } catch {
    return { kind: 'failed', message: 'Could not reach the server. Check your connection and try again.' };
  }
  if (res.ok) return { kind: 'signedIn' };
  if (res.status === 401) return { kind: 'wrongPassword' };
  if (res.status === 429) return { kind: 'throttled', retryAfterSeconds: parseRetryAfter(res.headers.get('Retry-After'), await readJson(res)) };
  return { kind: 'failed', message: `Sign-in is not available right now (HTTP ${res.status}). Please try again.` };
}

/** Ends the session on the server. A network failure is reported so the page can say so. */
export async function signOut(): Promise<void> {
  const res = await fetch(authUrl('logout'), { method: 'POST', credentials: 'same-origin', headers: JSON_HEADERS, body: '{}' });
  if (!res.ok && res.status !== 401) throw new Error(`Sign-out failed (HTTP ${res.status}).`);
}

/** True when the browser holds a live staff session. */
export async function checkSession(): Promise<boolean> {
  const res = await fetch(authUrl('session'), { credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) return false;
  const body = await readJson(res);
  return Boolean(body && typeof body === 'object' && (body as { authenticated?: unknown }).authenticated === true);
}
