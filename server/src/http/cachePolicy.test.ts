/**
 * Ready for a CDN: public answers (pages, reads of Properties) carry a shared-cache lifetime and a strong ETag and
 * answer 304; personal answers (staff tables, the staff page, POSTs) are `private, no-store`; and an answer that
 * sets a cookie is never shared, whatever its route says.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { postJson, request, signIn, startServer, tempDir, type TestServer } from '../testing/harness';
import { generateListings } from '../seed/generate';
import { RateLimitedAirtable } from '../testing/rateLimitedAirtable';
import { guardSharedCaching, isSharedCacheable, publicCacheControl } from './cachePolicy';

const LOCAL_PUBLIC = 'public, max-age=0, s-maxage=10, stale-while-revalidate=10';

function fakeShell(): string {
  const root = tempDir('gta-cdn-repo-');
  fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  return root;
}

let server: TestServer;
let api: string;
beforeAll(async () => {
  server = await startServer({ repoRoot: fakeShell(), recordsRateLimit: 0 });
  api = `${server.url}/api/airtable/v0/appLocalBase`;
});
afterAll(() => server.close());

describe('publicCacheControl', () => {
  it('Airtable mode: s-maxage is the sync interval, at most 60 s; local mode: 10 s', () => {
    expect(publicCacheControl({ airtableMode: true, syncIntervalMs: 60_000 })).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(publicCacheControl({ airtableMode: true, syncIntervalMs: 15_000 })).toBe('public, max-age=0, s-maxage=15, stale-while-revalidate=15');
    expect(publicCacheControl({ airtableMode: true, syncIntervalMs: 600_000 })).toContain('s-maxage=60,');
    expect(publicCacheControl({ airtableMode: false, syncIntervalMs: 600_000 })).toBe(LOCAL_PUBLIC);
  });
});

describe('public answers are cacheable, with a strong ETag and 304', () => {
  it('a read of Properties (a list and one record)', async () => {
    const list = await request(`${api}/${PROPERTIES_TABLE}?pageSize=3`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe(LOCAL_PUBLIC);
    const etag = list.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/); // strong: no W/
    const again = await request(`${api}/${PROPERTIES_TABLE}?pageSize=3`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('cache-control')).toBe(LOCAL_PUBLIC);
    // another answer, another tag
    const other = await request(`${api}/${PROPERTIES_TABLE}?pageSize=4`, { headers: { 'If-None-Match': etag } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);

    const id = list.json<{ records: { id: string }[] }>().records[0]?.id as string;
    const one = await request(`${api}/${PROPERTIES_TABLE}/${id}`);
    expect(one.headers.get('cache-control')).toBe(LOCAL_PUBLIC);
    expect((await request(`${api}/${PROPERTIES_TABLE}/${id}`, { headers: { 'If-None-Match': one.headers.get('etag') as string } })).status).toBe(304);
  });

  it('the ETag changes when the table does (a CDN revalidating gets the new answer)', async () => {
    const first = await request(`${api}/${PROPERTIES_TABLE}?pageSize=1&returnCount=true`);
    const etag = first.headers.get('etag') as string;
    await server.app.records.createRecord(PROPERTIES_TABLE, { 'Property Name': 'A new listing', Status: 'Available' });
    const after = await request(`${api}/${PROPERTIES_TABLE}?pageSize=1&returnCount=true`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.json<{ count: number }>().count).toBe(first.json<{ count: number }>().count + 1);
  });

  it('a public page; the staff page is private, no-store', async () => {
    const page = await request(`${server.url}/active-listings`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(LOCAL_PUBLIC);
    expect(page.headers.get('set-cookie')).toBeNull();
    const etag = page.headers.get('etag') as string;
    expect(etag).toMatch(/^"[^W]/);
    expect((await request(`${server.url}/active-listings`, { headers: { Accept: 'text/html', 'If-None-Match': etag } })).status).toBe(304);
    expect((await request(`${server.url}/admin`, { headers: { Accept: 'text/html' } })).headers.get('cache-control')).toBe('private, no-store');
  });

  it('a public page holds nothing of the visitor: a signed-in staff member gets the same bytes as anyone', async () => {
    const cookie = await signIn(server.url);
    for (const route of ['/', '/active-listings', '/contact']) {
      const anyone = await request(`${server.url}${route}`, { headers: { Accept: 'text/html' } });
      const staff = await request(`${server.url}${route}`, { headers: { Accept: 'text/html', Cookie: cookie } });
      expect([route, staff.headers.get('etag')]).toEqual([route, anyone.headers.get('etag')]);
      expect(staff.text).toBe(anyone.text);
      expect(staff.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('Airtable mode: answers from the synced copy', () => {
  it('a read of Properties is kept by a CDN no longer than the sync interval, with its count and a 304', async () => {
    const base = new RateLimitedAirtable();
    await base.start();
    for (const listing of generateListings({ count: 30 })) base.add(PROPERTIES_TABLE, [listing.fields], new Date(listing.createdTime));
    const site = await startServer(
      { airtableBaseId: base.baseId, airtableToken: base.token, airtableApiUrl: base.url, recordsRateLimit: 0, airtableSyncIntervalMs: 15_000 },
      { airtableSync: { tickMs: 200, retryMs: 500 } },
    );
    try {
      const url = `${site.url}/api/airtable/v0/${base.baseId}/${PROPERTIES_TABLE}?pageSize=5&returnCount=true`;
      let reply = await request(url);
      for (let i = 0; reply.status !== 200 && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100)); // the first copy is being read
        reply = await request(url);
      }
      expect(reply.status).toBe(200);
      expect(reply.json<{ count: number }>().count).toBe(30);
      expect(reply.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=15, stale-while-revalidate=15');
      expect((await request(url, { headers: { 'If-None-Match': reply.headers.get('etag') as string } })).status).toBe(304);
    } finally {
      await site.close();
      await base.stop();
    }
  });
});

describe('personal answers are never cacheable', () => {
  it('a staff table read with a session, a POST listRecords, a sign-in that sets a cookie', async () => {
    const cookie = await signIn(server.url);
    const staff = await request(`${api}/Website%20Submissions?pageSize=1`, { headers: { Cookie: cookie } });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    expect(isSharedCacheable(staff.headers.get('cache-control'))).toBe(false);
    const post = await postJson(`${api}/${PROPERTIES_TABLE}/listRecords`, { pageSize: 1 });
    expect(post.status).toBe(200);
    expect(isSharedCacheable(post.headers.get('cache-control'))).toBe(false);
    const signInReply = await postJson(`${server.url}/api/auth/login`, { password: 'correct horse battery staple' });
    expect(signInReply.headers.get('set-cookie')).toBeTruthy();
    expect(isSharedCacheable(signInReply.headers.get('cache-control'))).toBe(false);
  });
});

describe('guardSharedCaching', () => {
  /** A server whose one route answers with the given headers, through setHeader or writeHead. */
  async function answer(how: 'setHeader' | 'writeHead' | 'implicit', headers: Record<string, string>): Promise<http.IncomingHttpHeaders> {
    const s = http.createServer((_req, res) => {
      guardSharedCaching(res);
      if (how === 'writeHead') {
        res.writeHead(200, headers);
        res.end('x');
        return;
      }
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      if (how === 'setHeader') res.writeHead(200);
      res.end('x');
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    try {
      const reply = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`);
      await reply.text();
      return Object.fromEntries(reply.headers);
    } finally {
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }

  it.each(['setHeader', 'writeHead', 'implicit'] as const)('an answer that sets a cookie is never public (%s)', async (how) => {
    const headers = await answer(how, { 'Set-Cookie': 'sid=abc; HttpOnly', 'Cache-Control': 'public, s-maxage=60' });
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['set-cookie']).toBe('sid=abc; HttpOnly');
  });

  it('leaves a public answer without a cookie as it is, and gives one that names no caching no-store', async () => {
    expect((await answer('writeHead', { 'Cache-Control': 'public, s-maxage=60' }))['cache-control']).toBe('public, s-maxage=60');
    expect((await answer('implicit', {}))['cache-control']).toBe('no-store');
  });
});
