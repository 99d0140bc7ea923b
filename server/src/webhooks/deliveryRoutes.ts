/**
 * Staff's view of the outbox: GET /api/admin/deliveries lists what has not reached n8n or Airtable yet (pending,
 * with the last error) and what will not without help (not delivered, with the reason); POST
 * /api/admin/deliveries/{seq}/resend puts a parked one back in the queue ("send again"). Staff session only.
 */
import type { IncomingMessage } from 'node:http';
import type { Router } from '../http/router';
import { sendJson } from '../http/respond';
import type { Delivery, Store } from '../store/store';
import { DEFAULT_GIVE_UP_MS } from './outbox';

export const DELIVERIES_PATH = '/api/admin/deliveries';

export interface DeliveryRoutesDeps {
  store: Store;
  isStaff: (req: IncomingMessage) => Promise<boolean>;
  kick: () => void;
  /** The outbox's give-up time (OUTBOX_GIVE_UP_HOURS): when a failing delivery will be parked. */
  giveUpAfterMs?: number;
}

/** What staff see of a delivery: where it goes, its state and reason, and enough of the submission to find it. */
export interface DeliveryView {
  seq: number;
  submissionId: string;
  target: Delivery['target'];
  destination: string;
  state: Delivery['state'];
  attempts: number;
  lastError: string | null;
  receivedAt: string;
  summary: string;
  /** A pending delivery that is failing: when it will be parked as not delivered if it keeps failing (ISO 8601). */
  retryUntil: string | null;
}

function summarise(payload: unknown): string {
  const fields = (payload && typeof payload === 'object' && 'fields' in payload ? (payload as { fields: unknown }).fields : payload) as Record<
    string,
    unknown
  > | null;
  if (!fields || typeof fields !== 'object') return '';
  const name = fields.name ?? fields.Name;
  const email = fields.email ?? fields.Email;
  return [name, email].filter((v) => typeof v === 'string' && v !== '').join(' · ');
}

export function toView(d: Delivery, giveUpAfterMs: number = DEFAULT_GIVE_UP_MS): DeliveryView {
  return {
    seq: d.seq,
    submissionId: d.submissionId,
    target: d.target,
    destination: d.target === 'airtable' ? `Airtable: ${d.path}` : `n8n: ${d.path}`,
    state: d.state,
    attempts: d.attempts,
    lastError: d.lastError,
    receivedAt: new Date(d.createdAt).toISOString(),
    summary: summarise(d.payload),
    retryUntil: d.state === 'pending' && typeof d.retryingSince === 'number' ? new Date(d.retryingSince + giveUpAfterMs).toISOString() : null,
  };
}

export function registerDeliveryRoutes(router: Router, deps: DeliveryRoutesDeps): void {
  router.route('GET', DELIVERIES_PATH, async (req, res) => {
    if (!(await deps.isStaff(req))) return sendJson(res, 401, { error: 'Sign in as staff first.' }, { 'Cache-Control': 'no-store' });
    const [rows, stats] = await Promise.all([deps.store.outbox.list(['not-delivered', 'pending'], 500), deps.store.outbox.stats()]);
    sendJson(res, 200, { stats, deliveries: rows.map((d) => toView(d, deps.giveUpAfterMs)) }, { 'Cache-Control': 'no-store' });
  });

  router.route('POST', `${DELIVERIES_PATH}/:seq/resend`, async (req, res, ctx) => {
    if (!(await deps.isStaff(req))) return sendJson(res, 401, { error: 'Sign in as staff first.' }, { 'Cache-Control': 'no-store' });
    const seq = Number(ctx.params.seq);
    if (!Number.isSafeInteger(seq) || seq <= 0) return sendJson(res, 400, { error: 'Not a delivery number.' });
    const ok = await deps.store.outbox.resend(seq, Date.now());
    if (!ok) return sendJson(res, 404, { error: 'There is no undelivered submission with that number.' });
    deps.kick();
    sendJson(res, 200, { ok: true });
  });
}
