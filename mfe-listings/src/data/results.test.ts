import { listPropertyPage, ExpiredOffsetError, URL_LENGTH_LIMIT } from './airtable';
import { loadResults, resultsKey, totalOf } from './results';
import { fetchQuery } from './queryCache';
import { record, setUpData } from '../test/fixtures';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

const listings = (n: number, status = 'Available') =>
  Array.from({ length: n }, (_, i) =>
    record({ 'Property Name': `Home ${i + 1}`, Status: status, 'Listing Date': new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString().slice(0, 10) }),
  );

describe('listPropertyPage (the records API, a page from an offset)', () => {
  it('sends pageSize, offset, sort, fields and the formula as a GET on Properties', async () => {
    const state = setUpData(listings(3));
    const page = await listPropertyPage({ filterByFormula: 'TRUE()', sort: [{ field: 'Price', direction: 'asc' }], fields: ['Status'], pageSize: 2 });
    expect(state.pages).toEqual([
      {
        method: 'GET',
        path: '/Properties',
        query: { pageSize: 2, filterByFormula: 'TRUE()', sort: [{ field: 'Price', direction: 'asc' }], fields: ['Status'] },
      },
    ]);
    expect(page.records).toHaveLength(2);
    expect(page.offset).toBe('itr2');
    const next = await listPropertyPage({ pageSize: 2, offset: page.offset });
    expect(next.records).toHaveLength(1);
    expect(next.offset).toBeUndefined();
  });

  it('sends a query too long for a URL as POST Properties/listRecords, as airtable.js does', async () => {
    const state = setUpData(listings(1));
    const long = `OR(${Array.from({ length: 800 }, (_, i) => `{Property ID} = "P-${i}"`).join(', ')})`;
    expect(encodeURIComponent(long).length).toBeGreaterThan(URL_LENGTH_LIMIT);
    await listPropertyPage({ filterByFormula: long, pageSize: 20, offset: 'itr0' }).catch(() => undefined);
    expect(state.pages[0]!.method).toBe('POST');
    expect(state.pages[0]!.path).toBe('/Properties/listRecords');
    expect(state.pages[0]!.query.filterByFormula).toBe(long);
  });

  it('an offset the API no longer knows is an ExpiredOffsetError; other failures are Errors with the message and status', async () => {
    const state = setUpData(listings(3));
    await expect(listPropertyPage({ pageSize: 2, offset: 'itr99' })).rejects.toBeInstanceOf(ExpiredOffsetError);
    state.list = () => Promise.reject({ error: 'SERVER_ERROR', message: 'Try again.', statusCode: 500 });
    await expect(listPropertyPage({ pageSize: 2 })).rejects.toThrow('Try again. (HTTP 500)');
  });
});

describe('loadResults: the page and the count in one request', () => {
  it("a search is one request: its first page and the whole list's count, never a pass over the list to count it", async () => {
    const state = setUpData(listings(1234));
    const first = await loadResults('', 'newest', 1);
    expect(state.pages).toHaveLength(1);
    expect(state.pages[0]!.query).toMatchObject({ pageSize: 20, returnCount: true });
    expect(first.listings).toHaveLength(20);
    expect(first.count).toBe(1234);
    expect(totalOf(first)).toEqual({ n: 1234, more: false });
  });

  it('a URL asking for several pages reads them in one request (up to 100 a request), stopping at the end of the list', async () => {
    const state = setUpData(listings(45));
    const three = await loadResults('', 'newest', 3);
    expect(three.listings.map((l) => l.name)).toEqual(Array.from({ length: 45 }, (_, i) => `Home ${i + 1}`));
    expect(three.offset).toBeUndefined();
    expect(state.pages.map((p) => [p.query.offset, p.query.pageSize])).toEqual([[undefined, 60]]);
    state.records = listings(250);
    state.pages = [];
    const seven = await loadResults('', 'newest', 7);
    expect(seven.listings).toHaveLength(140);
    expect(seven.count).toBe(250);
    expect(state.pages.map((p) => [p.query.offset, p.query.pageSize])).toEqual([
      [undefined, 100],
      ['itr100', 40],
    ]);
  });

  it("'Show more' is one request more, from the pages of the same list already read", async () => {
    const state = setUpData(listings(50));
    await fetchQuery(resultsKey('', 'newest', 1), () => loadResults('', 'newest', 1));
    state.pages = [];
    const two = await loadResults('', 'newest', 2);
    expect(two.listings.map((l) => l.name)).toEqual(Array.from({ length: 40 }, (_, i) => `Home ${i + 1}`));
    expect(two.offset).toBe('itr40');
    expect(two.count).toBe(50);
    expect(state.pages.map((p) => [p.query.offset, p.query.pageSize, p.query.returnCount])).toEqual([['itr20', 20, true]]);
  });

  it('the total: the listings read once the last page is read, else the count answered (never fewer than read and one more)', () => {
    const read = (n: number) => listings(n).map((r) => ({ id: r.id }) as never);
    expect(totalOf({ listings: read(7) })).toEqual({ n: 7, more: false });
    expect(totalOf({ listings: read(7), count: 3 })).toEqual({ n: 7, more: false });
    // a records API that answers no count: no total (the page still pages)
    expect(totalOf({ listings: read(20), offset: 'itr20' })).toBeNull();
    expect(totalOf({ listings: read(20), offset: 'itr20', count: 47 })).toEqual({ n: 47, more: false });
    expect(totalOf({ listings: read(20), offset: 'itr20', count: 12 })).toEqual({ n: 21, more: false });
  });
});
