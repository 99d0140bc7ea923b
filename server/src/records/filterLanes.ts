/**
 * The filter lanes: how the records service runs a formula over a table without holding the event loop. A filter
 * runs in slices (it yields to the event loop after every FILTER_SLICE_MS of work), at most FILTER_LANES filters run
 * at once, at most FILTER_QUEUE wait for a lane (first come, first served), and any more are answered at once with
 * 503 and Retry-After instead of waiting in an unbounded line. A filter whose own work (its slices, summed) passes
 * FILTER_MAX_MS stops with 422 naming that limit: the step and text budgets (formula/limits.ts) bound the work, and
 * this bounds what the same work costs on a slow or busy machine.
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
  /** The work one filter may do, in milliseconds of its own slices. */
  maxMs: number;
  /** Seconds a refused request is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

export const FILTER_LANE_DEFAULTS: Readonly<FilterLaneOptions> = Object.freeze({
  lanes: 2,
  queue: 4,
  sliceMs: 5,
  maxMs: 500,
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
  private readonly waiting: Array<() => void> = [];
  readonly options: Readonly<FilterLaneOptions>;

  constructor(options: Partial<FilterLaneOptions> = {}) {
    this.options = { ...FILTER_LANE_DEFAULTS, ...options };
  }

  /** Filters running and waiting now (tests and the bench read it). */
  get load(): { running: number; waiting: number } {
    return { running: this.busy, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.options.lanes) {
      if (this.waiting.length >= this.options.queue) throw filtersBusy(this.options.retryAfterSeconds);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.busy++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }

  /**
   * Filters in slices in a lane: after every sliceMs of work it yields to the event loop (setImmediate), so a costly
   * search delays a page request by a few slices at most, not by the whole search; past maxMs of its own work it
   * stops with 422. Small tables finish within one slice.
   */
  filter<T>(items: readonly T[], keep: (item: T) => boolean): Promise<T[]> {
    const { sliceMs, maxMs } = this.options;
    return this.run(async () => {
      const out: T[] = [];
      let spent = 0;
      let sliceStart = performance.now();
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as T;
        if (keep(item)) out.push(item);
        if ((i & 7) === 7) {
          const now = performance.now();
          if (now - sliceStart > sliceMs) {
            spent += now - sliceStart;
            if (spent > maxMs) throw tooSlow(maxMs);
            await new Promise<void>((resolve) => setImmediate(resolve));
            sliceStart = performance.now();
          }
        }
      }
      return out;
    });
  }
}

function tooSlow(maxMs: number): FormulaLimitError {
  return new FormulaLimitError(
    'time',
    `evaluating the formula over the table took more than ${maxMs} ms of the server's time; the limit is ${maxMs} ms per request (simplify the formula)`,
  );
}

/** The lanes every RecordsService of the process shares (one event loop). */
export const filterLanes = new FilterLanes();
