/**
 * Posting one lead to its webhook: `${webhookBase}/${path}` from the runtime config (n8n's URL shape, or the
 * server's own receivers). The answer is reduced to one of the outcomes the forms know how to show.
 */
import { getRuntimeConfig, joinUrl, type FieldErrors, type SubmissionValue, type WebhookPath } from '@gta/shared';

/** What a form sends: the schema's fields (custom values already substituted). */
export type SubmissionPayload = Record<string, SubmissionValue>;

export type SubmitOutcome =
  /** 2xx: stored (the server answers { ok, id }; n8n answers whatever its workflow returns). */
  | { kind: 'ok'; id: string | null }
  /** 400 with { errors: { field: message } }: the server's validation, shown next to the fields. */
  | { kind: 'invalid'; errors: FieldErrors }
  /** 429: the server limits posts per network (Retry-After says for how long, when it says). Nothing was stored. */
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  /**
   * 503: the site cannot store anything for a moment (its database away or restarting, the server starting); Retry-After
   * says when to send again. Nothing was stored.
   */
  | { kind: 'unavailable'; retryAfterSeconds: number | null }
  /** Any other non-ok answer (400 without field errors, 413, other 5xx, ...). */
  | { kind: 'failed'; status: number }
  /** fetch threw: offline, DNS, CORS, timeout, or the config was missing. */
  | { kind: 'exception'; error: unknown };

/** A request that has not answered after this long counts as a network failure. */
export const SUBMIT_TIMEOUT_MS = 30_000;

/**
 * Seconds to wait from a Retry-After value: delta-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or
 * not understood.
 */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | null {
  const raw = value?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  // an HTTP date names its day and month (Date.parse would read '-3' as a year)
  const at = /[a-z]/i.test(raw) ? Date.parse(raw) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What every form says on a 429, with the wait when the server gave one. */
export function rateLimitedText(seconds: number | null): string {
  const when =
    seconds === null || seconds <= 0 || seconds === 60
      ? 'in a minute'
      : seconds < 60
        ? `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
        : `in ${Math.ceil(seconds / 60)} minutes`;
  return `Too many messages from your network. Please try again ${when}.`;
}

/** What every form says on a 503: nothing was sent, what was typed is still there, and when to send it again. */
export function unavailableText(seconds: number | null): string {
  const when =
    seconds === null || seconds <= 0
      ? 'in a moment'
      : seconds < 60
        ? `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
        : `in ${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}`;
  return `We could not send this: the site cannot take messages for a moment. What you typed is still here; please send it again ${when}.`;
}

/** The server's wait in its JSON body ({ retryAfter: seconds }): a cross-origin n8n may not expose Retry-After. */
function retryAfterFromBody(body: unknown): number | null {
  return body &&
    typeof body === 'object' &&
    'retryAfter' in body &&
    typeof body.retryAfter === 'number' &&
    Number.isFinite(body.retryAfter) &&
    body.retryAfter > 0
    ? Math.ceil(body.retryAfter)
    : null;
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((m) => typeof m === 'string');
}

export async function postSubmission(path: WebhookPath, payload: SubmissionPayload, timeoutMs = SUBMIT_TIMEOUT_MS): Promise<SubmitOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    const url = joinUrl(getRuntimeConfig().webhookBase, path);
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
  } catch (error) {
    return { kind: 'exception', error };
  } finally {
    clearTimeout(timer);
  }
  // The body is read only for what it adds (an id, field errors); the status decides the outcome.
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const id = body && typeof body === 'object' && 'id' in body && typeof body.id === 'string' ? body.id : null;
    return { kind: 'ok', id };
  }
  if (response.status === 400 && body && typeof body === 'object' && 'errors' in body && isFieldErrors(body.errors) && Object.keys(body.errors).length > 0) {
    return { kind: 'invalid', errors: body.errors };
  }
  // the header first; a cross-origin n8n may not expose it, and the server's body carries the same number
  if (response.status === 429)
    return { kind: 'rateLimited', retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) ?? retryAfterFromBody(body) };
  if (response.status === 503)
    return { kind: 'unavailable', retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) ?? retryAfterFromBody(body) };
  return { kind: 'failed', status: response.status };
}

/** True when the exception is the browser failing to reach the server (not a bug in our code). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NetworkError'));
}
