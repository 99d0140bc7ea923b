/**
 * Failed sign-in limiter per client address: each failure slows the next answer a little; after
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

export class FailureLimiter {
  private readonly entries = new Map<string, Entry>();
  constructor(
    readonly options: LimiterOptions = DEFAULT_LIMITER,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when the address is locked out, else 0. */
  retryAfterSeconds(key: string): number {
    const e = this.entries.get(key);
    if (!e) return 0;
    const left = e.lockedUntil - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Records a failure; returns the delay to apply before answering. */
  fail(key: string): number {
    const t = this.now();
    let e = this.entries.get(key);
    if (!e || t - e.firstFailureAt > this.options.windowMs) {
      e = { failures: 0, firstFailureAt: t, lockouts: e?.lockouts ?? 0, lockedUntil: 0 };
      this.entries.set(key, e);
    }
    e.failures++;
    if (e.failures >= this.options.maxFailures) {
      const lock = Math.min(this.options.lockoutMs * 2 ** e.lockouts, this.options.maxLockoutMs);
      e.lockouts++;
      e.lockedUntil = t + lock;
      e.failures = 0;
      e.firstFailureAt = t;
    }
    if (this.entries.size > 10_000) this.prune(t);
    return Math.min(e.failures * this.options.delayPerFailureMs, this.options.maxDelayMs);
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }

  private prune(t: number): void {
    for (const [key, e] of this.entries) if (e.lockedUntil < t && t - e.firstFailureAt > this.options.windowMs) this.entries.delete(key);
  }
}
