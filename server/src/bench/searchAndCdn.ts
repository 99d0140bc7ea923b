/**
 * Benchmarks of issue 34 (figures printed, nothing asserted on time), run by run.ts on its seeded site:
 *  - a visitor's search over the listings: p50 / p95 of the first page with its count and of a later page (the 3rd),
 *    before (the old path: the page, and beside it the count read 100 records at a time with fields[]=Status up to
 *    1,000, every request filtering the whole table: the server's search cache off) and after (one request with
 *    returnCount, the ordered result of the search kept so a later page is a slice);
 *  - a property page at concurrency 50: pages per second straight from this one replica, revalidated with
 *    If-None-Match (a browser's 304), and through a tiny CDN-like cache in front (it keeps an answer for its
 *    s-maxage, serves it stale while revalidating with If-None-Match, and collapses concurrent misses), with the
 *    requests that reached the replica.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMPTY_LISTING_SEARCH, PROPERTIES_TABLE, listingListFormula, propertyPath } from '@gta/shared/core';
import type { ServerApp } from '../app';

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

type Page = { records: unknown[]; offset?: string; count?: number };

/** The records API's list URL as airtable.js writes it (newest first, as /active-listings asks). */
function listUrl(api: string, formula: string, options: { pageSize: number; offset?: string; fields?: string[]; returnCount?: boolean }): string {
  const q = new URLSearchParams({ filterByFormula: formula, pageSize: String(options.pageSize) });
  q.set('sort[0][field]', 'Listing Date');
  q.set('sort[0][direction]', 'desc');
  for (const f of options.fields ?? []) q.append('fields[]', f);
  if (options.offset) q.set('offset', options.offset);
  if (options.returnCount) q.set('returnCount', 'true');
  return `${api}?${q}`;
}

async function page(url: string): Promise<Page> {
  const reply = await get(url);
  if (reply.status !== 200) throw new Error(`list answered ${reply.status}: ${reply.body.toString().slice(0, 200)}`);
  return JSON.parse(reply.body.toString()) as Page;
}

/** The old count pass (mfe-listings before issue 34): fields[]=Status, 100 a page, up to 1,000. Resolves with the requests made. */
async function oldCount(api: string, formula: string): Promise<{ n: number; requests: number }> {
  let n = 0;
  let requests = 0;
  let offset: string | undefined;
  do {
    const p = await page(listUrl(api, formula, { pageSize: 100, fields: ['Status'], offset }));
    requests++;
    n += p.records.length;
    offset = p.offset;
  } while (offset && n < 1000);
  return { n, requests };
}

export async function searchBench(app: ServerApp, base: string, listings: number, samples: number): Promise<void> {
  const api = `${base}/api/airtable/v0/appLocalBase/${encodeURIComponent(PROPERTIES_TABLE)}`;
  // the site's search (location and a price ceiling), a different ceiling each time: every first page is a new search
  const formulaOf = (i: number): string =>
    listingListFormula({ ...EMPTY_LISTING_SEARCH, location: 'Oakville', price: 'custom', priceCustom: String(6_000_000 + i * 1000) });
  let matched = 0;
  let oldRequests = 0;
  const results: string[] = [];
  for (const mode of ['before', 'after'] as const) {
    app.records.searches.enabled = mode === 'after';
    app.records.searches.stats.hits = 0;
    app.records.searches.stats.misses = 0;
    const first: number[] = [];
    const later: number[] = [];
    for (let i = -5; i < samples; i++) {
      const formula = formulaOf(i + (mode === 'after' ? 100_000 : 0));
      let t = process.hrtime.bigint();
      let one: Page;
      if (mode === 'before') {
        // the browser sent the page and the count pass side by side
        const [p, count] = await Promise.all([page(listUrl(api, formula, { pageSize: 20 })), oldCount(api, formula)]);
        one = p;
        matched = count.n;
        oldRequests = 1 + count.requests;
      } else {
        one = await page(listUrl(api, formula, { pageSize: 20, returnCount: true }));
        matched = one.count ?? -1;
      }
      if (i >= 0) first.push(ms(t));
      // 'Show more' twice: the 3rd page is timed (the count came with the first page, before and after)
      const two = await page(listUrl(api, formula, { pageSize: 20, offset: one.offset, returnCount: mode === 'after' }));
      t = process.hrtime.bigint();
      await page(listUrl(api, formula, { pageSize: 20, offset: two.offset, returnCount: mode === 'after' }));
      if (i >= 0) later.push(ms(t));
    }
    results.push(
      `search over ${listings} listings, ${mode === 'before' ? `before (page + count pass: ${oldRequests} requests)` : 'after (one request with returnCount)'}: first page with its count ${fmt(first)}; a later page (3rd) ${fmt(later)}`,
    );
  }
  // a keyword search (h12): every word looked for in SEARCH(word, LOWER({Property Name}&' '&{Address}&' '&…)), a
  // different price ceiling each time (no search cache); it used to stop at the formula's text budget (422)
  const keyword = (i: number): string =>
    listingListFormula({ ...EMPTY_LISTING_SEARCH, keyword: 'oakville pool', price: 'custom', priceCustom: String(7_000_000 + i * 1000) });
  const keywordTimes: number[] = [];
  const keywordStatus = new Map<number, number>();
  let keywordMatched = -1;
  for (let i = -3; i < samples; i++) {
    const t = process.hrtime.bigint();
    const reply = await get(listUrl(api, keyword(i), { pageSize: 20, returnCount: true }));
    if (i < 0) continue;
    keywordTimes.push(ms(t));
    keywordStatus.set(reply.status, (keywordStatus.get(reply.status) ?? 0) + 1);
    if (reply.status === 200) keywordMatched = (JSON.parse(reply.body.toString()) as Page).count ?? -1;
  }
  results.push(
    `keyword search 'oakville pool' over ${listings} listings (first page with its count): ${fmt(keywordTimes)}; answers ${[...keywordStatus].map(([s, n]) => `${n}x ${s}`).join(', ')}; ${keywordMatched} matching`,
  );
  app.records.searches.enabled = true;
  for (const line of results) console.log(line);
  console.log(
    `  (${samples} searches each, ${matched} listings matching one; the search cache after: ${app.records.searches.stats.hits} hits, ${app.records.searches.stats.misses} misses)`,
  );
}

