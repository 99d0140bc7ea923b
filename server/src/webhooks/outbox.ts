/**
 * Store-and-forward: a submission is committed together with one outbox row per place it must reach (n8n's
 * webhook, and in Airtable mode the team's base). A worker in every server process claims due rows in the
 * database (a lease per row: on PostgreSQL, replicas never deliver the same row at once, and a replica that dies
 * gives its rows back when the lease ends), sends them, and records the outcome:
 *  - accepted (2xx): delivered, once;
 *  - a passing failure (network, timeout, 408, 425, 429, 5xx): tried again later with exponential backoff,
 *    honouring Retry-After, for up to OUTBOX_GIVE_UP_HOURS (24 h) of failures in a row (an n8n or Airtable down
 *    for an afternoon loses nothing); past that it is parked like a permanent answer, its reason saying so;
 *  - a permanent answer (other 4xx: an inactive workflow, a refused credential, an unknown field): parked as
 *    "not delivered" with the reason after a bounded number of tries, shown to staff in /admin with a "send
 *    again" action.
 * Every attempt carries the submission id (X-Submission-Id and Idempotency-Key headers), so a receiver can drop
 * a repeat. n8n receives the form's fields as posted plus `form`, `submissionId` and `receivedAt` (n8nBody), with
 * the configured authentication (Header/Basic/JWT Auth, an HMAC signature of the exact body bytes).
 * Exactly one Airtable record per submission: every create carries the submission id in the table's
 * `Submission ID` field, and a create tried before (any failure, or a claim whose replica died mid-create and whose
 * lease another replica took over) is looked up by that field first: found, it is marked delivered; no clear
 * answer to the look-up, it waits and asks again rather than create blind.
 * An Airtable row payload `{ update: true, fields }` PATCHes the row created under the same submission id (listing
 * alerts: the staff row of a saved search, confirmed or unsubscribed), once that create is delivered.
 */
import crypto from 'node:crypto';
import { joinUrl } from '@gta/shared/core';
import type { ServerConfig } from '../config';
import type { Logger } from '../log';
import { forwardToAirtable, type ProxyOptions, type UpstreamRequest, type UpstreamResponse } from '../records/proxy';
import type { AirtableGateway } from '../records/sync/gateway';
import type { Delivery, DeliveryTarget, Store } from '../store/store';
import { authHeaders, type N8nWebhookAuth } from '../http/n8nAuth';

export interface OutboxOptions {
  /** n8n: rows of target 'n8n' go to `${webhookBase}/${path}`. */
  webhookBase?: string;
  /** How deliveries authenticate to n8n's Webhook node (N8N_WEBHOOK_* settings, src/http/n8nAuth.ts). */
  n8nAuth?: N8nWebhookAuth;
  /** Airtable mode: rows of target 'airtable' are created in this base. */
  airtable?: Pick<ServerConfig, 'airtableApiUrl' | 'airtableBaseId' | 'airtableToken'>;
  /**
   * Airtable mode: every request to the base goes through the fleet-wide budget (src/records/sync/budget.ts) at the
   * lead priority; a request it cannot fit soon is a 429 that never left (tried again when the budget has room).
   */
  airtableGateway?: AirtableGateway;
  /** First retry delay (default 2 s), doubled per attempt, capped at maxDelayMs (default 10 min). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** How often the worker looks for due rows when idle (default 1 s). */
  pollMs?: number;
  timeoutMs?: number;
  /** Rows claimed and delivered at once by this process (default 4): also the most a crash can send twice. */
  concurrency?: number;
  /** How long a claimed row stays with this process (default 2 min; more than one attempt's timeout). */
  leaseMs?: number;
  /** Wait after a 429 without Retry-After (default 30 s: Airtable asks for 30 seconds after its rate limit). */
  rateLimitDelayMs?: number;
  /**
   * How long passing failures in a row (5xx, 429, no answer) are retried before the row is parked for staff with
   * its last error (default 24 h, OUTBOX_GIVE_UP_HOURS). A row waiting on this server's own configuration (no
   * N8N_WEBHOOK_BASE yet) or on another row is not counted: it waits as long as that takes.
   */
  giveUpAfterMs?: number;
  /** Tries of a permanent answer before the row is parked (default: n8n 3, Airtable 1). */
  permanentTries?: Partial<Record<DeliveryTarget, number>>;
  log?: Logger;
  now?: () => number;
}

