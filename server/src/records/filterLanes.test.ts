/** The filter lanes: a bounded line (503 with Retry-After past it), and a filter stopped past its own time. */
import { FormulaLimitError } from '../formula';
import { ApiError } from './errors';
import { FilterLanes } from './filterLanes';

describe('filter lanes', () => {
  it('runs `lanes` at once, queues up to `queue`, and answers any more 503 with Retry-After at once', async () => {
    const lanes = new FilterLanes({ lanes: 2, queue: 2, retryAfterSeconds: 3 });
    const releases: (() => void)[] = [];
    const held = () => lanes.run(() => new Promise<string>((resolve) => releases.push(() => resolve('done'))));
    const accepted = [held(), held(), held(), held()];
    await new Promise((resolve) => setImmediate(resolve));
    expect(lanes.load).toEqual({ running: 2, waiting: 2 });
    let refused: unknown;
    await held().catch((err: unknown) => (refused = err));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, type: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '3' } });
    // the ones accepted all finish, in order, as lanes free up
    for (let i = 0; i < 4; i++) {
      releases[i]?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done', 'done']);
    expect(lanes.load).toEqual({ running: 0, waiting: 0 });
  });

  it("the server's own filters (no request) are never refused while visitors fill the line, and go first when a lane frees", async () => {
    const lanes = new FilterLanes({ lanes: 1, queue: 1 });
    const releases: (() => void)[] = [];
    const order: string[] = [];
    const held = (name: string) => lanes.run(() => new Promise<string>((resolve) => releases.push(() => (order.push(name), resolve(name)))));
    const visitors = [held('visitor 1'), held('visitor 2')];
    await new Promise((resolve) => setImmediate(resolve));
    // a visitor's request past the line is refused ...
    let refused: unknown;
    await lanes.filter([1], () => () => true, { request: true }).catch((err: unknown) => (refused = err));
    expect(refused).toMatchObject({ status: 503 });
    // ... the server's own (the alerts matcher, the assistant, the sitemap) waits, and runs before the waiting visitor
    const own = lanes.filter([1, 2, 3], () => (n) => n !== 2).then((kept) => (order.push('own'), kept));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lanes.load).toEqual({ running: 1, waiting: 2 });
    releases[0]?.();
    expect(await own).toEqual([1, 3]);
    await new Promise((resolve) => setImmediate(resolve));
    releases[1]?.();
    expect(await Promise.all(visitors)).toEqual(['visitor 1', 'visitor 2']);
    expect(order).toEqual(['visitor 1', 'own', 'visitor 2']);
    expect(lanes.load).toEqual({ running: 0, waiting: 0 });
  });

  it('one caller has at most perCaller filters running or waiting: more are 503 at once, other callers are not affected', async () => {
    const lanes = new FilterLanes({ lanes: 4, queue: 8, perCaller: 2 });
    const spin = () => {
      const end = performance.now() + 0.5;
      while (performance.now() < end);
      return true;
    };
    const long = Array.from({ length: 200 }, (_, i) => i);
    const first = [lanes.filter(long, () => spin, { caller: '198.51.100.1' }), lanes.filter(long, () => spin, { caller: '198.51.100.1' })];
    let refused: unknown;
    await lanes.filter([1], () => () => true, { caller: '198.51.100.1' }).catch((err: unknown) => (refused = err));
    expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
    expect(await lanes.filter([1, 2], () => () => true, { caller: '198.51.100.2' })).toEqual([1, 2]);
    expect((await Promise.all(first)).map((list) => list.length)).toEqual([200, 200]);
    // once they ended, the caller may filter again
    expect(await lanes.filter([1], () => () => true, { caller: '198.51.100.1' })).toEqual([1]);
  });

  it("any formula past maxMs of its own work stops with 422 naming the time limit; a quick one, or one of the site's shapes, is untouched", async () => {
    const lanes = new FilterLanes({ maxMs: 20, sliceMs: 2, fastMs: 5 });
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
      return true;
    };
    const items = Array.from({ length: 400 }, (_, i) => i);
    let error: unknown;
    await lanes.filter(items, () => () => busy(1), { anyFormula: true }).catch((err: unknown) => (error = err));
    expect(error).toBeInstanceOf(FormulaLimitError);
    expect((error as FormulaLimitError).limit).toBe('time');
    expect((error as FormulaLimitError).status).toBe(422);
    expect(await lanes.filter(items, () => (i) => i % 2 === 0)).toHaveLength(200);
    // a formula of the site's own shapes is bounded by the formula budget, not stopped on time
    expect(await lanes.filter(items.slice(0, 40), () => () => busy(1))).toHaveLength(40);
    expect(lanes.load).toEqual({ running: 0, waiting: 0 });
  });
});
