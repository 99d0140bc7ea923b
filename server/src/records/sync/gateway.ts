/**
 * The one way the server sends a request to the team's Airtable base in Airtable mode: a token of the fleet-wide
 * budget first (./budget.ts), then the request (records/proxy.ts forwardToAirtable, one attempt: a 429 is not retried
 * here but closes the budget for every replica, as Airtable asks). A request the budget cannot fit within the caller's
 * wait is answered here as Airtable would answer it, 429 RATE_LIMIT_REACHED with Retry-After, without reaching the
 * base: the callers (the outbox, the staff proxy, the sync) already treat a 429 as "try again later".
 */
import type { ServerConfig } from '../../config';
import type { Logger } from '../../log';
import { forwardToAirtable, type UpstreamRequest, type UpstreamResponse } from '../proxy';
import type { AirtableBudget, AirtablePriority } from './budget';

export interface GatewayRequestOptions {
  priority: AirtablePriority;
  /** How long the caller may wait for a token (default 10 s). */
  maxWaitMs?: number;
  timeoutMs?: number;
  /** Throw when the base cannot be reached instead of answering 503 (the outbox tells the two apart). */
  throwOnNetworkError?: boolean;
}

export type GatewayResponse = UpstreamResponse & {
  /** Answered by the budget: the request never reached the base. */
  refused?: boolean;
};

export class AirtableGateway {
  /** Requests sent to the base by this process (tests, logs). */
  sent = 0;

  constructor(
    private readonly config: Pick<ServerConfig, 'airtableApiUrl' | 'airtableBaseId' | 'airtableToken'>,
    readonly budget: AirtableBudget,
    private readonly log?: Logger,
  ) {}

  /** `/v0/{base}/{table}`, encoded. */
  tablePath(table: string): string {
    return `/v0/${encodeURIComponent(this.config.airtableBaseId ?? '')}/${encodeURIComponent(table)}`;
  }

  async send(request: UpstreamRequest, options: GatewayRequestOptions): Promise<GatewayResponse> {
    const grant = await this.budget.take(options.priority, options.maxWaitMs ?? 10_000);
    if (!grant.ok) return refusal(grant.retryAfterMs, grant.closed);
    this.sent++;
    const upstream = await forwardToAirtable(this.config as ServerConfig, request, {
      maxAttempts: 1,
      timeoutMs: options.timeoutMs,
      throwOnNetworkError: options.throwOnNetworkError,
    });
    if (upstream.status === 429) {
      const asked = Number(upstream.retryAfter);
      const ms = Number.isFinite(asked) && asked > 0 ? Math.max(asked * 1000, this.budget.penaltyMs) : this.budget.penaltyMs;
      this.log?.warn({ part: 'airtable', path: request.path, closedForMs: ms }, 'Airtable answered 429: nothing is sent to the base until it reopens');
      await this.budget.close(ms).catch(() => undefined);
      return { ...upstream, retryAfter: String(Math.ceil(ms / 1000)) };
    }
    return upstream;
  }
}

function refusal(retryAfterMs: number, closed: boolean): GatewayResponse {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const message = closed
    ? `Airtable refused the base's requests (429); the site sends nothing there for ${seconds} s more.`
    : "The site keeps the team base under Airtable's rate limit: try again shortly.";
  return {
    status: 429,
    contentType: 'application/json; charset=utf-8',
    body: Buffer.from(JSON.stringify({ errors: [{ error: 'RATE_LIMIT_REACHED', message }] })),
    retryAfter: String(seconds),
    refused: true,
  };
}
