/**
 * Proxy mode: the records API forwards to real Airtable (AIRTABLE_API_URL, default https://api.airtable.com)
 * with the server-held token. A 429 from upstream is retried with exponential backoff (honouring Retry-After)
 * before it is passed on; a connection failure is a 503 in Airtable's shape.
 */
import type { ServerConfig } from '../config';

export interface UpstreamRequest {
  method: string;
  /** `/v0/{base}/{table}[/...]`, already encoded. */
  path: string;
  /** The original query string, including '?'. */
  search: string;
  body?: Buffer;
}

export interface UpstreamResponse {
  status: number;
  contentType: string;
  body: Buffer;
  retryAfter?: string;
}

export interface ProxyOptions {
  /** Attempts on 429 before giving up (default 4). */
  maxAttempts?: number;
  /** First backoff delay (default 500 ms), doubled each time, capped at maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  /** Throw when Airtable cannot be reached or does not answer in time, instead of answering a 503 (the outbox tells the two apart). */
  throwOnNetworkError?: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function forwardToAirtable(config: ServerConfig, request: UpstreamRequest, options: ProxyOptions = {}): Promise<UpstreamResponse> {
  const maxAttempts = options.maxAttempts ?? 4;
  const initial = options.initialDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 8000;
  const url = `${config.airtableApiUrl.replace(/\/+$/, '')}${request.path}${request.search}`;
  let last: UpstreamResponse | undefined;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method === 'HEAD' ? 'GET' : request.method,
        headers: { Authorization: `Bearer ${config.airtableToken ?? ''}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: request.body && request.body.length > 0 ? request.body : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (err) {
      if (options.throwOnNetworkError) throw err;
      return {
        status: 503,
        contentType: 'application/json; charset=utf-8',
        body: Buffer.from(
          JSON.stringify({ error: { type: 'SERVICE_UNAVAILABLE', message: `The database service could not be reached (${(err as Error).message}).` } }),
        ),
      };
    }
    const body = Buffer.from(await response.arrayBuffer());
    last = {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
      body,
      retryAfter: response.headers.get('retry-after') ?? undefined,
    };
    if (response.status !== 429) return last;
    if (attempt + 1 < maxAttempts) {
      const retryAfter = Number(last.retryAfter);
      const backoff = Math.min(initial * 2 ** attempt, maxDelay);
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, maxDelay) : backoff);
    }
  }
  return last as UpstreamResponse;
}
