/**
 * A token bucket per client address for the records API (Airtable itself allows 5 requests a second per base),
 * also the forms' and the chat's: an IPv6 client is counted by its /64 network (http/client.ts rateKey; one
 * household or server holds a whole /64, so a bucket per IPv6 address would be no limit at all).
 * The buckets live in the store's counters: in memory for the single SQLite process, in PostgreSQL for
 * replicas, so a client cannot multiply its allowance by the number of replicas behind the load balancer.
 */
import { rateKey } from './client';
import type { Counters } from '../store/store';

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBucketLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly scope = 'records-rate',
  ) {}

  /** 0 when the request may go ahead, else the seconds to wait. `address`: the client's (or already its rateKey). */
  async take(address: string): Promise<number> {
    const key = rateKey(address);
    if (this.perSecond <= 0) return 0;
    const t = this.now();
    let wait = 0;
    // a full bucket refills in burst / perSecond seconds: after that the key may be forgotten
    const expiresAt = t + Math.ceil((this.burst / this.perSecond) * 1000) + 1000;
    await this.counters.update<Bucket>(
      this.scope,
      key,
      (previous) => {
        const b = previous ?? { tokens: this.burst, at: t };
        const tokens = Math.min(this.burst, b.tokens + (Math.max(0, t - b.at) / 1000) * this.perSecond);
        if (tokens >= 1) return { tokens: tokens - 1, at: t };
        wait = Math.max(1, Math.ceil((1 - tokens) / this.perSecond));
        return { tokens, at: t };
      },
      expiresAt,
    );
    return wait;
  }
}
