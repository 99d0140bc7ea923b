/**
 * Counters in this process's memory, for the SQLite store (one process per data folder, enforced by a lock):
 * nothing to share, and a rate-limit check per request then costs no disk write. Entries leave when they expire,
 * never because many other keys arrived (an attacker cannot reset his own limit by flooding new addresses).
 */
import type { Counters } from './types';

interface Entry {
  value: unknown;
  expiresAt: number;
}

export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async update<T>(scope: string, key: string, change: (previous: T | undefined) => T | undefined, expiresAt: number): Promise<T | undefined> {
    const id = `${scope}\u0000${key}`;
    const t = this.now();
    this.sweep(t);
    const entry = this.entries.get(id);
    const previous = entry && entry.expiresAt > t ? (entry.value as T) : undefined;
    const next = change(previous);
    if (next === undefined) this.entries.delete(id);
    else this.entries.set(id, { value: next, expiresAt });
    return next;
  }

  async get<T>(scope: string, key: string): Promise<T | undefined> {
    const entry = this.entries.get(`${scope}\u0000${key}`);
    return entry && entry.expiresAt > this.now() ? (entry.value as T) : undefined;
  }

  /** Drops expired entries, at most once a second (amortised over the calls). */
  private sweep(t: number): void {
    if (t - this.lastSweep < 1000) return;
    this.lastSweep = t;
    for (const [id, e] of this.entries) if (e.expiresAt <= t) this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}
