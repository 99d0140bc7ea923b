/**
 * The matcher over both stores (SQLite, and PostgreSQL with two replicas' stores on one database): each new or
 * price-reduced listing is announced once per saved search, across runs, restarts and replicas; daily searches at
 * most once a day; an unsubscribed search hears nothing.
 */
import { EMPTY_ALERT_CRITERIA, type AlertCriteria, type AlertFrequency } from '@gta/shared/core';
import { SqliteStore, PostgresStore, type Store, type StoredRecord } from '../store/store';
import { tempDir } from '../testing/harness';
import { startPostgres, type ThrowAwayPostgres } from '../tools/throwAwayPostgres';
import { hashToken } from './deliveries';
import type { AlertWebhookBody } from './deliveries';
import { AlertMatcher } from './matcher';

jest.setTimeout(60_000);

let pg: ThrowAwayPostgres;
let databases = 0;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

type Opener = () => Promise<Store>;
const implementations: [string, () => Promise<Opener>][] = [
  [
    'sqlite',
    async () => {
      const dir = tempDir();
      return async () => SqliteStore.open(dir);
    },
  ],
  [
    'postgres',
    async () => {
      const url = await pg.createDatabase(`matcher_${++databases}`);
      return () => PostgresStore.open(url);
    },
  ],
];

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 2, 1, 12);

const listing = (id: string, fields: Record<string, string | number>, created = T0 - DAY): StoredRecord => ({
  id,
  createdTime: new Date(created).toISOString(),
  fields: {
    'Property Name': `Home ${id}`,
    Status: 'Available',
    Location: 'Oakville',
    'City/State': 'Oakville, ON',
    Bedrooms: 4,
    Price: 1_500_000,
    Photos: '/media/x.jpg',
    ...fields,
  },
});

