/**
 * Price history from the changes the site sees: a staff PATCH of a listing's price through the records API is in
 * /api/listings/history at once (after the listing's first-seen row from the start), an unchanged write adds nothing,
 * and the endpoint answers only its one shape (1 to 24 record ids).
 */
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { request, signIn, startServer, type TestServer } from '../testing/harness';
import { LISTING_HISTORY_PATH } from './listingHistory';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ recordsRateLimit: 0 });
});
afterAll(() => server.close());

interface HistoryAnswer {
  listings: Record<string, { at: string; kind: string; price: number | null; previousPrice: number | null; status: string | null }[]>;
}

const history = async (ids: string[]): Promise<HistoryAnswer> => {
  const reply = await request(`${server.url}${LISTING_HISTORY_PATH}?ids=${ids.join(',')}`);
  expect(reply.status).toBe(200);
  return reply.json<HistoryAnswer>();
};

describe('listing history through the records API', () => {
  it('a price cut by staff is recorded after the first-seen row, with the price before; writing the same price again adds nothing', async () => {
    const [listing] = (await server.app.store.all(PROPERTIES_TABLE)).filter((r) => typeof r.fields.Price === 'number');
    const id = listing!.id;
    const price = listing!.fields.Price as number;
    const first = await history([id]);
    expect(first.listings[id]?.map((e) => [e.kind, e.price])).toEqual([['listed', price]]);

    const cookie = await signIn(server.url);
    const patch = (fields: Record<string, unknown>) =>
      request(`${server.url}/api/airtable/v0/appLocalBase/${encodeURIComponent(PROPERTIES_TABLE)}/${id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ fields }),
      });
    expect((await patch({ Price: price - 100_000 })).status).toBe(200);
    const after = await history([id]);
    expect(after.listings[id]?.map((e) => [e.kind, e.previousPrice, e.price])).toEqual([
      ['listed', null, price],
      ['price', price, price - 100_000],
    ]);
    expect((await patch({ Price: price - 100_000, Bedrooms: 4 })).status).toBe(200);
    expect((await history([id])).listings[id]).toHaveLength(2);
  });

  it('answers only 1 to 24 record ids under ids', async () => {
    const ids = (await server.app.store.all(PROPERTIES_TABLE)).slice(0, 25).map((r) => r.id);
    expect(Object.keys((await history(ids.slice(0, 24))).listings)).toHaveLength(24);
    for (const query of [`ids=${ids.join(',')}`, '', 'ids=', 'ids=nope', `ids=${ids[0]}&filterByFormula=TRUE()`, `ids=${ids[0]}&ids=${ids[1]}`]) {
      expect((await request(`${server.url}${LISTING_HISTORY_PATH}?${query}`)).status).toBe(400);
    }
  });
});
