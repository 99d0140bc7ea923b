/**
 * Staff sign-in at /api/auth: POST login {password} sets an httpOnly, SameSite=Strict session cookie;
 * POST logout clears it; GET session answers {authenticated}.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Router } from '../http/router';
import { BodyTooLargeError, InvalidJsonError, parseCookies, readJsonBody, sendJson } from '../http/respond';
import { AUTH_BASE_PATH } from '../http/paths';
import { sameSiteOrigin } from '../http/client';
import type { FailureLimiter } from './limiter';
import { passwordMatches } from './password';
import { SESSION_COOKIE, type SessionStore } from './sessions';

export interface StaffAuth {
  sessions: SessionStore;
  limiter: FailureLimiter;
  password: string;
}

/** True when the request carries a valid staff session cookie. */
export function isStaffRequest(req: IncomingMessage, sessions: SessionStore): Promise<boolean> {
  return sessions.isValid(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])].join('; ');
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function sendLockedOut(res: ServerResponse, seconds: number): void {
  sendJson(
    res,
    429,
    { authenticated: false, error: `Too many failed sign-in attempts. Try again in ${seconds} seconds.`, retryAfter: seconds },
    { 'Retry-After': String(seconds) },
  );
}

function refuseForeign(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  sendJson(res, 403, { authenticated: false, error: 'Sign-in works from this site only.' });
}

export function registerAuthRoutes(router: Router, auth: StaffAuth): void {
  router.route('POST', `${AUTH_BASE_PATH}/login`, async (req, res, ctx) => {
    if (!sameSiteOrigin(req, ctx.origin)) return refuseForeign(req, res);
    const wait = await auth.limiter.retryAfterSeconds(ctx.clientIp);
    if (wait > 0) {
      sendLockedOut(res, wait);
      return;
    }
    let body: unknown;
    try {
      body = await readJsonBody(req, 4 * 1024);
    } catch (err) {
      if (err instanceof BodyTooLargeError) return sendJson(res, 413, { authenticated: false, error: 'The request is too large.' });
      if (err instanceof InvalidJsonError) return sendJson(res, 400, { authenticated: false, error: 'Send JSON: {"password": "..."}' });
      throw err;
    }
    // checked again once the body is in: attempts sent together all pass the first check before any has failed
    const lockedNow = await auth.limiter.retryAfterSeconds(ctx.clientIp);
    if (lockedNow > 0) {
      sendLockedOut(res, lockedNow);
      return;
    }
    const password = body && typeof body === 'object' && 'password' in body ? (body as { password: unknown }).password : undefined;
    if (typeof password !== 'string' || password === '') {
      sendJson(res, 400, { authenticated: false, error: 'Please enter the password.' });
      return;
    }
    if (!passwordMatches(password, auth.password)) {
      const delay = await auth.limiter.fail(ctx.clientIp);
      await sleep(delay);
      const locked = await auth.limiter.retryAfterSeconds(ctx.clientIp);
      if (locked > 0) {
        sendLockedOut(res, locked);
        return;
      }
      sendJson(res, 401, { authenticated: false, error: 'Incorrect password.' });
      return;
    }
    await auth.limiter.succeed(ctx.clientIp);
    const previous = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    await auth.sessions.destroy(previous);
    const session = await auth.sessions.create();
    sendJson(
      res,
      200,
      { authenticated: true, expiresAt: new Date(session.expiresAt).toISOString() },
      {
        'Set-Cookie': cookie(session.token, Math.floor((session.expiresAt - Date.now()) / 1000), ctx.secure),
      },
    );
  });

  router.route('POST', `${AUTH_BASE_PATH}/logout`, async (req, res, ctx) => {
    // another site must not sign staff out (or in): only this site's pages, or a client that sends no Origin
    if (!sameSiteOrigin(req, ctx.origin)) return refuseForeign(req, res);
    await auth.sessions.destroy(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
    sendJson(res, 200, { authenticated: false }, { 'Set-Cookie': cookie('', 0, ctx.secure) });
  });

  router.route('GET', `${AUTH_BASE_PATH}/session`, async (req, res) => {
    sendJson(res, 200, { authenticated: await isStaffRequest(req, auth.sessions) });
  });
}
