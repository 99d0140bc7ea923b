// Ready for a CDN (issue 34): the built site's public pages, rendered with their listings, and the records API's
// search answer carry a shared-cache lifetime and a strong ETag (304 on revalidation), and hold nothing of one
// visitor (a signed-in staff member gets the same bytes as anyone, and no cookie); the staff page stays private.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, readProperties, slugOf, staffPassword } from '../lib.mjs';

const PUBLIC = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

async function staffCookie() {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: staffPassword }),
  });
  assert.equal(res.status, 200, 'staff sign-in');
  assert.match(res.headers.get('cache-control') ?? '', /no-store/, 'the answer that sets the cookie is not cacheable');
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

test('public pages are cacheable, answer 304, and are the same bytes for a signed-in staff member as for anyone', async () => {
  const [listing] = await readProperties();
  const cookie = await staffCookie();
  for (const path of [
    '/',
    '/active-listings',
    '/active-listings?price=custom&priceCustom=3000000',
    `/property/${slugOf(listing.fields['Property Name'])}`,
    '/listings/oakville',
  ]) {
    const anyone = await fetch(`${baseUrl}${path}`, { headers: { Accept: 'text/html' } });
    assert.equal(anyone.status, 200, path);
    assert.match(anyone.headers.get('cache-control') ?? '', PUBLIC, path);
    const etag = anyone.headers.get('etag');
    assert.match(etag ?? '', /^"[^"]+"$/, `${path}: a strong ETag`);
    assert.equal(anyone.headers.get('set-cookie'), null, path);
    const body = await anyone.text();
    const staff = await fetch(`${baseUrl}${path}`, { headers: { Accept: 'text/html', Cookie: cookie } });
    assert.equal(staff.headers.get('etag'), etag, `${path}: the same page for staff`);
    assert.equal(await staff.text(), body, path);
    assert.equal(staff.headers.get('set-cookie'), null, path);
    const again = await fetch(`${baseUrl}${path}`, { headers: { Accept: 'text/html', 'If-None-Match': etag } });
    assert.equal(again.status, 304, `${path}: revalidated`);
  }
  const admin = await fetch(`${baseUrl}/admin`, { headers: { Accept: 'text/html', Cookie: cookie } });
  assert.equal(admin.headers.get('cache-control'), 'private, no-store');
});

test("the listings search is one request with its count, cacheable with an ETag; a staff table's answer is not", async () => {
  const config = await (await fetch(`${baseUrl}/config.json`)).json();
  const api = `${new URL(config.airtable.endpointUrl, baseUrl).href.replace(/\/+$/, '')}/v0/${config.airtable.baseId}`;
  const url = `${api}/Properties?pageSize=20&returnCount=true&sort%5B0%5D%5Bfield%5D=Listing%20Date&sort%5B0%5D%5Bdirection%5D=desc`;
  const res = await fetch(url);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.count, (await readProperties()).length);
  assert.match(res.headers.get('cache-control') ?? '', PUBLIC);
  const again = await fetch(url, { headers: { 'If-None-Match': res.headers.get('etag') } });
  assert.equal(again.status, 304);
  const staff = await fetch(`${api}/Website%20Submissions?pageSize=1`, { headers: { Cookie: await staffCookie() } });
  assert.equal(staff.status, 200);
  assert.equal(staff.headers.get('cache-control'), 'private, no-store');
});