interface CdnEntry {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
  etag?: string;
}

/** A CDN in miniature: keeps what Cache-Control lets a shared cache keep (s-maxage, stale-while-revalidate), never a Set-Cookie answer. */
async function startCdn(origin: string): Promise<{ url: string; originRequests: () => number; close: () => Promise<void> }> {
  const cache = new Map<string, CdnEntry>();
  const inFlight = new Map<string, Promise<CdnEntry | Reply>>();
  let originRequests = 0;
  const fetchOrigin = (key: string, headers: Record<string, string>, stale?: CdnEntry): Promise<CdnEntry | Reply> => {
    const running = inFlight.get(key);
    if (running) return running;
    originRequests++;
    const p = get(`${origin}${key}`, { ...headers, ...(stale?.etag ? { 'If-None-Match': stale.etag } : {}) })
      .then((reply): CdnEntry | Reply => {
        const cc = String(reply.headers['cache-control'] ?? '');
        const sMax = /s-maxage=(\d+)/.exec(cc);
        const swr = /stale-while-revalidate=(\d+)/.exec(cc);
        if (reply.status === 304 && stale) {
          const fresh = { ...stale, storedAt: Date.now() };
          cache.set(key, fresh);
          return fresh;
        }
        if (reply.status !== 200 || !sMax || /private|no-store/.test(cc) || reply.headers['set-cookie']) return reply;
        const kept: CdnEntry = {
          status: reply.status,
          headers: reply.headers as http.OutgoingHttpHeaders,
          body: reply.body,
          storedAt: Date.now(),
          maxAgeMs: Number(sMax[1]) * 1000,
          staleMs: swr ? Number(swr[1]) * 1000 : 0,
          etag: typeof reply.headers.etag === 'string' ? reply.headers.etag : undefined,
        };
        cache.set(key, kept);
        return kept;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  };
  const server = http.createServer((req, res) => {
    const key = req.url ?? '/';
    const headers = { accept: String(req.headers.accept ?? '*/*'), 'accept-encoding': String(req.headers['accept-encoding'] ?? '') };
    const send = (r: CdnEntry | Reply): void => {
      res.writeHead(r.status, {
        'content-type': String(r.headers['content-type'] ?? ''),
        ...(r.headers['content-encoding'] ? { 'content-encoding': String(r.headers['content-encoding']) } : {}),
      });
      res.end(r.body);
    };
    const entry = cache.get(key);
    const age = entry ? Date.now() - entry.storedAt : Infinity;
    if (entry && age <= entry.maxAgeMs) return send(entry);
    if (entry && age <= entry.maxAgeMs + entry.staleMs) {
      fetchOrigin(key, headers, entry).catch(() => undefined);
      return send(entry);
    }
    fetchOrigin(key, headers, entry).then(send, () => {
      res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    originRequests: () => originRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `concurrency` loops requesting `url` for `seconds`: answers per second and their statuses. */
async function load(
  url: string,
  concurrency: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<{ perSecond: number; statuses: Map<number, number> }> {
  const until = Date.now() + seconds * 1000;
  const statuses = new Map<number, number>();
  let done = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const reply = await get(url, headers);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        done++;
      }
    }),
  );
  return { perSecond: done / (ms(started) / 1000), statuses };
}

export async function viralListingBench(app: ServerApp, base: string, concurrency: number, seconds: number): Promise<void> {
  const [listing] = await app.records.listRecords(PROPERTIES_TABLE, { maxRecords: 1 });
  const path = propertyPath(listing?.fields['Property Name']);
  const headers = { accept: 'text/html', 'accept-encoding': 'br' };
  const first = await get(`${base}${path}`, headers);
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
  const etag = String(first.headers.etag ?? '');
  const statuses = (m: Map<number, number>) => [...m].map(([s, n]) => `${n}x ${s}`).join(', ');
  const direct = await load(`${base}${path}`, concurrency, seconds, headers);
  console.log(
    `property page ${path} (${first.body.length} bytes br, Cache-Control: ${first.headers['cache-control']}) at concurrency ${concurrency} for ${seconds} s:`,
  );
  console.log(`  straight from one replica: ${direct.perSecond.toFixed(0)} pages/s (${statuses(direct.statuses)}): every view is a request to the replica`);
  const revalidated = await load(`${base}${path}`, concurrency, seconds, { ...headers, 'if-none-match': etag });
  console.log(`  browsers revalidating (If-None-Match, 304): ${revalidated.perSecond.toFixed(0)} answers/s (${statuses(revalidated.statuses)})`);
  const cdn = await startCdn(base);
  try {
    const viaCdn = await load(`${cdn.url}${path}`, concurrency, seconds, headers);
    console.log(
      `  through a CDN-like cache in front: ${viaCdn.perSecond.toFixed(0)} pages/s (${statuses(viaCdn.statuses)}); the replica answered ${cdn.originRequests()} of them (${(cdn.originRequests() / seconds).toFixed(2)} per second)`,
    );
  } finally {
    await cdn.close();
  }
}
