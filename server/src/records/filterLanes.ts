/**
 * The filter lanes: how the records service runs a formula over a table without holding the event loop. At most
 * `lanes` filters run at once and `queue` wait (first come, first served), at most `perCaller` of them from one client
 * address; any more are answered at once with 503 and Retry-After instead of waiting in an unbounded line. A filter
 * runs in slices of sliceMs: its first fastMs of work with a turn of the event loop between slices (a search of the
 * site finishes there), then, as a costly filter, only within the share of the event loop all costly filters together
 * may use, so pages stay quick while they run. Time bounds what the step and text budgets (formula/limits.ts) cannot,
 * the same work on a slow or busy machine: past maxMs of its own work, or still running deadlineMs after it arrived
 * once costly, a filter stops with 422 naming the time limit; one still waiting (or slowed by others) then is 503.
 * So every filtered request is answered within about deadlineMs.
 */
import { FormulaLimitError } from '../formula';
import { ApiError } from './errors';

export interface FilterLaneOptions {
  /** Filters running at once. */
  lanes: number;
  /** Filters waiting for a lane; past it a request gets 503. */
  queue: number;
  /** How long a filter may hold the event loop before it lets other requests (page loads) run. */
  sliceMs: number;
  /** The work a filter does at full speed (a turn of the event loop between slices): the site's searches. */
  fastMs: number;
  /** Past fastMs, the share of the event loop all such costly filters together may use (0.2: a fifth). */
  share: number;
  /** Filters one caller (a client address) may have running or waiting; more are 503 at once. */
  perCaller: number;
  /** The work one filter may do, in milliseconds of its own slices. */
  maxMs: number;
  /** From a filter's arrival to its end (waiting for a lane included), in milliseconds. */
  deadlineMs: number;
  /** Seconds a refused request is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

export const FILTER_LANE_DEFAULTS: Readonly<FilterLaneOptions> = Object.freeze({
  lanes: 2,
  queue: 32,
  sliceMs: 2,
  fastMs: 10,
  share: 0.2,
  perCaller: 2,
  maxMs: 200,
  deadlineMs: 600,
  retryAfterSeconds: 1,
});

/** 503 in Airtable's shape, with Retry-After: the lanes and their queue are full. */
export function filtersBusy(retryAfterSeconds: number): ApiError {
  return new ApiError(503, 'SERVICE_UNAVAILABLE', 'The server is busy with other searches; try again in a moment.', {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** A first-come, first-served gate of `lanes` places with a line of at most `queue`. */
export class FilterLanes {
  private busy = 0;
  /** The costly filters' credit of event-loop time (ms): refilled at `share` of the clock (up to one slice), spent by their slices. */
  private credit = 0;
  private creditAt = performance.now();
  private readonly callers = new Map<string, number>();
  private readonly waiting: Array<{ start: () => void; timer?: NodeJS.Timeout }> = [];
  /** The server's own filters (no visitor request: alerts, the assistant, the sitemap, the sync's readers) waiting
   * for a lane: never refused, never timed out, and started before the visitors' line. */
  private readonly own: Array<() => void> = [];
  readonly options: Readonly<FilterLaneOptions>;

  constructor(options: Partial<FilterLaneOptions> = {}) {
    this.options = { ...FILTER_LANE_DEFAULTS, ...options };
  }

  /** Filters running and waiting now (tests and the bench read it). */
  get load(): { running: number; waiting: number } {
    return { running: this.busy, waiting: this.waiting.length + this.own.length };
  }

  /**
   * Runs `work` in a lane; 503 at once when the line is full, or when no lane is free by `deadline`. The server's
   * own work (`own`) is never refused: it waits in its own line, which goes first when a lane frees.
   */
  async run<T>(work: () => Promise<T>, deadline = Infinity, own = false): Promise<T> {
    if (own && this.busy >= this.options.lanes) {
      await new Promise<void>((resolve) => this.own.push(resolve));
    } else if (this.busy >= this.options.lanes) {
      if (this.waiting.length >= this.options.queue) throw filtersBusy(this.options.retryAfterSeconds);
      await new Promise<void>((resolve, reject) => {
        const entry: { start: () => void; timer?: NodeJS.Timeout } = { start: resolve };
        if (deadline !== Infinity) {
          entry.timer = setTimeout(
            () => {
              this.waiting.splice(this.waiting.indexOf(entry), 1);
              reject(filtersBusy(this.options.retryAfterSeconds));
            },
            Math.max(0, deadline - performance.now()),
          );
        }
        this.waiting.push(entry);
      });
    } else this.busy++;
    try {
      return await work();
    } finally {
      const mine = this.own.shift();
      const next = mine ? undefined : this.waiting.shift();
      if (mine) mine();
      else if (next) {
        clearTimeout(next.timer);
        next.start();
      } else this.busy--;
    }
  }

  /**
   * Waits until the costly filters have credit for another slice: together they take at most `share` of the event
   * loop, so a page that needs several turns of the loop is not slowed by a slice at each of them. (Yielding with
   * setImmediate alone put a slice of every running filter into every turn: under the attack suite the home page's
   * p95 went from 9 to ~150 ms.)
   */
  private async turn(slice: number, deadline: number): Promise<void> {
    const { share, sliceMs } = this.options;
    let now = performance.now();
    this.credit = Math.min(sliceMs, this.credit + (now - this.creditAt) * share) - slice;
    this.creditAt = now;
    while (this.credit < 0 && now < deadline) {
      await new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(Math.min(-this.credit / share, deadline - now)))));
      now = performance.now();
      this.credit = Math.min(sliceMs, this.credit + (now - this.creditAt) * share);
      this.creditAt = now;
    }
  }

  /**
   * Filters in slices in a lane, `prepare` (compiling the formula) first. Between slices: a turn of the event loop
   * for its first fastMs of work (the site's searches), then only as the costly filters' share allows (turn). Past
   * maxMs of its own work, or past deadlineMs from its arrival once costly, 422; past the deadline otherwise (waiting
   * for a lane, or slowed by others), 503: for `anyFormula` filters. The site's own shapes (the public grammar, the
   * server's own callers) are bounded by the formula budget and run at full speed, waiting for a lane as long as it
   * takes. A `caller` (a client address) has at most perCaller filters in the lanes. Only a `request` (an API
   * request of a visitor, staff or the server token) is ever refused with 503: the server's own callers (no request)
   * wait in their own line, first served, however many visitors wait.
   */
  filter<T>(items: readonly T[], prepare: () => (item: T) => boolean, who: { caller?: string; anyFormula?: boolean; request?: boolean } = {}): Promise<T[]> {
    const { caller, anyFormula = false } = who;
    // a client address is only known for a request
    const request = who.request ?? caller !== undefined;
    // a formula of the site's own shapes (the public grammar, or the server's own callers) is bounded by the formula
    // budget and runs at full speed; any other formula is paced past fastMs and stopped on time
    const deadline = anyFormula ? performance.now() + this.options.deadlineMs : Infinity;
    if (!request) return this.run(() => this.slices(items, prepare, deadline), deadline, true);
    if (caller === undefined) return this.run(() => this.slices(items, prepare, deadline), deadline);
    const mine = this.callers.get(caller) ?? 0;
    if (mine >= this.options.perCaller) return Promise.reject(filtersBusy(this.options.retryAfterSeconds));
    this.callers.set(caller, mine + 1);
    const done = () => {
      const left = (this.callers.get(caller) ?? 1) - 1;
      if (left > 0) this.callers.set(caller, left);
      else this.callers.delete(caller);
    };
    return this.run(() => this.slices(items, prepare, deadline), deadline).finally(done);
  }

  private async slices<T>(items: readonly T[], prepare: () => (item: T) => boolean, deadline: number): Promise<T[]> {
    const { sliceMs, fastMs, maxMs, deadlineMs } = this.options;
    const out: T[] = [];
    let spent = 0;
    let sliceStart = performance.now();
    const keep = prepare();
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as T;
      if (keep(item)) out.push(item);
      // checked after every record (a costly formula can spend milliseconds on one): ~50 ns a record
      const now = performance.now();
      if (now - sliceStart > sliceMs) {
        spent += now - sliceStart;
        const costly = spent > fastMs && deadline !== Infinity;
        // past its own work limit, or past the deadline once costly, the formula is too costly (422); past the
        // deadline with little work done, the server was busy with other filters (503)
        if (costly && (spent > maxMs || now > deadline)) throw tooSlow(maxMs, deadlineMs);
        if (now > deadline) throw filtersBusy(this.options.retryAfterSeconds);
        if (costly) await this.turn(now - sliceStart, deadline);
        else await new Promise<void>((resolve) => setImmediate(resolve));
        if (costly && performance.now() > deadline) throw tooSlow(maxMs, deadlineMs);
        sliceStart = performance.now();
      }
    }
    return out;
  }
}

function tooSlow(maxMs: number, deadlineMs: number): FormulaLimitError {
  return new FormulaLimitError(
    'time',
    `evaluating the formula over the table took more than the server gives one request (${maxMs} ms of work, ${deadlineMs} ms in all); simplify the formula`,
  );
}

/** The lanes every RecordsService of the process shares (one event loop). */
export const filterLanes = new FilterLanes();
