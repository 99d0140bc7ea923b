/**
 * The checks a visitor's JSON post passes before its own rules, in this order (the cheap refusals first, so a post
 * from another site or in the wrong format costs no rate-limit token and is never read):
 *  1. an Origin header naming another site: 403 (a browser on another site, or its no-cors form post);
 *  2. a Content-Type other than application/json: 415;
 *  3. past the per-network limit (FORM_RATE_LIMIT, per /64 on IPv6): 429 with Retry-After;
 *  4. the body: over the size limit 413, not JSON 400.
 * The form receivers (/webhook/{form}) and saving a listing alert (/api/alerts) both call it, each in its own words.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from './router';
import { BodyTooLargeError, InvalidJsonError, readJsonBody, sendJson } from './respond';
import { rateKey, sameSiteOrigin } from './client';
import type { TokenBucketLimiter } from './rateLimit';

export interface VisitorPostGuard {
  /** What the answers call the post: 'The {noun} must be sent as application/json.' */
  noun: string;
  /** The 403's error for another site's Origin. */
  crossSite: string;
  /** The 429's error. */
  tooMany: string;
  /** Posts per network; absent: no limit. */
  limiter?: TokenBucketLimiter;
  /** The largest body read, in bytes (a multiple of 1024: the 413 says it in KB). */
  bodyLimit: number;
}

/** The post's parsed JSON body (undefined when empty), or null when the guard has answered the request itself. */
export type GuardedBody = { body: unknown } | null;

export async function guardVisitorPost(req: IncomingMessage, res: ServerResponse, ctx: RequestContext, guard: VisitorPostGuard): Promise<GuardedBody> {
  if (!sameSiteOrigin(req, ctx.origin)) {
    req.resume();
    sendJson(res, 403, { ok: false, error: guard.crossSite });
    return null;
  }
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    sendJson(res, 415, { ok: false, errors: { _form: `The ${guard.noun} must be sent as application/json.` } });
    return null;
  }
  const wait = guard.limiter ? await guard.limiter.take(rateKey(ctx.clientIp)) : 0;
  if (wait > 0) {
    req.resume();
    sendJson(res, 429, { ok: false, error: guard.tooMany, retryAfter: wait }, { 'Retry-After': String(wait) });
    return null;
  }
  try {
    return { body: await readJsonBody(req, guard.bodyLimit) };
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      sendJson(res, 413, { ok: false, error: `The ${guard.noun} is larger than ${guard.bodyLimit / 1024} KB.` });
      return null;
    }
    if (err instanceof InvalidJsonError) {
      sendJson(res, 400, { ok: false, errors: { _form: `The ${guard.noun} must be a JSON object.` } });
      return null;
    }
    throw err;
  }
}
