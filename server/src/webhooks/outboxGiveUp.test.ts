/**
 * Issue 39 item 9, on both stores: a delivery that n8n answers 5xx for ever is not retried every 10 minutes for
 * ever. After OUTBOX_GIVE_UP_HOURS (24 h) of passing failures in a row it is parked as "not delivered", listed for
 * staff with its reason (/api/admin/deliveries) and sent again on request, with the whole time again. A row
 * waiting on this server's own setting (no N8N_WEBHOOK_BASE) is not counted. The clock is the worker's: no waiting.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '../store/store';
import { bothStores, type StoreOpener } from '../testing/bothStores';
import { toView } from './deliveryRoutes';
import { DEFAULT_GIVE_UP_MS, OutboxWorker, type OutboxOptions } from './outbox';

jest.setTimeout(60_000);

const implementations = bothStores('outbox_give_up');
const HOUR = 3_600_000;

/** An n8n behind a proxy that answers 503 to everything (or 200 once `up`). */
async function startBrokenN8n(): Promise<{ base: string; calls: () => number; up: (yes: boolean) => void; close: () => Promise<void> }> {
  let calls = 0;
  let healthy = false;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      if (healthy) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"message":"Workflow was started"}');
        return;
      }
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('Service Unavailable');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/webhook`,
    calls: () => calls,
    up: (yes) => (healthy = yes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(implementations)('%s store: a delivery failing with 5xx is parked after the give-up time', (_kind, prepare) => {
  let open: StoreOpener;
  let store: Store;
  let n8n: Awaited<ReturnType<typeof startBrokenN8n>>;
  let clock: number;

  const workers: OutboxWorker[] = [];
  /** A started worker on the test's clock: drain() runs it when the test has moved the clock (its own timer finds nothing due). */
  const worker = (options: Partial<OutboxOptions> = {}): OutboxWorker => {
    const w = new OutboxWorker(store, { webhookBase: n8n.base, initialDelayMs: 2000, maxDelayMs: 10 * 60_000, timeoutMs: 5000, now: () => clock, ...options });
    w.start();
    workers.push(w);
    return w;
  };
  const keep = (): Promise<string> =>
    store.keepSubmission(
      'Website Submissions',
      { name: 'Ada' },
      [{ target: 'n8n', path: 'contact-form', payload: { name: 'Ada', email: 'ada@example.com' } }],
      new Date(clock),
    );
  const rowOf = async (id: string) => (await store.outbox.forSubmission(id))[0];

  beforeEach(async () => {
    open = await prepare();
    store = await open();
    await store.ensureTable('Website Submissions', ['name']);
    n8n = await startBrokenN8n();
    clock = Date.parse('2026-11-20T09:00:00Z');
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await store.close();
    await n8n.close();
  });

  it('is retried with backoff for 24 hours, then parked with its reason; staff see it and send it again, with 24 hours again', async () => {
    expect(DEFAULT_GIVE_UP_MS).toBe(24 * HOUR);
    const id = await keep();
    const w = worker();
    const start = clock;
    // the worker runs whenever the row is due, as it would over a day: every retry until the give-up time
    for (let i = 0; i < 400 && (await rowOf(id))?.state === 'pending'; i++) {
      clock = Math.max(clock, (await rowOf(id))?.nextAttemptAt ?? clock);
      await w.drain();
    }
    const parked = await rowOf(id);
    expect(parked?.state).toBe('not-delivered');
    // not before 24 hours of failures, and at the first attempt after them (the backoff is capped at 10 minutes)
    expect(clock - start).toBeGreaterThanOrEqual(24 * HOUR);
    expect(clock - start).toBeLessThan(24 * HOUR + 11 * 60_000);
    expect(parked?.lastError).toMatch(
      /^Still failing after 24 hours of retries \(\d+ attempts\); last error: n8n answered 503 at http:\/\/127\.0\.0\.1:\d+\/webhook\/contact-form: Service Unavailable$/,
    );
    const attempts = n8n.calls();
    expect(attempts).toBeGreaterThan(140);
    expect(attempts).toBeLessThan(170);

    // parked: no more attempts, whatever the time
    clock += 48 * HOUR;
    await w.drain();
    expect(n8n.calls()).toBe(attempts);

    // what /admin shows: not delivered, its reason, counted
    expect(toView(parked!)).toMatchObject({ submissionId: id, state: 'not-delivered', destination: 'n8n: contact-form', lastError: parked?.lastError });
    expect(await store.outbox.stats()).toEqual({ pending: 0, delivered: 0, notDelivered: 1 });

    // send again: pending, due now, the run of failures forgotten; one more failure does not park it at once
    expect(await store.outbox.resend(parked!.seq, clock)).toBe(true);
    expect((await rowOf(id))?.retryingSince).toBeNull();
    await w.drain();
    expect(await rowOf(id)).toMatchObject({ state: 'pending', retryingSince: clock });
    // /admin says until when it is retried before it is listed again
    expect(toView((await rowOf(id))!).retryUntil).toBe(new Date(clock + 24 * HOUR).toISOString());
    n8n.up(true);
    clock = (await rowOf(id))!.nextAttemptAt;
    await w.drain();
    expect((await rowOf(id))?.state).toBe('delivered');
  });

  it('the give-up time is a setting; a row that only waits for this server to be configured is never parked by it', async () => {
    const id = await keep();
    const w = worker({ giveUpAfterMs: 2 * HOUR });
    await w.drain();
    clock += HOUR;
    await w.drain();
    expect((await rowOf(id))?.state).toBe('pending');
    clock += HOUR;
    await w.drain();
    expect((await rowOf(id))?.lastError).toMatch(/^Still failing after 2 hours of retries \(3 attempts\)/);

    // no N8N_WEBHOOK_BASE on this server: the row waits for it, for as long as it takes
    const waiting = await keep();
    const unconfigured = worker({ webhookBase: undefined, giveUpAfterMs: 2 * HOUR });
    for (let i = 0; i < 5; i++) {
      await unconfigured.drain();
      clock += 10 * HOUR;
    }
    expect(await rowOf(waiting)).toMatchObject({ state: 'pending', lastError: 'N8N_WEBHOOK_BASE is not set on this server', retryingSince: null });
  });
});
