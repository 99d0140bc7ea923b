/**
 * Store-and-forward to n8n: each stored submission gets an outbox row in the same transaction; a worker posts
 * due rows to `${N8N_WEBHOOK_BASE}/${path}` and retries with exponential backoff until n8n answers 2xx. Rows
 * live in SQLite, so a restart resumes delivery: a down n8n loses nothing.
 */
import { joinUrl } from '@gta/shared/core';
import type { RecordStore } from '../store/store';

export interface OutboxOptions {
  webhookBase: string;
  /** First retry delay (default 2 s), doubled per attempt, capped at maxDelayMs (default 10 min). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** How often the worker looks for due rows when idle (default 1 s). */
  pollMs?: number;
  timeoutMs?: number;
  log?: (message: string) => void;
  now?: () => number;
}

interface OutboxRow {
  seq: number;
  record_id: string;
  webhook_path: string;
  payload: string;
  attempts: number;
}

export interface OutboxStats {
  pending: number;
  delivered: number;
}

/** Adds a row (call inside the transaction that stores the submission). */
export function enqueue(store: RecordStore, recordId: string, webhookPath: string, payload: unknown, now = Date.now()): void {
  store.db
    .prepare('INSERT INTO outbox (record_id, webhook_path, payload, attempts, next_attempt_at) VALUES (?, ?, ?, 0, ?)')
    .run(recordId, webhookPath, JSON.stringify(payload), now);
}

export function outboxStats(store: RecordStore): OutboxStats {
  const row = store.db
    .prepare('SELECT SUM(CASE WHEN delivered_at IS NULL THEN 1 ELSE 0 END) AS pending, SUM(CASE WHEN delivered_at IS NULL THEN 0 ELSE 1 END) AS delivered FROM outbox')
    .get() as { pending: number | null; delivered: number | null };
  return { pending: row.pending ?? 0, delivered: row.delivered ?? 0 };
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private readonly now: () => number;

  constructor(
    private readonly store: RecordStore,
    private readonly options: OutboxOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (after a new submission). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.drain(), ms);
    this.timer.unref();
  }

  /** Delivers every due row once; reschedules itself. */
  async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        if (this.stopped) return;
        const due = this.store.db
          .prepare('SELECT seq, record_id, webhook_path, payload, attempts FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY seq LIMIT 20')
          .all(this.now()) as OutboxRow[];
        if (due.length === 0) break;
        await Promise.all(due.map((row) => this.deliver(row)));
      }
    } finally {
      this.running = false;
    }
    const next = this.store.db.prepare('SELECT MIN(next_attempt_at) AS at FROM outbox WHERE delivered_at IS NULL').get() as { at: number | null };
    const poll = this.options.pollMs ?? 1000;
    this.schedule(next.at === null ? poll * 30 : Math.max(0, Math.min(next.at - this.now(), poll * 30)));
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const url = joinUrl(this.options.webhookBase, row.webhook_path);
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Submission-Id': row.record_id },
        body: row.payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) error = `n8n answered ${response.status}`;
    } catch (err) {
      error = (err as Error).message;
    }
    if (error === null) {
      this.store.db.prepare('UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE seq = ?').run(this.now(), row.seq);
      return;
    }
    const attempts = row.attempts + 1;
    const delay = Math.min((this.options.initialDelayMs ?? 2000) * 2 ** (attempts - 1), this.options.maxDelayMs ?? 10 * 60 * 1000);
    this.store.db.prepare('UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE seq = ?').run(attempts, this.now() + delay, error, row.seq);
    this.options.log?.(`[outbox] ${row.webhook_path} submission ${row.record_id}: ${error}; retry ${attempts} in ${Math.round(delay / 1000)} s`);
  }
}