describe.each(implementations)('%s: the listing-alert matcher', (kind, prepare) => {
  let open: Opener;
  let store: Store;
  let listings: StoredRecord[];
  let clock: number;
  const matcherFor = (s: Store) => new AlertMatcher({ store: s, listings: async () => listings, intervalMs: 0, now: () => clock });

  const save = async (n: number, frequency: AlertFrequency, criteria: Partial<AlertCriteria>, confirm = true) => {
    const id = `recSearch${n}`;
    await store.alerts.create(
      {
        id,
        email: `v${n}@example.com`,
        frequency,
        criteria: { ...EMPTY_ALERT_CRITERIA, ...criteria },
        summary: 's',
        siteOrigin: 'https://site.example',
        confirmTokenHash: hashToken(`c${n}`),
        unsubscribeToken: `u${n}`,
        createdAt: T0,
      },
      [],
    );
    if (confirm) await store.alerts.confirm(hashToken(`c${n}`), T0 + 1000, []);
    return id;
  };

  /** The listing-alert bodies kept for a search so far, oldest first. */
  const alertsOf = async (s: Store, email: string): Promise<AlertWebhookBody[]> =>
    (await s.outbox.list(['pending', 'delivered', 'not-delivered'], 1000))
      .filter((d) => d.path === 'listing-alert' && (d.payload as AlertWebhookBody).visitor.email === email)
      .sort((a, b) => a.seq - b.seq)
      .map((d) => d.payload as AlertWebhookBody);

  beforeEach(async () => {
    open = await prepare();
    store = await open();
    clock = T0 + 2000;
    listings = [listing('recOld1', {}), listing('recOld2', { Location: 'Milton', 'City/State': 'Milton, ON' }), listing('recCheap', { Price: 700_000 })];
  });
  afterEach(async () => {
    await store.close();
  });

  it('takes a baseline, announces a new listing once, and a price cut once', async () => {
    await save(1, 'instant', { location: 'Oakville', beds: '3' });
    const matcher = matcherFor(store);
    expect(await matcher.run()).toEqual({ searches: 1, alerts: 0 }); // the listings older than the search are known
    expect(await alertsOf(store, 'v1@example.com')).toEqual([]);

    listings.push(listing('recNew', { 'Property Name': 'Lakeshore Manor', Price: 2_100_000 }, T0 + 5000));
    clock += 60_000;
    expect(await matcher.run()).toEqual({ searches: 1, alerts: 1 });
    expect(await matcher.run()).toEqual({ searches: 1, alerts: 0 }); // the second run sends nothing
    const [first] = await alertsOf(store, 'v1@example.com');
    expect(first?.listings).toEqual([
      expect.objectContaining({
        id: 'recNew',
        name: 'Lakeshore Manor',
        url: 'https://site.example/property/lakeshore-manor',
        reason: 'new',
        price: 2_100_000,
        priceText: '$2,100,000',
        previousPrice: null,
        photo: 'https://site.example/media/x.jpg',
      }),
    ]);
    expect(first?.totalListings).toBe(1);
    expect(first?.unsubscribeUrl).toBe('https://site.example/api/alerts/unsubscribe?token=u1');

    // a price cut on a known listing: one alert with the price it had
    listings = listings.map((l) => (l.id === 'recOld1' ? { ...l, fields: { ...l.fields, Price: 1_350_000 } } : l));
    clock += 60_000;
    expect((await matcher.run()).alerts).toBe(1);
    expect((await matcher.run()).alerts).toBe(0);
    const cut = (await alertsOf(store, 'v1@example.com'))[1];
    expect(cut?.listings.map((l) => [l.id, l.reason, l.price, l.previousPrice, l.previousPriceText])).toEqual([
      ['recOld1', 'price-reduced', 1_350_000, 1_500_000, '$1,500,000'],
    ]);

    // up again and back down to a price already announced: no alert; below it: one
    listings = listings.map((l) => (l.id === 'recOld1' ? { ...l, fields: { ...l.fields, Price: 1_450_000 } } : l));
    expect((await matcher.run()).alerts).toBe(0);
    listings = listings.map((l) => (l.id === 'recOld1' ? { ...l, fields: { ...l.fields, Price: 1_350_000 } } : l));
    expect((await matcher.run()).alerts).toBe(0);
    listings = listings.map((l) => (l.id === 'recOld1' ? { ...l, fields: { ...l.fields, Price: 1_300_000 } } : l));
    expect((await matcher.run()).alerts).toBe(1);
    // a listing outside the search (Milton) never counts
    listings.push(listing('recMilton', { Location: 'Milton', 'City/State': 'Milton, ON' }, T0 + 9000));
    expect((await matcher.run()).alerts).toBe(0);
    expect(await alertsOf(store, 'v1@example.com')).toHaveLength(3);
  });

  it('is idempotent across a restart and across two replicas on one database', async () => {
    await save(1, 'instant', { location: 'Oakville' });
    await matcherFor(store).run();
    listings.push(listing('recNew', {}, T0 + 5000));
    // two matchers run at once, then again: two replicas on PostgreSQL (SQLite serves one process: two matchers in it)
    const other = kind === 'postgres' ? await open() : store;
    try {
      const runs = await Promise.all([matcherFor(store).run(), matcherFor(other).run()]);
      expect(runs.reduce((n, r) => n + r.alerts, 0)).toBe(1);
      expect((await matcherFor(other).run()).alerts).toBe(0);
    } finally {
      if (other !== store) await other.close();
    }
    await store.close();
    store = await open();
    expect((await matcherFor(store).run()).alerts).toBe(0);
    expect(await alertsOf(store, 'v1@example.com')).toHaveLength(1);
  });

  it('daily: one alert per day with what was found meanwhile; weekly: one a week; unconfirmed and unsubscribed searches hear nothing', async () => {
    await save(1, 'daily', { location: 'Oakville' });
    await save(2, 'weekly', {});
    await save(3, 'instant', {}, false);
    await save(4, 'instant', {});
    const matcher = matcherFor(store);
    await matcher.run();
    await store.alerts.unsubscribe('u4', clock, []);

    listings.push(listing('recA', {}, T0 + 5000));
    clock += 60_000;
    expect((await matcher.run()).alerts).toBe(2); // daily and weekly: their first alert goes at once
    listings.push(listing('recB', {}, T0 + 6000));
    clock += 60 * 60 * 1000;
    expect((await matcher.run()).alerts).toBe(0); // within the day: waits
    clock += DAY;
    expect((await matcher.run()).alerts).toBe(1); // the next day: recB, for the daily one
    expect((await alertsOf(store, 'v1@example.com')).map((a) => a.listings.map((l) => l.id))).toEqual([['recA'], ['recB']]);
    clock += 7 * DAY;
    expect((await matcher.run()).alerts).toBe(1); // the weekly one, a week on
    expect((await alertsOf(store, 'v2@example.com')).map((a) => a.listings.map((l) => l.id))).toEqual([['recA'], ['recB']]);
    expect(await alertsOf(store, 'v3@example.com')).toEqual([]);
    expect(await alertsOf(store, 'v4@example.com')).toEqual([]);
  });

  it('a search confirmed after listings were added hears about the ones added since it was saved; many listings are cut short in the body', async () => {
    await save(1, 'instant', {}, false);
    for (let i = 0; i < 30; i++) listings.push(listing(`recBatch${i}`, {}, T0 + 10_000 + i));
    await store.alerts.confirm(hashToken('c1'), clock, []);
    expect((await matcherFor(store).run()).alerts).toBe(1);
    const [alert] = await alertsOf(store, 'v1@example.com');
    expect(alert?.totalListings).toBe(30);
    expect(alert?.listings).toHaveLength(25);
    expect((await matcherFor(store).run()).alerts).toBe(0);
  });
});
