/**
 * Webhook receivers on n8n's URL shape: POST /webhook/{contact-form|property-finder|list-with-us|
 * new-development|home-evaluation|property-inquiry}. The body is validated with the same rules the browser
 * forms use (validateSubmission from @gta/shared/core); bad input is a 400 with field errors and nothing is
 * stored; a valid one is committed with its received-at time (and an outbox row when n8n is configured) before
 * the 200 {ok: true, id}.
 */
import { SUBMISSION_TABLES, isFormName, validateSubmission, type FieldValue } from '@gta/shared/core';
import type { Router } from '../http/router';
import { BodyTooLargeError, InvalidJsonError, readJsonBody, sendJson } from '../http/respond';
import { WEBHOOK_BASE_PATH } from '../site/runtimeConfig';
import { RECEIVED_AT_FIELD } from '../seed/seed';
import type { RecordStore } from '../store/store';
import { enqueue, type OutboxWorker } from './outbox';

export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export interface WebhookDeps {
  store: RecordStore;
  /** Present when N8N_WEBHOOK_BASE is set. */
  outbox?: OutboxWorker;
  now?: () => Date;
}

export function registerWebhooks(router: Router, deps: WebhookDeps): void {
  router.route('POST', `${WEBHOOK_BASE_PATH}/:path`, async (req, res, ctx) => {
    const path = ctx.params.path ?? '';
    if (!isFormName(path)) {
      sendJson(res, 404, { ok: false, error: `There is no form called "${path}".` });
      return;
    }
    let body: unknown;
    try {
      body = await readJsonBody(req, WEBHOOK_BODY_LIMIT);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        sendJson(res, 413, { ok: false, error: `The submission is larger than ${WEBHOOK_BODY_LIMIT / 1024} KB.` });
        return;
      }
      if (err instanceof InvalidJsonError) {
        sendJson(res, 400, { ok: false, errors: { _form: 'The submission must be a JSON object.' } });
        return;
      }
      throw err;
    }
    const result = validateSubmission(path, body);
    if (!result.ok) {
      sendJson(res, 400, { ok: false, errors: result.errors });
      return;
    }
    const value: Record<string, FieldValue> = { ...result.value };
    if (path === 'contact-form' && value.source === undefined) value.source = 'default';
    const receivedAt = (deps.now ?? (() => new Date()))();
    const table = SUBMISSION_TABLES[path];
    const record = deps.store.transaction(() => {
      const created = deps.store.createRecord(table, { ...value, [RECEIVED_AT_FIELD]: receivedAt.toISOString() }, receivedAt);
      if (deps.outbox) enqueue(deps.store, created.id, path, value, receivedAt.getTime());
      return created;
    });
    deps.outbox?.kick();
    sendJson(res, 200, { ok: true, id: record.id });
  });

  router.route('POST', `${WEBHOOK_BASE_PATH}/*`, (_req, res) => sendJson(res, 404, { ok: false, error: 'Unknown webhook.' }));
}
