/**
 * The fleet-wide budget of requests to the team's base, on a clock the test moves: never more than 5 requests in
 * any second, leads always find the last token, a 429 closes it for 30 s, and replicas sharing the counters share it.
 */
import { MemoryCounters } from '../../store/memoryCounters';
import { AirtableBudget, type AirtablePriority } from './budget';

function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1_000_000;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('AirtableBudget', () => {
  it('lets at most 5 requests through in any second, however hard every priority asks', async () => {
    const c = clock();
    const budget = new AirtableBudget(new MemoryCounters(c.now), 'appBase', { now: c.now });
    const granted: number[] = [];
    const priorities: AirtablePriority[] = ['lead', 'staff', 'sync'];
    // every 10 ms for 5 s, each priority asks once
    for (let step = 0; step < 500; step++) {
      for (const p of priorities) if ((await budget.tryTake(p)).waitMs === 0) granted.push(c.now());
      c.advance(10);
    }
    const worstSecond = Math.max(...granted.map((at) => granted.filter((g) => g >= at && g <= at + 1000).length));
    expect(worstSecond).toBeLessThanOrEqual(5);
    // and it is not starved: about 3 a second over the 5 s
    expect(granted.length).toBeGreaterThanOrEqual(14);
  });

  it('keeps the last token for a lead: the sync and staff wait for a full bucket, a lead does not', async () => {
    const c = clock();
    const budget = new AirtableBudget(new MemoryCounters(c.now), 'appBase', { now: c.now });
    expect((await budget.tryTake('sync')).waitMs).toBe(0);
    // one token left: the sync must wait, a lead takes it at once
    expect((await budget.tryTake('sync')).waitMs).toBeGreaterThan(0);
    expect((await budget.tryTake('staff')).waitMs).toBeGreaterThan(0);
    expect((await budget.tryTake('lead')).waitMs).toBe(0);
    // while the sync asks all the time, a lead never waits more than one token's time (1/3 s)
    let leadWaits = 0;
    for (let step = 0; step < 300; step++) {
      await budget.tryTake('sync');
      if (step % 50 === 0) {
        const { waitMs } = await budget.tryTake('lead');
        leadWaits = Math.max(leadWaits, waitMs);
      }
      c.advance(10);
    }
    expect(leadWaits).toBeLessThanOrEqual(334);
  });

  it('a 429 closes the budget for 30 s for every replica that shares the counters', async () => {
    const c = clock();
    const counters = new MemoryCounters(c.now);
    const one = new AirtableBudget(counters, 'appBase', { now: c.now });
    const two = new AirtableBudget(counters, 'appBase', { now: c.now });
    const otherBase = new AirtableBudget(counters, 'appOther', { now: c.now });
    await one.close();
    expect(await two.tryTake('lead')).toEqual({ waitMs: 30_000, closed: true });
    expect((await otherBase.tryTake('lead')).waitMs).toBe(0);
    c.advance(29_000);
    expect((await two.tryTake('lead')).waitMs).toBe(1000);
    expect(await two.take('lead', 500)).toEqual({ ok: false, retryAfterMs: 1000, closed: true });
    c.advance(1000);
    expect(await two.closedUntil()).toBeNull();
    expect((await two.tryTake('lead')).waitMs).toBe(0);
  });
});
