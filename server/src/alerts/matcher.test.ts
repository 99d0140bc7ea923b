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

  const save = async (n: number, frequency: AlertFrequency, criteria: Partial<AlertCriteria>, confirm = true, email = `v${n}@example.com`, createdAt = T0) => {
    const id = `recSearch${n}`;
    await store.alerts.create(
      {
        id,
        email,
        frequency,
        criteria: { ...EMPTY_ALERT_CRITERIA, ...criteria },
        summary: 's',
        siteOrigin: 'https://site.example',
        confirmTokenHash: hashToken(`c${n}`),
        unsubscribeToken: `u${n}`,
        createdAt,
      },
      [],
    );
    if (confirm) await store.alerts.confirm(hashToken(`c${n}`), createdAt + 1000, []);
    return id;
  };

  /** The listing-alert bodies kept for a visitor so far, oldest first. */
  const alertsOf = async (s: Store, email: string): Promise<AlertWebhookBody[]> =>
    (await s.outbox.list(['pending', 'delivered', 'not-delivered'], 1000))
      .filter((d) => d.path === 'listing-alert' && (d.payload as AlertWebhookBody).visitor.email.toLowerCase() === email)
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

  it('one alert per visitor and period: their searches of one frequency (the email in any case) share it, each with its homes, a home two find listed once', async () => {
    await save(1, 'daily', { location: 'Oakville' }, true, 'Ada@Example.com');
    await save(2, 'daily', { beds: '5' }, true, 'ada@example.com');
    await save(3, 'instant', { location: 'Milton' }, true, 'ada@example.com');
    await save(4, 'daily', {}, true, 'bo@example.com');
    const matcher = matcherFor(store);
    expect(await matcher.run()).toEqual({ searches: 4, alerts: 0 });

    listings.push(
      listing('recA', { 'Property Name': 'Oak Four', Bedrooms: 4 }, T0 + 5000),
      listing('recB', { 'Property Name': 'Milton Five', Location: 'Milton', 'City/State': 'Milton, ON', Bedrooms: 5 }, T0 + 5001),
      listing('recC', { 'Property Name': 'Oak Five', Bedrooms: 5 }, T0 + 5002),
    );
    clock += 60_000;
    // Ada's daily searches: one alert; her instant one: its own; Bo's: one
    expect(await matcher.run()).toEqual({ searches: 4, alerts: 3 });
    expect(await matcher.run()).toEqual({ searches: 4, alerts: 0 });
    const ada = await alertsOf(store, 'ada@example.com');
    expect(ada.map((a) => a.frequency)).toEqual(['daily', 'instant']);
    const daily = ada[0]!;
    expect(daily.searches.map((r) => [r.search.id, r.listings.map((l) => l.id), r.totalListings, r.unsubscribeUrl])).toEqual([
      ['recSearch1', ['recA', 'recC'], 2, 'https://site.example/api/alerts/unsubscribe?token=u1'],
      ['recSearch2', ['recB', 'recC'], 2, 'https://site.example/api/alerts/unsubscribe?token=u2'],
    ]);
    expect(daily.listings.map((l) => l.id)).toEqual(['recA', 'recC', 'recB']);
    expect(daily.totalListings).toBe(3);
    expect(daily.search.id).toBe('recSearch1');
    expect(daily.unsubscribeUrl).toBe('https://site.example/api/alerts/unsubscribe?token=u1');
    expect(daily.unsubscribeAllUrl).toBe('https://site.example/api/alerts/unsubscribe-all?token=u1');
    expect(ada[1]!.searches.map((r) => [r.search.id, r.listings.map((l) => l.id)])).toEqual([['recSearch3', ['recB']]]);
    expect((await alertsOf(store, 'bo@example.com')).map((a) => a.listings.map((l) => l.id))).toEqual([['recA', 'recB', 'recC']]);
    // each search has its homes as announced (no listing alerted twice for a search)
    expect(
      [...(await store.alerts.seen('recSearch2')).values()]
        .filter((l) => l.alertId === daily.alertId)
        .map((l) => l.listingId)
        .sort(),
    ).toEqual(['recB', 'recC']);

    // a daily search saved later the same day waits for the visitor's period: no second email that day
    await save(5, 'daily', { location: 'Oakville' }, true, 'ada@example.com', T0 + 6000);
    expect((await matcher.run()).alerts).toBe(0);
    listings.push(listing('recD', { 'Property Name': 'Oak Late', Bedrooms: 5 }, T0 + 9000));
    clock += 60 * 60 * 1000;
    expect((await matcher.run()).alerts).toBe(0); // within the day: Ada's daily searches (and Bo's) wait
    expect((await alertsOf(store, 'ada@example.com')).filter((a) => a.frequency === 'daily')).toHaveLength(1);
    clock += DAY;
    await matcher.run();
    const next = (await alertsOf(store, 'ada@example.com')).filter((a) => a.frequency === 'daily')[1];
    expect(next?.searches.map((r) => [r.search.id, r.listings.map((l) => l.id)])).toEqual([
      ['recSearch1', ['recD']],
      ['recSearch2', ['recD']],
      ['recSearch5', ['recD']],
    ]);
    expect(next?.listings.map((l) => l.id)).toEqual(['recD']);
  });

  it('a visitor with two searches gets one alert when two replicas match at once; unsubscribe-all turns off every search of the email', async () => {
    await save(1, 'instant', { location: 'Oakville' }, true, 'ada@example.com');
    await save(2, 'instant', {}, true, 'ADA@example.com');
    await save(3, 'instant', {}, true, 'bo@example.com');
    await matcherFor(store).run();
    listings.push(listing('recNew', {}, T0 + 5000));
    const other = kind === 'postgres' ? await open() : store;
    try {
      const runs = await Promise.all([matcherFor(store).run(), matcherFor(other).run()]);
      expect(runs.reduce((n, r) => n + r.alerts, 0)).toBe(2); // Ada's one, Bo's one
      expect((await matcherFor(other).run()).alerts).toBe(0);
    } finally {
      if (other !== store) await other.close();
    }
    const [alert] = await alertsOf(store, 'ada@example.com');
    expect(alert?.searches.map((r) => r.search.id)).toEqual(['recSearch1', 'recSearch2']);
    expect(await alertsOf(store, 'ada@example.com')).toHaveLength(1);

    const off = await store.alerts.unsubscribeAll('u2', clock, (search) => [{ target: 'n8n', path: 'test-off', payload: { id: search.id } }]);
    expect(off?.map((s) => [s.id, s.unsubscribedAt])).toEqual([
      ['recSearch1', clock],
      ['recSearch2', clock],
    ]);
    expect(await store.alerts.unsubscribeAll('u1', clock + 1, () => [])).toEqual([]); // a second click: nothing more
    expect(await store.alerts.unsubscribeAll('nope', clock, () => [])).toBeUndefined();
    expect((await store.alerts.active()).map((s) => s.id)).toEqual(['recSearch3']);
    const kept = (await store.outbox.list(['pending'], 100)).filter((d) => d.path === 'test-off').sort((a, b) => a.seq - b.seq);
    expect(kept.map((d) => d.payload)).toEqual([{ id: 'recSearch1' }, { id: 'recSearch2' }]);
    listings.push(listing('recLater', {}, T0 + 9000));
    expect((await matcherFor(store).run()).alerts).toBe(1); // Bo only
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
