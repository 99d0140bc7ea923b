/**
 * Benchmarks (figures printed, nothing asserted on time): `npm run bench -w server` after a build.
 *  1. list-with-formula over 10,000 listings: p50 / p95 latency over HTTP on loopback (the site's search formula).
 *  2. 1,000 concurrent valid form posts: every one answered 200 and every one found in the store afterwards.
 *  3. the home page's latency (p50 / p95) alone, then while 10 worst-case searches run without pause (a balanced
 *     tree of & over the listings' descriptions, and a formula of ~4,800 parts: the attack pass's cases).
 *  4. issue 34 (searchAndCdn.ts): a search's first page with its count and a later page, before (page + count pass,
 *     no search cache) and after (one request with returnCount, the search cache); a property page at concurrency
 *     50 straight from the replica, revalidated (304), and through a CDN-like cache in front.
 * BENCH_ONLY=home runs only 3, BENCH_ONLY=search only 4; BENCH_REPO_ROOT serves the site built in another checkout
 * (to compare builds). BENCH_SEARCHES (40) and BENCH_CDN_SECONDS (10) size 4.
 * Uses its own temporary data folder and a free port; BENCH_COUNT and BENCH_REQUESTS change the sizes.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { readConfig } from '../config';
import { searchBench, viralListingBench } from './searchAndCdn';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** The server token the worst-case searches are sent with: an anonymous caller gets only the site's query shapes. */
const BENCH_TOKEN = 'bench-server-token';

function call(url: string, method: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent, headers: { ...headers, ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function main(): Promise<void> {
  const count = Number(process.env.BENCH_COUNT ?? 10_000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const posts = Number(process.env.BENCH_POSTS ?? 1000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-bench-'));
  const seedStart = Date.now();
  const only = process.env.BENCH_ONLY;
  const repoRoot = process.env.BENCH_REPO_ROOT ? { repoRoot: path.resolve(process.env.BENCH_REPO_ROOT) } : {};
  const app = await createApp(
    readConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        seedCount: count,
        recordsRateLimit: 0,
        formRateLimit: 0,
        quiet: true,
        staffPassword: 'bench',
        recordsApiToken: BENCH_TOKEN,
        ...repoRoot,
      },
    ),
  );
  const seedMs = Date.now() - seedStart;
  const base = await app.listen();
  console.log(`Seeded ${await app.store.count('Properties')} listings in ${seedMs} ms; server at ${base}`);

  const searchSamples = Number(process.env.BENCH_SEARCHES ?? 40);
  const cdnSeconds = Number(process.env.BENCH_CDN_SECONDS ?? 10);
  if (only === 'home' || only === 'search') {
    if (only === 'home') await homeUnderSearchLoad(base, count);
    else {
      await searchBench(app, base, count, searchSamples);
      await viralListingBench(app, base, 50, cdnSeconds);
    }
    await app.close();
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }

  // 1. list with the site's search formula
  const formula = `AND(OR(SEARCH(LOWER("oak"), LOWER({Location})), SEARCH(LOWER("oak"), LOWER({City/State})), SEARCH(LOWER("oak"), LOWER({Postal Code})), SEARCH(LOWER("oak"), LOWER({Property ID}))), {Price} <= 5000000, {Bedrooms} >= 3)`;
  const url = `${base}/api/airtable/v0/appLocalBase/Properties?filterByFormula=${encodeURIComponent(formula)}&maxRecords=20`;
  const sortedUrl = `${base}/api/airtable/v0/appLocalBase/Properties?filterByFormula=${encodeURIComponent(`{Status} = "Available"`)}&sort%5B0%5D%5Bfield%5D=Listing%20Date&sort%5B0%5D%5Bdirection%5D=desc&pageSize=100`;
  for (const [label, target] of [
    ['search formula, maxRecords=20', url],
    ['Available, sorted by Listing Date desc, first page of 100', sortedUrl],
  ] as const) {
    for (let i = 0; i < 10; i++) await call(target, 'GET');
    const times: number[] = [];
    let matched = 0;
    for (let i = 0; i < requests; i++) {
      const t = process.hrtime.bigint();
      const reply = await call(target, 'GET');
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (reply.status !== 200) throw new Error(`list answered ${reply.status}: ${reply.body.slice(0, 200)}`);
      matched = (JSON.parse(reply.body) as { records: unknown[] }).records.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `list-with-formula over ${count} records (${label}; the same search each time, from the search cache after the first): ${requests} requests, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${(times[times.length - 1] as number).toFixed(1)} ms (${matched} records per answer)`,
    );
  }

  // 2. concurrent form posts
  const before = await app.store.count('Website Submissions');
  const started = Date.now();
  const replies = await Promise.all(
    Array.from({ length: posts }, (_, i) =>
      call(
        `${base}/webhook/contact-form`,
        'POST',
        JSON.stringify({ name: `Bench ${i}`, email: `bench${i}@example.com`, phone: '905-555-0100', subject: 'Bench', message: `Message ${i}` }),
      ),
    ),
  );
  const elapsed = Date.now() - started;
  const ok = replies.filter((r) => r.status === 200);
  const ids = new Set(ok.map((r) => (JSON.parse(r.body) as { id: string }).id));
  const stored = (await app.store.count('Website Submissions')) - before;
  const foundIds = (await Promise.all([...ids].map((id) => app.store.find('Website Submissions', id)))).filter(Boolean).length;
  console.log(
    `${posts} concurrent contact-form posts: ${ok.length} answered 200 in ${elapsed} ms (${Math.round((posts / elapsed) * 1000)} per second); ${stored} stored, ${foundIds} of the answered ids found in the database`,
  );
  // 3. the home page while worst-case searches run
  await homeUnderSearchLoad(base, count);
  // 4. one request per search, and a CDN in front (issue 34)
  await searchBench(app, base, count, searchSamples);
  await viralListingBench(app, base, 50, cdnSeconds);

  await app.close();
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (ok.length !== posts || foundIds !== posts) {
    console.error('Not every post was answered 200 and stored.');
    process.exitCode = 1;
  }
}

async function measureHome(base: string, samples: number): Promise<{ p50: number; p95: number; max: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < samples; i++) {
    const t = process.hrtime.bigint();
    status = (await call(`${base}/`, 'GET')).status;
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] as number, status };
}