/** Passing failures in a row retried this long before the row is parked (OUTBOX_GIVE_UP_HOURS): 24 hours. */
export const DEFAULT_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/**
 * A delivery's outcome. A `retry` that is `waiting` is not the destination failing (this server lacks its setting,
 * or an update waits for its create): it is not counted towards the give-up time.
 */
export type Outcome =
  { kind: 'delivered'; remoteId?: string } | { kind: 'retry'; error: string; retryAfterMs?: number; waiting?: true } | { kind: 'permanent'; error: string };

/** "24 hours", "90 minutes": the give-up time as staff read it in a reason. */
export function formatDuration(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 1 && Number.isInteger(hours)) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Answers that say "try later": everything else in 4xx is the request's own fault and will not change. */
export function isPassingStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

function retryAfterMs(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** Keeps a URL's host and path, drops its user and password (never logged, never shown to staff). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

/** What n8n receives for a submission: the form's fields as the visitor sent them, then where and when it came from. */
export interface N8nSubmissionBody {
  [field: string]: unknown;
  /** The form's webhook path (contact-form, property-finder, …): a Switch node routes on it. */
  form: string;
  /** The submission's id, also in the X-Submission-Id and Idempotency-Key headers. */
  submissionId: string;
  /** When the site received it (ISO 8601, UTC). */
  receivedAt: string;
}

export function n8nBody(row: Pick<Delivery, 'path' | 'submissionId' | 'createdAt' | 'payload'>): N8nSubmissionBody {
  const fields = row.payload && typeof row.payload === 'object' && !Array.isArray(row.payload) ? (row.payload as Record<string, unknown>) : {};
  return { ...fields, form: row.path, submissionId: row.submissionId, receivedAt: new Date(row.createdAt).toISOString() };
}

/** What a refusal says (n8n's `message` and `hint`, or its plain-text answer), short and on one line, for the reason staff read. */
export function answerText(text: string): string {
  let said = text;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; hint?: unknown };
    if (parsed && typeof parsed === 'object' && typeof parsed.message === 'string')
      said = [parsed.message, typeof parsed.hint === 'string' ? parsed.hint : ''].filter(Boolean).join(' ');
  } catch {
    // plain text, as n8n's authorization errors are
  }
  // eslint-disable-next-line no-control-regex
  said = said.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return said.length > 300 ? `${said.slice(0, 300)}…` : said;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly now: () => number;
  /** This process's name on the rows it claims. */
  readonly owner = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

  constructor(
    private readonly store: Store,
    private readonly options: OutboxOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Which targets this process delivers to. */
  get targets(): DeliveryTarget[] {
    return [
      ...(this.options.webhookBase ? (['n8n'] as const) : []),
      ...(this.options.airtable?.airtableBaseId && this.options.airtable.airtableToken ? (['airtable'] as const) : []),
    ];
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (after a new submission). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Stops after the deliveries under way have finished (their outcome is recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.drain(), ms);
    this.timer.unref();
  }

  /** Delivers every due row once; reschedules itself. */
  drain(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.drainOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async drainOnce(): Promise<void> {
    const poll = this.options.pollMs ?? 1000;
    let next = poll * 30;
    try {
      for (;;) {
        if (this.stopped) return;
        // a batch is delivered at once and marked row by row: a replica killed mid-batch leaves at most this many
        // rows delivered but not marked, which another replica sends again (with the same idempotency key)
        const due = await this.store.outbox.claim(this.owner, this.now(), this.options.leaseMs ?? 120_000, this.options.concurrency ?? 4);
        if (due.length === 0) break;
        await Promise.all(due.map((row) => this.deliver(row)));
      }
      const at = await this.store.outbox.nextDueAt();
      // other replicas add rows too: look again at least every `poll` when something is pending
      if (at !== null) next = Math.max(0, Math.min(at - this.now(), poll));
    } catch (err) {
      this.options.log?.warn({ err }, 'outbox: the store could not be read; trying again shortly');
      next = poll;
    }
    this.schedule(next);
  }

  private async deliver(row: Delivery): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = row.target === 'airtable' ? await this.sendToAirtable(row) : await this.sendToN8n(row);
    } catch (err) {
      outcome = { kind: 'retry', error: (err as Error).message };
    }
    const outbox = this.store.outbox;
    if (outcome.kind === 'delivered') {
      await outbox.delivered(row.seq, this.owner, this.now(), outcome.remoteId);
      this.options.log?.info({ submission: row.submissionId, target: row.target, path: row.path, attempts: row.attempts + 1 }, 'outbox: delivered');
      return;
    }
    const attempts = row.attempts + 1;
    const permanentTries = this.options.permanentTries?.[row.target] ?? (row.target === 'airtable' ? 1 : 3);
    const now = this.now();
    // passing failures in a row since retryingSince (this one starts the run when there is none)
    const giveUpAfterMs = this.options.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS;
    const failingFor = outcome.kind === 'retry' && !outcome.waiting ? now - (row.retryingSince ?? now) : 0;
    if (outcome.kind === 'retry' && !outcome.waiting && failingFor >= giveUpAfterMs) {
      const reason = `Still failing after ${formatDuration(giveUpAfterMs)} of retries (${attempts} attempts); last error: ${outcome.error}`;
      await outbox.park(row.seq, this.owner, reason);
      this.options.log?.error(
        { submission: row.submissionId, target: row.target, path: row.path, attempts, reason: outcome.error, failingForMs: failingFor },
        'outbox: not delivered after the give-up time; kept for staff',
      );
      return;
    }
    if (outcome.kind === 'permanent' && attempts >= permanentTries) {
      await outbox.park(row.seq, this.owner, outcome.error);
      this.options.log?.error(
        { submission: row.submissionId, target: row.target, path: row.path, attempts, reason: outcome.error },
        'outbox: not delivered; kept for staff',
      );
      return;
    }
    const backoff = Math.min((this.options.initialDelayMs ?? 2000) * 2 ** (attempts - 1), this.options.maxDelayMs ?? 10 * 60 * 1000);
    const delay = outcome.kind === 'retry' && outcome.retryAfterMs !== undefined ? Math.max(outcome.retryAfterMs, backoff) : backoff;
    await outbox.retry(row.seq, this.owner, now + delay, outcome.error, outcome.kind === 'retry' && !outcome.waiting ? now : undefined);
    this.options.log?.warn(
      { submission: row.submissionId, target: row.target, path: row.path, attempts, reason: outcome.error, retryInMs: delay },
      'outbox: will try again',
    );
  }

  private async sendToN8n(row: Delivery): Promise<Outcome> {
    const base = this.options.webhookBase;
    if (!base) return { kind: 'retry', error: 'N8N_WEBHOOK_BASE is not set on this server', waiting: true };
    const target = new URL(joinUrl(base, row.path));
    const body = Buffer.from(JSON.stringify(n8nBody(row)));
    // credentials written into the base URL travel as Basic auth, never in the URL (and never in a log)
    const fromUrl =
      target.username || target.password ? { user: decodeURIComponent(target.username), password: decodeURIComponent(target.password) } : undefined;
    target.username = '';
    target.password = '';
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Submission-Id': row.submissionId,
      'Idempotency-Key': row.submissionId,
      'X-Form-Name': row.path,
      ...authHeaders(this.options.n8nAuth, body, this.now(), row.submissionId, fromUrl),
    };
    let response: Response;
    try {
      response = await fetch(target, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000) });
    } catch (err) {
      return { kind: 'retry', error: `n8n could not be reached (${(err as Error).message})` };
    }
    const text = await response.text().catch(() => '');
    if (response.ok) return { kind: 'delivered' };
    const said = answerText(text);
    const error = `n8n answered ${response.status} at ${redactUrl(target.toString())}${said ? `: ${said}` : ''}`;
    return isPassingStatus(response.status)
      ? { kind: 'retry', error, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) }
      : { kind: 'permanent', error };
  }

  private async sendToAirtable(row: Delivery): Promise<Outcome> {
    const airtable = this.options.airtable;
    if (!airtable?.airtableBaseId || !airtable.airtableToken)
      return { kind: 'retry', error: 'AIRTABLE_BASE_ID / AIRTABLE_TOKEN are not set on this server', waiting: true };
    const config = airtable as ServerConfig;
    const tablePath = `/v0/${encodeURIComponent(airtable.airtableBaseId)}/${encodeURIComponent(row.path)}`;
    const fields = (row.payload as { fields?: Record<string, unknown> }).fields ?? {};
    if ((row.payload as { update?: unknown }).update === true) return this.updateInAirtable(config, tablePath, row, fields);
    // Exactly one record per submission: any earlier try may have created it (an answer lost to a timeout or a
    // reset, a 5xx from a proxy after Airtable had it, a replica killed or out of lease mid-create), so a row that
    // was ever tried is looked up by its submission id first, and sent again only when Airtable says it has none.
    if (row.attempts > 0 || row.interrupted === true || row.lastError !== null) {
      const found = await this.findCreated(config, tablePath, row.submissionId);
      if (found.kind !== 'absent') return found;
    }
    const timeoutMs = this.options.timeoutMs ?? 15_000;
    const sent = { ...fields, [SUBMISSION_ID_FIELD]: row.submissionId };
    let upstream;
    try {
      upstream = await this.airtableRequest(
        config,
        { method: 'POST', path: `${tablePath}/`, search: '', body: Buffer.from(JSON.stringify({ fields: sent, typecast: true })) },
        { maxAttempts: 1, timeoutMs, throwOnNetworkError: true },
      );
    } catch (err) {
      return { kind: 'retry', error: `no answer from Airtable (${(err as Error).message})` };
    }
    if (upstream.status >= 200 && upstream.status < 300) {
      const created = JSON.parse(upstream.body.toString('utf8')) as { id?: string };
      return { kind: 'delivered', remoteId: created.id };
    }
    return this.airtableFailure(upstream);
  }

  /** One request to the base: through the fleet-wide budget when there is one, at the lead priority. */
  private airtableRequest(config: ServerConfig, request: UpstreamRequest, options: ProxyOptions): Promise<UpstreamResponse> {
    const gateway = this.options.airtableGateway;
    if (!gateway) return forwardToAirtable(config, request, options);
    return gateway.send(request, { priority: 'lead', maxWaitMs: 5000, timeoutMs: options.timeoutMs, throwOnNetworkError: options.throwOnNetworkError });
  }

  /**
   * A change to a row this outbox created (payload `{ update: true, fields }`, kept under the same submission id as
   * the create: a saved search confirmed or unsubscribed): PATCHed once the create is delivered and Airtable's id of
   * the row is known; until then it waits (a passing failure).
   */
  private async updateInAirtable(config: ServerConfig, tablePath: string, row: Delivery, fields: Record<string, unknown>): Promise<Outcome> {
    const rows = await this.store.outbox.forSubmission(row.submissionId);
    const created = rows.find(
      (d) => d.target === 'airtable' && d.path === row.path && d.seq < row.seq && (d.payload as { update?: unknown } | null)?.update !== true,
    );
    if (!created) return { kind: 'permanent', error: `no ${row.path} row was created in Airtable for ${row.submissionId}` };
    if (created.state !== 'delivered' || !created.remoteId)
      return { kind: 'retry', error: `waiting for the ${row.path} row to be created in Airtable first`, waiting: true };
    let upstream;
    try {
      upstream = await this.airtableRequest(
        config,
        {
          method: 'PATCH',
          path: `${tablePath}/${encodeURIComponent(created.remoteId)}`,
          search: '',
          body: Buffer.from(JSON.stringify({ fields, typecast: true })),
        },
        { maxAttempts: 1, timeoutMs: this.options.timeoutMs ?? 15_000, throwOnNetworkError: true },
      );
    } catch (err) {
      // a PATCH repeated sets the same values: safe to send again
      return { kind: 'retry', error: `no answer from Airtable (${(err as Error).message})` };
    }
    if (upstream.status >= 200 && upstream.status < 300) return { kind: 'delivered', remoteId: created.remoteId };
    return this.airtableFailure(upstream);
  }

  /**
   * Whether Airtable already holds this submission's record: `filterByFormula={Submission ID} = '<id>'`. Found:
   * delivered with its id; none: `absent` (create it); no clear answer: tried again later, never created blind.
   */
  private async findCreated(config: ServerConfig, tablePath: string, submissionId: string): Promise<Outcome | { kind: 'absent' }> {
    const search = new URLSearchParams({
      filterByFormula: submissionIdFormula(submissionId),
      maxRecords: '1',
      'fields[]': SUBMISSION_ID_FIELD,
    });
    let upstream;
    try {
      upstream = await this.airtableRequest(
        config,
        { method: 'GET', path: tablePath, search: `?${search}` },
        { maxAttempts: 1, timeoutMs: this.options.timeoutMs ?? 15_000, throwOnNetworkError: true },
      );
    } catch (err) {
      return { kind: 'retry', error: `no answer from Airtable to the look-up of ${submissionId} before sending it again (${(err as Error).message})` };
    }
    if (upstream.status === 200) {
      try {
        const body = JSON.parse(upstream.body.toString('utf8')) as { records?: { id?: unknown }[] };
        if (Array.isArray(body.records)) {
          const id = body.records[0]?.id;
          return typeof id === 'string' ? { kind: 'delivered', remoteId: id } : { kind: 'absent' };
        }
      } catch {
        // not Airtable's answer: below
      }
      return { kind: 'retry', error: `Airtable's answer to the look-up of ${submissionId} was not a list of records` };
    }
    // a passing failure is asked again later; a table without the field (422 INVALID_FILTER_BY_FORMULA) or a refused
    // token is permanent: staff must act, nothing is sent
    return this.airtableFailure(upstream, ` to the look-up of ${submissionId} by its '${SUBMISSION_ID_FIELD}' field`);
  }

  /**
   * The outcome of an answer from Airtable that is not a success: a passing status (408, 425, 429, 5xx) is tried
   * again, after its Retry-After or else, for a 429, the rate limit's delay; any other is permanent. `about` says
   * which request it answered.
   */
  private airtableFailure(upstream: UpstreamResponse, about = ''): Outcome {
    const detail = airtableErrorText(upstream.body);
    const error = `Airtable answered ${upstream.status}${about}${detail ? `: ${detail}` : ''}`;
    if (!isPassingStatus(upstream.status)) return { kind: 'permanent', error };
    const delay = upstream.status === 429 ? (this.options.rateLimitDelayMs ?? 30_000) : undefined;
    return { kind: 'retry', error, retryAfterMs: retryAfterMs(upstream.retryAfter) ?? delay };
  }
}

/** The text field every table of the team's base has for the outbox: the submission id, looked up before a retry. */
export const SUBMISSION_ID_FIELD = 'Submission ID';

/** Airtable's formula for "this submission's record" (a string literal in single quotes, `\\` and `'` escaped). */
export function submissionIdFormula(submissionId: string): string {
  return `{${SUBMISSION_ID_FIELD}} = '${submissionId.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function airtableErrorText(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { type?: string; message?: string } | string };
    if (typeof parsed.error === 'string') return parsed.error;
    return [parsed.error?.type, parsed.error?.message].filter(Boolean).join(' ').slice(0, 300);
  } catch {
    return '';
  }
}
