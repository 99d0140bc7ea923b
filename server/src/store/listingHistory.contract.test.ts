/**
 * Store.listingHistory on both stores: a listing first seen is 'listed' once, a new price or status is recorded once
 * with what it was before, a look at an unchanged table records nothing, a missing price is not a change, the
 * history survives a restart, and on PostgreSQL two replicas looking at the same change at once record it once.
 */
import { bothStores } from '../testing/bothStores';
import type { ListingSnapshot, Store } from './store';

jest.setTimeout(60_000);

const A = 'recHISTORYAAAAAAA1';
const B = 'recHISTORYAAAAAAA2';
const snap = (id: string, price: number | null, status: string | null = 'Available'): ListingSnapshot => ({ id, price, status });

describe.each(bothStores('listing_history'))('%s: listing history', (kind, prepare) => {
  let open: () => Promise<Store>;
  let store: Store;
  beforeEach(async () => {
    open = await prepare();
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('first look: each listing is listed once, with its price and status; a second look at the same table records nothing', async () => {
    const first = await store.listingHistory.observe([snap(A, 2_500_000), snap(B, 1_900_000, 'Conditional')], 1000);
    expect(first.map((e) => [e.listingId, e.kind, e.price, e.status])).toEqual([
      [A, 'listed', 2_500_000, 'Available'],
      [B, 'listed', 1_900_000, 'Conditional'],
    ]);
    expect(await store.listingHistory.observe([snap(A, 2_500_000), snap(B, 1_900_000, 'Conditional')], 2000)).toEqual([]);
    const history = await store.listingHistory.forListings([A, B, 'recNEVERSEENAAAAAA']);
    expect(history.get(A)).toEqual([first[0]]);
    expect(history.get(B)).toEqual([first[1]]);
    expect(history.get('recNEVERSEENAAAAAA')).toEqual([]);
  });

  it('a price cut and a status change are recorded with what they were before, in order; a missing price is not a change', async () => {
    await store.listingHistory.observe([snap(A, 2_500_000)], 1000);
    const cut = await store.listingHistory.observe([snap(A, 2_349_000)], 2000);
    expect(cut).toEqual([
      { listingId: A, at: 2000, kind: 'price', price: 2_349_000, previousPrice: 2_500_000, status: 'Available', previousStatus: 'Available' },
    ]);
    expect(await store.listingHistory.observe([snap(A, null, 'Available')], 3000)).toEqual([]);
    const sold = await store.listingHistory.observe([snap(A, 2_300_000, 'Sold')], 4000);
    expect(sold.map((e) => [e.kind, e.previousPrice, e.price, e.previousStatus, e.status])).toEqual([
      ['price', 2_349_000, 2_300_000, 'Available', 'Sold'],
      ['status', 2_300_000, 2_300_000, 'Available', 'Sold'],
    ]);
    // kept: a restart (another replica) reads the same history, and compares with the last price seen
    await store.close();
    store = await open();
    const events = (await store.listingHistory.forListings([A])).get(A) ?? [];
    expect(events.map((e) => [e.at, e.kind, e.price])).toEqual([
      [1000, 'listed', 2_500_000],
      [2000, 'price', 2_349_000],
      [4000, 'price', 2_300_000],
      [4000, 'status', 2_300_000],
    ]);
    expect(await store.listingHistory.observe([snap(A, 2_300_000, 'Sold')], 5000)).toEqual([]);
  });

  it('a first look at 10,000 listings is one transaction of a few statements', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => snap(`rec${String(i).padStart(14, '0')}`, 1_000_000 + i));
    expect((await store.listingHistory.observe(many, 1000)).length).toBe(10_000);
    const again = many.map((s, i) => (i % 1000 === 0 ? { ...s, price: (s.price ?? 0) - 50_000 } : s));
    const changes = await store.listingHistory.observe(again, 2000);
    expect(changes.length).toBe(10);
    expect(changes.every((e) => e.kind === 'price' && e.price === (e.previousPrice ?? 0) - 50_000)).toBe(true);
  });

  if (kind === 'postgres') {
    it('two replicas looking at one change at once record it once', async () => {
      const other = await open();
      try {
        await store.listingHistory.observe([snap(A, 2_500_000)], 1000);
        const looks = await Promise.all([
          store.listingHistory.observe([snap(A, 2_250_000)], 2000),
          other.listingHistory.observe([snap(A, 2_250_000)], 2001),
          store.listingHistory.observe([snap(A, 2_250_000)], 2002),
          other.listingHistory.observe([snap(A, 2_250_000)], 2003),
        ]);
        expect(looks.flat().length).toBe(1);
        expect(((await other.listingHistory.forListings([A])).get(A) ?? []).map((e) => e.kind)).toEqual(['listed', 'price']);
      } finally {
        await other.close();
      }
    });
  }
});
