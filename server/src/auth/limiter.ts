import { rateKey } from '../http/client';
import type { Counters } from '../store/store';

/**
 * Failed sign-in limiter per client address (an IPv6 client per /64 network, as forms and chat count: one household
 * or server holds a whole /64, so a count per IPv6 address would be none at all; http/client.ts rateKey): each failure slows the next answer a little; after
 * `maxFailures` failures inside the window the address is locked out (429 with Retry-After) for a while that
 * doubles with each further lockout, capped.
 */
export interface LimiterOptions {
  maxFailures: number;
  windowMs: number;
  lockoutMs: number;
  maxLockoutMs: number;
  /** Delay added per recent failure before answering a failed attempt. */
  delayPerFailureMs: number;
  maxDelayMs: number;
}

export const DEFAULT_LIMITER: LimiterOptions = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  lockoutMs: 60 * 1000,
  maxLockoutMs: 15 * 60 * 1000,
  delayPerFailureMs: 200,
  maxDelayMs: 1500,
};

interface Entry {
  failures: number;
  firstFailureAt: number;
  lockouts: number;
  lockedUntil: number;
}

/**
 * The entries live in the store's counters (PostgreSQL for replicas: failures count across every replica, and
 * a lockout made on one holds on all). An entry is kept until its window and lockout have passed.
 */
export class FailureLimiter {
  constructor(
    private readonly counters: Counters,
    readonly options: LimiterOptions = DEFAULT_LIMITER,
    private readonly now: () => number = Date.now,
    private readonly scope = 'sign-in',
  ) {}

  /** Seconds to wait when the address is locked out, else 0. */
  async retryAfterSeconds(address: string): Promise<number> {
    const e = await this.counters.get<Entry>(this.scope, rateKey(address));
    if (!e) return 0;
    const left = e.lockedUntil - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Records a failure; returns the delay to apply before answering. */
  async fail(address: string): Promise<number> {
    const t = this.now();
    const e = (await this.counters.update<Entry>(
      this.scope,
      rateKey(address),
      (previous) => {
        let e: Entry = previous ? { ...previous } : { failures: 0, firstFailureAt: t, lockouts: 0, lockedUntil: 0 };
        if (t - e.firstFailureAt > this.options.windowMs) e = { failures: 0, firstFailureAt: t, lockouts: e.lockouts, lockedUntil: e.lockedUntil };
        e.failures++;
        if (e.failures >= this.options.maxFailures) {
          const lock = Math.min(this.options.lockoutMs * 2 ** e.lockouts, this.options.maxLockoutMs);
          e.lockouts++;
          e.lockedUntil = t + lock;
          e.failures = 0;
          e.firstFailureAt = t;
        }
        return e;
      },
      // remembered while the window or the lockout runs, and as long again so repeated lockouts keep doubling
      t + Math.max(this.options.windowMs, this.options.maxLockoutMs) * 2,
    )) as Entry;
    return Math.min(e.failures * this.options.delayPerFailureMs, this.options.maxDelayMs);
  }

  async succeed(address: string): Promise<void> {
    await this.counters.update<Entry>(this.scope, rateKey(address), () => undefined, 0);
  }
}
