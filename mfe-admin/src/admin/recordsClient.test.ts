import { createFakeBackend, installFakeBackend, record, TEST_BASE_ID } from '../test/fakeBackend';
import { countRecords, listAll, listPage, RecordsError } from './recordsClient';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    record(
      `rec${i}`,
      { name: `Person ${i}`, 'Received At': `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` },
      `2026-01-0${(i % 9) + 1}T00:00:00.000Z`,
    ),
  );

const reads = (backend: ReturnType<typeof createFakeBackend>) => backend.requests.filter((r) => r.url.includes('/v0/'));

describe('listPage (real airtable.js against a fake records API)', () => {
  it('reads one page at a time with the API’s pageSize, sort and offset, never the whole table', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: { 'List With Us': rows(7) } });
    installFakeBackend(backend);
    const sort = [{ field: 'Received At', direction: 'desc' as const }];
    const first = await listPage('List With Us', { pageSize: 3, sort });
    expect(first.records.map((r) => r.id)).toEqual(['rec6', 'rec5', 'rec4']);
    expect(first.records[0]).toEqual({
      id: 'rec6',
      createdTime: '2026-01-07T00:00:00.000Z',
      fields: { name: 'Person 6', 'Received At': '2026-01-07T00:00:00.000Z' },
    });
    expect(first.offset).toBeDefined();
    expect(reads(backend)).toHaveLength(1);
    const url = new URL(reads(backend)[0]!.url);
    expect(url.pathname).toBe(`/api/airtable/v0/${TEST_BASE_ID}/List%20With%20Us`);
    expect(url.searchParams.get('pageSize')).toBe('3');
    expect(url.searchParams.get('sort[0][field]')).toBe('Received At');
    expect(url.searchParams.get('sort[0][direction]')).toBe('desc');
    // no credentials option: the browser's default 'same-origin' sends the session cookie to the same-origin API
    expect(reads(backend)[0]!.credentials).toBeUndefined();

    const second = await listPage('List With Us', { pageSize: 3, sort, offset: first.offset });
    expect(second.records.map((r) => r.id)).toEqual(['rec3', 'rec2', 'rec1']);
    const last = await listPage('List With Us', { pageSize: 3, sort, offset: second.offset });
    expect(last.records.map((r) => r.id)).toEqual(['rec0']);
    expect(last.offset).toBeUndefined();
  });

  it('passes the filter formula; an offset made stale by new rows is its own error', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: { 'List With Us': rows(5) } });
    installFakeBackend(backend);
    const page = await listPage('List With Us', { pageSize: 10, filterByFormula: 'OR(SEARCH("person 3", {name}))' });
    expect(page.records.map((r) => r.id)).toEqual(['rec3']);
    const sort = [{ field: 'Received At', direction: 'desc' as const }];
    const first = await listPage('List With Us', { pageSize: 2, sort });
    backend.tables['List With Us']!.push(record('recNew', { name: 'Newest', 'Received At': '2026-02-01T00:00:00.000Z' }));
    await expect(listPage('List With Us', { pageSize: 2, sort, offset: first.offset })).rejects.toMatchObject({ kind: 'expired', status: 422 });
  });

  it('turns a 401 into an unauthorized error', async () => {
    installFakeBackend(createFakeBackend({ signedIn: false, tables: { 'List With Us': [] } }));
    await expect(listPage('List With Us', { pageSize: 50 })).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('reports a server failure with its status, and a network failure as such', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: { 'Property Finder': [] }, failures: { 'Property Finder': 500 } });
    installFakeBackend(backend);
    const err = await listPage('Property Finder', { pageSize: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordsError);
    expect(err).toMatchObject({ kind: 'failed', status: 500 });
    backend.failures['Property Finder'] = 'network';
    await expect(listPage('Property Finder', { pageSize: 50 })).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('listAll', () => {
  it('follows every page (100 rows a request) in the asked order and filter', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: { 'Chat Leads': rows(250) } });
    installFakeBackend(backend);
    const all = await listAll('Chat Leads', { sort: [{ field: 'name', direction: 'asc' }] });
    expect(all).toHaveLength(250);
    expect(reads(backend)).toHaveLength(3);
    expect(new URL(reads(backend)[0]!.url).searchParams.get('pageSize')).toBe('100');
    const some = await listAll('Chat Leads', { filterByFormula: 'OR(SEARCH("person 24", {name}))' });
    expect(some.map((r) => r.fields.name)).toEqual(['Person 24', ...Array.from({ length: 10 }, (_, i) => `Person ${240 + i}`)]);
  });
});

describe('countRecords', () => {
  it('asks the server’s count API, with the filter; null when the server cannot count; a 401 throws', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: { 'List With Us': rows(7) } });
    installFakeBackend(backend);
    await expect(countRecords('List With Us')).resolves.toBe(7);
    await expect(countRecords('List With Us', 'OR(SEARCH("person 1", {name}))')).resolves.toBe(1);
    expect(backend.requests.at(-1)!.url).toContain('/api/admin/count?table=List+With+Us&filterByFormula=');
    backend.countUnavailable = true;
    await expect(countRecords('List With Us')).resolves.toBeNull();
    backend.signedIn = false;
    await expect(countRecords('List With Us')).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
