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

  it('a filter past maxMs of its own work stops with 422 naming the time limit; a quick one is untouched', async () => {
    const lanes = new FilterLanes({ maxMs: 20, sliceMs: 2 });
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
      return true;
    };
    const items = Array.from({ length: 400 }, (_, i) => i);
    let error: unknown;
    await lanes.filter(items, () => busy(1)).catch((err: unknown) => (error = err));
    expect(error).toBeInstanceOf(FormulaLimitError);
    expect((error as FormulaLimitError).limit).toBe('time');
    expect((error as FormulaLimitError).status).toBe(422);
    expect(await lanes.filter(items, (i) => i % 2 === 0)).toHaveLength(200);
    expect(lanes.load).toEqual({ running: 0, waiting: 0 });
  });
});