async function homeUnderSearchLoad(base: string, count: number): Promise<void> {
  const samples = Number(process.env.BENCH_HOME_SAMPLES ?? 60);
  const tree = (depth: number): string => (depth === 0 ? '{Description}' : `(${tree(depth - 1)}&${tree(depth - 1)})`);
  const parts = `OR(${Array.from({ length: 530 }, (_, i) => `{Bedrooms} = ${i + 100}`).join(',')})`;
  // each search a new formula (n), as an attacker would send: the search cache keeps none of them for the next
  const worst = [(n: number) => `LEN(${tree(11)}) > ${-n}`, (n: number) => `AND(${n} >= 0, ${parts}, ${parts}, ${parts})`];
  let sent = 0;
  for (let i = 0; i < 5; i++) await call(`${base}/`, 'GET');
  const idle = await measureHome(base, samples);
  let running = true;
  const answers = new Map<number, number>();
  const started = Date.now();
  const searchers = Array.from({ length: 10 }, async (_, i) => {
    while (running) {
      const reply = await call(
        `${base}/api/airtable/v0/appLocalBase/Properties/listRecords`,
        'POST',
        JSON.stringify({ filterByFormula: (worst[i % worst.length] as (n: number) => string)(sent++), pageSize: 10 }),
        { Authorization: `Bearer ${BENCH_TOKEN}` },
      );
      answers.set(reply.status, (answers.get(reply.status) ?? 0) + 1);
      // with no limit (before this change) one search could run for tens of seconds: stop after the samples
    }
  });
  const loaded = await measureHome(base, samples);
  running = false;
  await Promise.all(searchers);
  const fmt = (m: { p50: number; p95: number; max: number }) => `p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, max ${m.max.toFixed(1)} ms`;
  console.log(`home page (${idle.status}) over ${count} listings, alone: ${fmt(idle)}`);
  console.log(
    `home page (${loaded.status}) while 10 worst-case searches run: ${fmt(loaded)}; searches answered ${[...answers].map(([s, n]) => `${n}x ${s}`).join(', ')} in ${Date.now() - started} ms`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
