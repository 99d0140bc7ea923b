import { createFakeBackend, installFakeBackend, record, TEST_BASE_ID } from '../test/fakeBackend';
import { listSubmissions, RecordsError } from './recordsClient';

describe('listSubmissions (real airtable.js against a fake records API)', () => {
  it('follows every page and keeps id, createdTime and fields', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => record(`rec${i}`, { name: `Person ${i}` }, `2026-01-0${i + 1}T00:00:00.000Z`));
    const backend = createFakeBackend({ signedIn: true, pageSize: 3, tables: { 'List With Us': rows } });
    installFakeBackend(backend);
    const out = await listSubmissions('List With Us');
    expect(out).toHaveLength(7);
    expect(out[6]).toEqual({ id: 'rec6', createdTime: '2026-01-07T00:00:00.000Z', fields: { name: 'Person 6' } });
    const reads = backend.requests.filter((r) => r.url.includes('/v0/'));
    expect(reads).toHaveLength(3);
    expect(reads[0]!.url).toContain(`/api/airtable/v0/${TEST_BASE_ID}/List%20With%20Us`);
    expect(reads[1]!.url).toContain('offset=3');
    // no credentials option: the browser's default 'same-origin' sends the session cookie to the same-origin API
    expect(reads[0]!.credentials).toBeUndefined();
  });

  it('turns a 401 into an unauthorized error', async () => {
    installFakeBackend(createFakeBackend({ signedIn: false, tables: { 'List With Us': [] } }));
    await expect(listSubmissions('List With Us')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('reports a server failure with its status, and a network failure as such', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: { 'Property Finder': [] }, failures: { 'Property Finder': 500 } });
    installFakeBackend(backend);
    const err = await listSubmissions('Property Finder').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordsError);
    expect(err).toMatchObject({ kind: 'failed', status: 500 });
    backend.failures['Property Finder'] = 'network';
    await expect(listSubmissions('Property Finder')).rejects.toMatchObject({ kind: 'network' });
  });
});
