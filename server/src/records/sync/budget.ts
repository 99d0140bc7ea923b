/**
 * The fleet-wide budget of requests to the team's Airtable base. Airtable allows 5 requests a second per base and,
 * after a 429, refuses the base for 30 seconds; everything the site sends there (the sync of the public tables, lead
 * creation through the outbox, staff reads in /admin, alert bookkeeping) takes a token here first.
 *
 * One token bucket per base in the store's counters (in memory for the single SQLite process, one row in the
 * PostgreSQL the replicas share, changed under its row lock): `perSecond` tokens a second up to `burst`, so no second
 * ever holds more than burst + perSecond requests (defaults 2 + 3 = 5). Lead delivery has priority: a lead takes a
 * token whenever one is there, every other request only when the bucket is full, so the last token is always left for
 * a lead (a lead waits at most 1 / perSecond behind the others). A 429 from the base closes the budget for
 * `penaltyMs` (30 s, what Airtable asks for) for every replica.
 */
import type { Counters } from '../../store/store';

/** lead: the outbox's deliveries (a visitor's lead must reach the team first); staff: /admin's reads and writes; sync: the copy. */
export type AirtablePriority = 'lead' | 'staff' | 'sync';

export interface AirtableBudgetOptions {
  /** Tokens a second (default 3). */
  perSecond?: number;
  /** The bucket's size (default 2): at most burst + perSecond requests in any second. */
  burst?: number;
  /** How long a 429 closes the budget (default 30 s). */
  penaltyMs?: number;
  now?: () => number;
}

interface BucketState {
  tokens: number;
  at: number;
  /** Epoch ms until which nothing is sent (after a 429); 0 when open. */
  closedUntil: number;
}

export interface BudgetGrant {
  ok: boolean;
  /** Refused: the ms until a token could be there (or the budget opens again). */
  retryAfterMs: number;
  /** Refused because a 429 closed the budget. */
  closed: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());

export class AirtableBudget {
  readonly perSecond: number;
  readonly burst: number;
  readonly penaltyMs: number;
  private readonly now: () => number;

  constructor(
    private readonly counters: Counters,
    /** The base id: one budget per base. */
    private readonly key: string,
    options: AirtableBudgetOptions = {},
  ) {
    this.perSecond = options.perSecond ?? 3;
    this.burst = Math.max(1, options.burst ?? 2);
    this.penaltyMs = options.penaltyMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** Takes a token now when there is one for `priority`: 0, else the ms to wait before asking again. */
  async tryTake(priority: AirtablePriority): Promise<{ waitMs: number; closed: boolean }> {
    const t = this.now();
    let waitMs = 0;
    let closed = false;
    const need = priority === 'lead' ? 1 : this.burst;
    await this.counters.update<BucketState>(
      'airtable-budget',
      this.key,
      (previous) => {
        const b = previous ?? { tokens: this.burst, at: t, closedUntil: 0 };
        const tokens = Math.min(this.burst, b.tokens + (Math.max(0, t - b.at) / 1000) * this.perSecond);
        if (b.closedUntil > t) {
          waitMs = b.closedUntil - t;
          closed = true;
          return { tokens, at: t, closedUntil: b.closedUntil };
        }
        if (tokens >= need - 1e-9) return { tokens: tokens - 1, at: t, closedUntil: 0 };
        waitMs = Math.max(1, Math.ceil(((need - tokens) / this.perSecond) * 1000));
        return { tokens, at: t, closedUntil: 0 };
      },
      t + this.penaltyMs + 60_000,
    );
    return { waitMs, closed };
  }

  /** Waits for a token up to `maxWaitMs`; refused (with how long until one could be there) when the wait would be longer. */
  async take(priority: AirtablePriority, maxWaitMs: number): Promise<BudgetGrant> {
    const started = this.now();
    for (;;) {
      const { waitMs, closed } = await this.tryTake(priority);
      if (waitMs === 0) return { ok: true, retryAfterMs: 0, closed: false };
      const waited = this.now() - started;
      if (waited + waitMs > maxWaitMs) return { ok: false, retryAfterMs: waitMs, closed };
      await sleep(waitMs);
    }
  }

  /** Airtable answered 429: nothing goes to the base from any replica for `penaltyMs`. */
  async close(ms = this.penaltyMs): Promise<void> {
    const t = this.now();
    await this.counters.update<BucketState>(
      'airtable-budget',
      this.key,
      (previous) => ({ tokens: 0, at: t, closedUntil: Math.max(previous?.closedUntil ?? 0, t + ms) }),
      t + ms + 60_000,
    );
  }

  /** Until when a 429 keeps the budget closed (epoch ms), or null when it is open. */
  async closedUntil(): Promise<number | null> {
    const state = await this.counters.get<BucketState>('airtable-budget', this.key);
    return state && state.closedUntil > this.now() ? state.closedUntil : null;
  }
}
