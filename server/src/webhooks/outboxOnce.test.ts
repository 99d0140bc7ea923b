/**
 * Exactly one Airtable record per lead, on both stores: two replicas' outbox workers (two stores on one PostgreSQL
 * database; on SQLite the file reopened after the first process is gone) against a fake base that answers as
 * Airtable's API documents (src/testing/fakeAirtable.ts).
 */
import type { Delivery, Store } from '../store/store';
import { bothStores, type StoreOpener } from '../testing/bothStores';
import { FakeAirtable } from '../testing/fakeAirtable';
import { OutboxWorker, SUBMISSION_ID_FIELD, type OutboxOptions } from './outbox';

jest.setTimeout(60_000);

const TABLE = 'Website Submissions';
const implementations = bothStores('outbox_once');

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * A replica's store as a killed process leaves it: once `kill()` is called nothing it would still write reaches
 * the database (its outcome never comes), and it claims nothing more.
 */
function killable(store: Store): { store: Store; kill: () => void } {
  let dead = false;
  const never = new Promise<never>(() => undefined);
  const outbox = new Proxy(store.outbox, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (dead ? never : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { store: new Proxy(store, { get: (target, key) => (key === 'outbox' ? outbox : (Reflect.get(target, key) as unknown)) }), kill: () => (dead = true) };
}

describe.each(implementations)('%s store: the outbox creates one Airtable record per submission', (kind, prepare) => {
  let open: StoreOpener;
  let airtable: FakeAirtable;
  const stores: Store[] = [];
  const workers: OutboxWorker[] = [];

  const worker = (store: Store, options: Partial<OutboxOptions> = {}): OutboxWorker => {
    const w = new OutboxWorker(store, {
      airtable: { airtableApiUrl: airtable.url, airtableBaseId: 'appTeamBase', airtableToken: 'patSECRET' },
      initialDelayMs: 30,
      maxDelayMs: 100,
      pollMs: 20,
      timeoutMs: 2_000,
      rateLimitDelayMs: 60,
      ...options,
    });
    workers.push(w);
    return w;
  };
  const keep = async (store: Store, email: string): Promise<string> => {
    const fields = { name: 'Ada', email, message: 'Call me', 'Received At': new Date().toISOString() };
    return store.keepSubmission(null, fields, [{ target: 'airtable', path: TABLE, payload: { fields } }], new Date());
  };
  const rowOf = async (store: Store, id: string): Promise<Delivery | undefined> => (await store.outbox.forSubmission(id))[0];

  beforeEach(async () => {
    open = await prepare();
    airtable = new FakeAirtable();
    await airtable.start();
  });
  afterEach(async () => {
    // a killed replica's worker never finishes: only the live ones are stopped
    await Promise.all(workers.splice(0).map((w) => Promise.race([w.stop(), new Promise((r) => setTimeout(r, 100))])));
    await airtable.stop();
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
  });

  it('a replica killed while its create is in flight: the replica that takes the row over after the lease finds the record, and the base holds the lead once', async () => {
    const first = await open();
    const dying = killable(first);
    const id = await keep(first, 'ada@example.com');
    // the create reaches Airtable, which keeps it; the replica is killed before the answer is back
    airtable.script = ['lost'];
    airtable.onCreate = () => dying.kill();
    worker(dying.store, { leaseMs: 400 }).start();
    await until(() => airtable.created.length === 1);
    expect(airtable.created[0]?.fields[SUBMISSION_ID_FIELD]).toBe(id);
    // the other replica (on SQLite, the next process on the file once the killed one is gone)
    let second: Store;
    if (kind === 'sqlite') {
      await first.close();
      second = await open();
    } else {
      stores.push(first);
      second = await open();
    }
    stores.push(second);
    const other = worker(second);
    other.start();
    await until(async () => (await rowOf(second, id))?.state === 'delivered');
    expect(airtable.inTable(TABLE)).toHaveLength(1);
    expect(await rowOf(second, id)).toMatchObject({ state: 'delivered', remoteId: airtable.created[0]?.id });
    // it asked by the submission id, as Airtable's filterByFormula reads it
    const lookUp = airtable.requests.find((r) => r.method === 'GET');
    expect(new URL(lookUp?.url ?? '/', 'http://x').searchParams.get('filterByFormula')).toBe(`{Submission ID} = '${id}'`);
  });

  it('a replica killed before its create left: the next one looks, finds nothing, and creates it once', async () => {
    const first = await open();
    stores.push(first);
    const id = await keep(first, 'bo@example.com');
    // claimed by a replica that died at once: its lease runs out with no outcome recorded
    const [claimed] = await first.outbox.claim('dead-replica', Date.now(), 1, 10);
    expect(claimed?.submissionId).toBe(id);
    worker(first).start();
    await until(async () => (await rowOf(first, id))?.state === 'delivered');
    expect(airtable.inTable(TABLE).map((r) => r.fields[SUBMISSION_ID_FIELD])).toEqual([id]);
    expect(airtable.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('a look-up with no clear answer (503, then 429) is asked again, never answered by a blind create', async () => {
    const first = await open();
    stores.push(first);
    // Airtable keeps the create and the answer is lost; then its list answers fail for a while
    airtable.script = ['lost'];
    airtable.listScript = [503, 429];
    const id = await keep(first, 'cy@example.com');
    worker(first, { timeoutMs: 300 }).start();
    await until(async () => (await rowOf(first, id))?.state === 'delivered');
    expect(airtable.inTable(TABLE)).toHaveLength(1);
    expect(airtable.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET']);
    expect(await rowOf(first, id)).toMatchObject({ attempts: 4, remoteId: airtable.created[0]?.id });
  });

  it("a table without the 'Submission ID' field: the lead is kept for staff with the reason, nothing created", async () => {
    airtable.fieldsOf.set(TABLE, ['name', 'email', 'message', 'Received At']);
    const first = await open();
    stores.push(first);
    const id = await keep(first, 'di@example.com');
    worker(first).start();
    await until(async () => (await rowOf(first, id))?.state === 'not-delivered');
    expect((await rowOf(first, id))?.lastError).toMatch(/422.*UNKNOWN_FIELD_NAME.*Submission ID/);
    expect(airtable.inTable(TABLE)).toHaveLength(0);
  });
});
