/**
 * The listing-alert matcher: every ALERTS_INTERVAL_MS (default 5 min), and soon after the listings change (a
 * record written to Properties through the records API, a search confirmed), it evaluates each active saved
 * search's formula (the listings search's own, shared listingAlerts.ts) with the server's formula engine over the
 * listings the pages show (the local table, or the team's base in Airtable mode), and records one step per visitor
 * (their searches of one frequency, one alert per period) in the database (matching.ts decides,
 * store.alerts.matchVisitor commits: seen listings + the alert's outbox row in one transaction, the visitor's
 * searches held by their row locks and, on PostgreSQL, an advisory lock on the visitor's group). Nothing is claimed in memory: a replica killed mid-run leaves either
 * a committed step or none, and every replica may run the matcher (a search another is matching is skipped).
 */
import { alertFormula } from '@gta/shared/core';
import { compileFormula, type CompiledFormula } from '../formula';
import type { Logger } from '../log';
import type { SavedSearch, Store, StoredRecord } from '../store/store';
import { newRecordId } from '../store/ids';
import { visitorAlertDeliveries } from './deliveries';
import { decideVisitorStep, visitorGroup } from './matching';

export interface AlertMatcherOptions {
  store: Store;
  /** The listings as the pages see them. */
  listings: () => Promise<readonly StoredRecord[]>;
  /** Runs on this interval (ms); 0 turns the schedule off (changes still start a run). */
  intervalMs: number;
  /** The base's time zone for dates in formulas. */
  timeZone?: string;
  /** Called after a run kept at least one alert (the outbox looks for work at once). */
  onAlerts?: () => void;
  log?: Logger;
  now?: () => number;
}

export interface MatchRun {
  /** Active searches looked at. */
  searches: number;
  /** Alerts kept for delivery (one per visitor and frequency at most). */
  alerts: number;
}

/** How long the matcher works before it lets requests run (it yields to the event loop). */
const SLICE_MS = 5;

export class AlertMatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<MatchRun> | undefined;
  private again = false;
  private stopped = true;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: AlertMatcherOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.options.intervalMs > 0 ? Math.min(this.options.intervalMs, 10_000) : -1);
  }

  /** Something changed (a listing written, a search confirmed): run soon, once more if a run is under way. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(100);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (ms < 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run()
        .catch((err: unknown) => this.options.log?.warn({ err }, 'alerts: the matcher run failed; trying again at the next one'))
        .finally(() => {
          if (this.again) {
            this.again = false;
            this.schedule(0);
          } else if (!this.timer) this.schedule(this.options.intervalMs > 0 ? this.options.intervalMs : -1);
        });
    }, ms);
    this.timer.unref();
  }

  /** One run over every active saved search (tests call it directly). Concurrent calls share one run. */
  run(): Promise<MatchRun> {
    if (this.running) return this.running;
    this.running = this.runOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Compiled per run: a compiled formula's budget (formula/limits.ts) counts all the work done with it. */
  private compiled(search: SavedSearch): CompiledFormula | null {
    try {
      return compileFormula(alertFormula(search.criteria), undefined, { timeZone: this.options.timeZone ?? 'UTC' });
    } catch (err) {
      this.options.log?.warn({ err, search: search.id }, 'alerts: a saved search has a formula the engine refuses; skipped');
      return null;
    }
  }

  private async matching(formula: CompiledFormula, listings: readonly StoredRecord[]): Promise<StoredRecord[]> {
    const out: StoredRecord[] = [];
    let sliceStart = performance.now();
    for (let i = 0; i < listings.length; i++) {
      const record = listings[i] as StoredRecord;
      if (formula.matches(record.fields, record)) out.push(record);
      if ((i & 15) === 15 && performance.now() - sliceStart > SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return out;
  }

  private async runOnce(): Promise<MatchRun> {
    const { store } = this.options;
    const searches = await store.alerts.active();
    if (searches.length === 0) return { searches: 0, alerts: 0 };
    const listings = await this.options.listings();
    // one alert per visitor and period: a visitor's searches of one frequency are matched, and alerted, together
    const groups = new Map<string, SavedSearch[]>();
    for (const search of searches) {
      const key = visitorGroup(search);
      const group = groups.get(key);
      if (group) group.push(search);
      else groups.set(key, [search]);
    }
    let alerts = 0;
    for (const [group, members] of groups) {
      if (this.closed) break;
      const matches = new Map<string, StoredRecord[]>();
      for (const search of members) {
        if (this.closed) break;
        const formula = this.compiled(search);
        if (!formula) continue;
        try {
          matches.set(search.id, await this.matching(formula, listings));
        } catch (err) {
          // a formula over its budget (limits.ts) fails this search only
          this.options.log?.warn({ err, search: search.id }, 'alerts: the saved search could not be evaluated; skipped this run');
        }
      }
      if (this.closed || matches.size === 0) continue;
      const at = this.now();
      const step = await store.alerts.matchVisitor(group, [...matches.keys()], at, (current, seen) =>
        decideVisitorStep(
          current.map((search) => ({ search, seen: seen.get(search.id) ?? new Map(), matches: matches.get(search.id) ?? [] })),
          at,
          newRecordId,
          visitorAlertDeliveries,
        ),
      );
      if (step?.alert) {
        alerts++;
        const alertId = step.alert.id;
        this.options.log?.info(
          {
            searches: step.searches.filter((s) => s.alerted).map((s) => s.searchId),
            alert: alertId,
            listings: step.searches.reduce((n, s) => n + s.seen.filter((l) => l.alertId === alertId).length, 0),
          },
          'alerts: listing alert kept for delivery',
        );
      }
    }
    if (alerts > 0) this.options.onAlerts?.();
    return { searches: searches.length, alerts };
  }
}
