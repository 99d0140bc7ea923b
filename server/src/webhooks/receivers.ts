/**
 * Webhook receivers on n8n's URL shape: POST /webhook/{contact-form|property-finder|list-with-us|
 * new-development|home-evaluation|property-inquiry}. The body is validated with the same rules the browser
 * forms use (validateSubmission from @gta/shared/core); bad input is a 400 with field errors and nothing is
 * stored; a valid one is committed with its received-at time, and an outbox row for each place it must reach,
 * before the 200 {ok: true, id}:
 *  - the local store keeps it (the table /admin reads) unless the server runs in Airtable mode;
 *  - in Airtable mode its home is the team's base: the outbox row holds it until Airtable has created it, so a
 *    down or throttling Airtable loses nothing and /admin (which reads the base) shows it once it is there;
 *  - with N8N_WEBHOOK_BASE, a row for n8n's webhook.
 */
import {
  HONEYPOT_FIELD,
  RECEIVED_AT_FIELD,
  SUBMISSION_TABLES,
  isFormName,
  validateSubmission,
  type FieldErrors,
  type FieldValue,
  type FormName,
} from '@gta/shared/core';
import type { Router } from '../http/router';
import { sendJson } from '../http/respond';
import { guardVisitorPost } from '../http/formGuard';
import { WEBHOOK_BASE_PATH } from '../http/paths';
import type { NewDelivery, Store } from '../store/store';
import type { OutboxWorker } from './outbox';
import type { TokenBucketLimiter } from '../http/rateLimit';
import { newRecordId } from '../store/ids';
import type { Logger } from '../log';

export const WEBHOOK_BODY_LIMIT = 64 * 1024;
export const TOO_MANY_SUBMISSIONS = 'Too many messages from your network, try again in a minute.';

export interface WebhookDeps {
  store: Store;
  /** Present when N8N_WEBHOOK_BASE is set or the server runs in Airtable mode. */
  outbox?: OutboxWorker;
  /** Forward to n8n (N8N_WEBHOOK_BASE set). */
  forwardToN8n: boolean;
  /** Airtable mode: submissions are created in the team's base, not kept in the local tables. */
  airtableMode: boolean;
  /** Posts per address (per /64 on IPv6); absent: no limit. */
  limiter?: TokenBucketLimiter;
  now?: () => Date;
  /** Where a dropped honeypot submission is noted (one line, no field values). */
  log?: Logger;
}

/**
 * A submission checked with the form's rules, then kept: committed with its received-at time and an outbox row for
 * each place it must reach. The JSON receivers and the forms posted without scripts (src/webhooks/formPosts.ts) both
 * keep submissions here. An inquiry sent without a subject is about its property ('Inquiry about {name}').
 */
export async function keepValidSubmission(
  deps: Pick<WebhookDeps, 'store' | 'outbox' | 'forwardToN8n' | 'airtableMode' | 'now'>,
  path: FormName,
  body: unknown,
): Promise<{ ok: true; id: string } | { ok: false; errors: FieldErrors }> {
  // one clock for the whole submission: when it arrived, and 'today' for a date it carries (a showing's day)
  const receivedAt = (deps.now ?? (() => new Date()))();
  const result = validateSubmission(path, body, receivedAt);
  if (!result.ok) return { ok: false, errors: result.errors };
  const value: Record<string, FieldValue> = { ...result.value };
  if (path === 'contact-form' && value.source === undefined) value.source = 'default';
  if (
    path === 'property-inquiry' &&
    (typeof value.subject !== 'string' || value.subject.trim() === '') &&
    typeof value.propertyName === 'string' &&
    value.propertyName.trim()
  )
    value.subject = `Inquiry about ${value.propertyName.trim()}`;
  const table = SUBMISSION_TABLES[path];
  const fields = { ...value, [RECEIVED_AT_FIELD]: receivedAt.toISOString() };
  const deliveries: NewDelivery[] = [];
  if (deps.airtableMode) deliveries.push({ target: 'airtable', path: table, payload: { fields } });
  if (deps.forwardToN8n) deliveries.push({ target: 'n8n', path, payload: value });
  const id = await deps.store.keepSubmission(deps.airtableMode ? null : table, fields, deliveries, receivedAt);
  deps.outbox?.kick();
  return { ok: true, id };
}

export function registerWebhooks(router: Router, deps: WebhookDeps): void {
  router.route('POST', `${WEBHOOK_BASE_PATH}/:path`, async (req, res, ctx) => {
    const path = ctx.params.path ?? '';
    if (!isFormName(path)) {
      sendJson(res, 404, { ok: false, error: `There is no form called "${path}".` });
      return;
    }
    // another site, not JSON, past the per-network limit, too large or not JSON: refused before the form's rules
    const guarded = await guardVisitorPost(req, res, ctx, {
      noun: 'submission',
      crossSite: 'Forms can only be sent from this site.',
      tooMany: TOO_MANY_SUBMISSIONS,
      limiter: deps.limiter,
      bodyLimit: WEBHOOK_BODY_LIMIT,
    });
    if (!guarded) return;
    const { body } = guarded;
    // a filled honeypot is a bot: it is told "sent" and nothing is kept or forwarded
    // (the forms send it as a string, '' from a person; anything else there, a number or a list, is not a person either)
    const trap = body && typeof body === 'object' ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
    if (trap !== undefined && trap !== null && !(typeof trap === 'string' && trap.trim() === '')) {
      deps.log?.info({ form: path }, 'honeypot submission dropped');
      sendJson(res, 200, { ok: true, id: newRecordId() });
      return;
    }
    const kept = await keepValidSubmission(deps, path, body);
    if (!kept.ok) {
      sendJson(res, 400, { ok: false, errors: kept.errors });
      return;
    }
    sendJson(res, 200, { ok: true, id: kept.id });
  });

  router.route('POST', `${WEBHOOK_BASE_PATH}/*`, (_req, res) => sendJson(res, 404, { ok: false, error: 'Unknown webhook.' }));
}
