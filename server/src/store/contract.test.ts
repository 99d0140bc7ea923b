/**
 * The store's contract, run against both implementations: the embedded SQLite file and PostgreSQL (a throw-away
 * cluster). The PostgreSQL cases also open two stores on one database, as two replicas would.
 */
import { type Store, type StoredRecord } from './store';
import { bothStores, openCase, type StoreOpener } from '../testing/bothStores';

jest.setTimeout(60_000);

type Opener = StoreOpener;
const implementations = bothStores('contract');

const listing = (n: number): StoredRecord => ({
  id: `recSeed${String(n).padStart(10, '0')}`,
  createdTime: new Date(0).toISOString(),
  fields: { 'Property Name': `Home ${n}`, Price: n * 1000 },
});

describe.each(implementations)('%s store', (_kind, prepare) => {
  let open: Opener;
  let store: Store;
  beforeEach(async () => ({ open, store } = await openCase(prepare)));
  afterEach(() => store.close());

  it('creates, finds and lists records in creation order, with declared and carried field names', async () => {
    await store.ensureTable('Website Submissions', ['name', 'email']);
    const a = await store.createRecord('Website Submissions', { name: 'Ada' });
    const b = await store.createRecord('Website Submissions', { name: 'Grace', phone: '905' });
    expect((await store.all('Website Submissions')).map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await store.find('Website Submissions', b.id))?.fields).toEqual({ name: 'Grace', phone: '905' });
    expect(await store.fieldNames('Website Submissions')).toEqual(new Set(['name', 'email', 'phone']));
    expect(await store.hasTable('Website Submissions')).toBe(true);
    expect(await store.hasTable('Nope')).toBe(false);
    expect(await store.count('Website Submissions')).toBe(2);
  });

  it('keeps a submission with its deliveries atomically, and nothing when it fails', async () => {
    const id = await store.keepSubmission(
      'Home Evaluations',
      { name: 'Ola' },
      [{ target: 'n8n', path: 'home-evaluation', payload: { name: 'Ola' } }],
      new Date(),
    );
    expect((await store.find('Home Evaluations', id))?.fields).toEqual({ name: 'Ola' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(
      store.keepSubmission('Home Evaluations', { name: 'Bad' }, [{ target: 'n8n', path: 'home-evaluation', payload: cyclic }], new Date()),
    ).rejects.toThrow();
    expect(await store.count('Home Evaluations')).toBe(1);
    expect(await store.outbox.stats()).toEqual({ pending: 1, delivered: 0, notDelivered: 0 });
    // no local record (Airtable mode): the outbox row alone holds the submission
    const remote = await store.keepSubmission(
      null,
      { name: 'Ana' },
      [{ target: 'airtable', path: 'Property Inquiries', payload: { fields: { name: 'Ana' } } }],
      new Date(),
    );
    expect(await store.hasTable('Property Inquiries')).toBe(false);
    expect((await store.outbox.forSubmission(remote))[0]).toMatchObject({
      target: 'airtable',
      path: 'Property Inquiries',
      payload: { fields: { name: 'Ana' } },
      state: 'pending',
    });
  });

  it('outbox: a claimed row is leased, delivered once, parked with its reason, and sent again on request', async () => {
    const at = Date.now();
    const id = await store.keepSubmission(
      'T',
      { n: 1 },
      [
        { target: 'n8n', path: 'contact-form', payload: { n: 1 } },
        { target: 'airtable', path: 'T', payload: { fields: { n: 1 } } },
      ],
      new Date(at),
    );
    const claimed = await store.outbox.claim('a', at, 60_000, 10);
    expect(claimed.map((d) => d.target)).toEqual(['n8n', 'airtable']);
    expect(await store.outbox.claim('b', at, 60_000, 10)).toEqual([]);
    const [n8n, airtable] = claimed as [(typeof claimed)[0], (typeof claimed)[0]];
    await store.outbox.delivered(n8n.seq, 'a', at + 1);
    await store.outbox.park(airtable.seq, 'a', 'Airtable answered 422: UNKNOWN_FIELD_NAME');
    expect(await store.outbox.stats()).toEqual({ pending: 0, delivered: 1, notDelivered: 1 });
    expect((await store.outbox.list(['not-delivered'], 10))[0]).toMatchObject({ submissionId: id, lastError: 'Airtable answered 422: UNKNOWN_FIELD_NAME' });
    expect(await store.outbox.resend(airtable.seq, at + 2)).toBe(true);
    expect(await store.outbox.resend(n8n.seq, at + 2)).toBe(false);
    expect((await store.outbox.claim('b', at + 3, 60_000, 10)).map((d) => d.seq)).toEqual([airtable.seq]);
  });

  it('outbox: a lease that ends (a replica died) gives the row to another owner; a late outcome of the old owner is ignored', async () => {
    const at = Date.now();
    await store.keepSubmission('T', { n: 1 }, [{ target: 'n8n', path: 'contact-form', payload: {} }], new Date(at));
    const [row] = await store.outbox.claim('dead', at, 1000, 10);
    expect(await store.outbox.claim('alive', at + 500, 1000, 10)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(at + 1000);
    const [again] = await store.outbox.claim('alive', at + 1001, 1000, 10);
    expect(again?.seq).toBe(row?.seq);
    // the first claim found the row free; the second one took it from a claim that never finished
    expect([row?.interrupted, again?.interrupted]).toEqual([false, true]);
    await store.outbox.delivered(row!.seq, 'dead', at + 1002);
    expect((await store.outbox.stats()).delivered).toBe(0);
    await store.outbox.delivered(again!.seq, 'alive', at + 1003);
    expect((await store.outbox.stats()).delivered).toBe(1);
  });

  it('sessions, counters and chat turns round-trip', async () => {
    await store.sessions.create('hash', 1, 5000);
    expect(await store.sessions.expiresAt('hash')).toBe(5000);
    await store.sessions.remove('hash');
    expect(await store.sessions.expiresAt('hash')).toBeUndefined();

    const far = Date.now() + 60_000;
    await store.counters.update<number>('s', 'k', (n) => (n ?? 0) + 1, far);
    expect(await store.counters.update<number>('s', 'k', (n) => (n ?? 0) + 1, far)).toBe(2);
    expect(await store.counters.get<number>('s', 'k')).toBe(2);
    await store.counters.update<number>('s', 'old', () => 7, Date.now() - 1);
    expect(await store.counters.get<number>('s', 'old')).toBeUndefined();
    await store.counters.update<number>('s', 'k', () => undefined, far);
    expect(await store.counters.get<number>('s', 'k')).toBeUndefined();

    await store.chat.append(
      'sess',
      [
        { role: 'human', content: 'hi' },
        { role: 'ai', content: 'hello' },
      ],
      new Date(),
    );
    await store.chat.append(
      'sess',
      [
        { role: 'human', content: 'homes?' },
        { role: 'ai', content: 'here' },
      ],
      new Date(),
    );
    expect(await store.chat.list('sess', 3)).toEqual([
      { role: 'ai', content: 'hello' },
      { role: 'human', content: 'homes?' },
      { role: 'ai', content: 'here' },
    ]);
    expect(await store.chat.claim('sess', 'browser-a', new Date())).toBe('browser-a');
    expect(await store.chat.claim('sess', 'browser-b', new Date())).toBe('browser-a');
  });

  it('chat: owner reads without writing; prune forgets sessions idle since before the cutoff, history and owner', async () => {
    const day = 24 * 3600_000;
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const turn = [{ role: 'human' as const, content: 'hi' }];
    expect(await store.chat.owner('idle')).toBeUndefined();
    expect(await store.chat.owner('idle')).toBeUndefined();
    // idle: begun and last written on day 0; active: begun day 0, written again day 20; empty: claimed day 0, no
    // message; legacy: messages without an owner row (kept before owners were), day 0
    for (const id of ['idle', 'active', 'empty']) await store.chat.claim(id, `owner-${id}`, new Date(t0));
    await store.chat.append('idle', turn, new Date(t0));
    await store.chat.append('active', turn, new Date(t0));
    await store.chat.append('active', turn, new Date(t0 + 20 * day));
    await store.chat.append('legacy', turn, new Date(t0));
    expect(await store.chat.owner('idle')).toBe('owner-idle');
    expect(await store.chat.prune(new Date(t0))).toBe(0);
    expect(await store.chat.prune(new Date(t0 + 10 * day))).toBe(3);
    for (const id of ['idle', 'empty', 'legacy']) {
      expect(await store.chat.owner(id)).toBeUndefined();
      expect(await store.chat.list(id, 10)).toEqual([]);
    }
    expect(await store.chat.owner('active')).toBe('owner-active');
    expect(await store.chat.list('active', 10)).toHaveLength(2);
    expect(await store.chat.prune(new Date(t0 + 21 * day))).toBe(1);
    expect(await store.chat.list('active', 10)).toEqual([]);
  });

  it('seeds once per database, and keeps meta values', async () => {
    const tables = [{ name: 'Properties', fields: ['Property Name', 'Price'] }];
    expect(await store.seed(tables, 'Properties', () => [listing(1), listing(2)])).toBe(2);
    expect(await store.seed(tables, 'Properties', () => [listing(3)])).toBe(0);
    expect((await store.all('Properties')).map((r) => r.fields['Property Name'])).toEqual(['Home 1', 'Home 2']);
    await store.setMeta('k', 'v');
    expect(await store.getMeta('k')).toBe('v');
  });

  if (_kind === 'postgres') {
    it("two replicas on one database: each sees the other's writes at once, claims are exclusive, counters add up", async () => {
      const other = await open();
      try {
        await store.ensureTable('Website Submissions', ['name']);
        expect(await other.count('Website Submissions')).toBe(0); // other caches the empty table
        const written = await store.createRecord('Website Submissions', { name: 'Ada', extra: 'x' });
        expect((await other.all('Website Submissions')).map((r) => r.id)).toEqual([written.id]);
        expect(await other.fieldNames('Website Submissions')).toEqual(new Set(['name', 'extra']));

        const at = Date.now();
        await Promise.all(
          Array.from({ length: 40 }, (_, i) => store.keepSubmission('T', { i }, [{ target: 'n8n', path: 'contact-form', payload: { i } }], new Date(at))),
        );
        const [mine, theirs] = await Promise.all([store.outbox.claim('one', at, 60_000, 30), other.outbox.claim('two', at, 60_000, 30)]);
        const seqs = [...mine, ...theirs].map((d) => d.seq);
        expect(new Set(seqs).size).toBe(seqs.length);
        expect(seqs.length).toBe(40);

        const far = Date.now() + 60_000;
        await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? store : other).counters.update<number>('c', 'ip', (n) => (n ?? 0) + 1, far)));
        expect(await store.counters.get<number>('c', 'ip')).toBe(30);

        const tables = [{ name: 'Properties', fields: ['Property Name'] }];
        const seeded = await Promise.all([store.seed(tables, 'Properties', () => [listing(1)]), other.seed(tables, 'Properties', () => [listing(1)])]);
        expect(seeded.sort()).toEqual([0, 1]);
      } finally {
        await other.close();
      }
    });
  }
});
