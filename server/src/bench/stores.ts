/**
 * The two stores side by side (figures printed, nothing asserted on time): `npm run bench -w server` after a
 * build. For the embedded SQLite file and for PostgreSQL (a throw-away cluster started here, as in the tests):
 *  - form submissions at concurrency 50: per second, p50 and p95 latency, and how many were stored;
 *  - the site's search over 10,000 listings: p50 and p95 latency.
 * BENCH_COUNT (listings), BENCH_POSTS and BENCH_REQUESTS change the sizes; BENCH_STORES=sqlite skips PostgreSQL.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { readConfig } from '../config';
import { startPostgres } from '../tools/throwAwayPostgres';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function call(url: string, method: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent, headers: body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {} },
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

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const ms = (n: number): string => `${n.toFixed(1)} ms`;

async function timed(fn: () => Promise<void>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function benchOne(label: string, databaseUrl: string | undefined, sizes: { count: number; posts: number; requests: number }): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-bench-store-'));
  const seedStart = Date.now();
  const app = await createApp(
    readConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl,
        seedCount: sizes.count,
        recordsRateLimit: 0,
        formRateLimit: 0,
        quiet: true,
        staffPassword: 'bench',
        firstScreen: 'off',
      },
    ),
  );
  const seedMs = Date.now() - seedStart;
  const base = await app.listen();
  const lines: string[] = [`${label}: seeded ${await app.store.count('Properties')} listings in ${seedMs} ms`];
  try {
    // submissions at concurrency 50
    const latencies: number[] = [];
    let next = 0;
    let ok = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < sizes.posts) {
          const i = next++;
          const body = JSON.stringify({ name: `Bench ${i}`, email: `bench${i}@example.com`, phone: '905-555-0100', subject: 'Bench', message: `Message ${i}` });
          let status = 0;
          latencies.push(await timed(async () => void (status = (await call(`${base}/webhook/contact-form`, 'POST', body)).status)));
          if (status === 200) ok++;
        }
      }),
    );
    const elapsed = Date.now() - started;
    latencies.sort((a, b) => a - b);
    const stored = await app.store.count('Website Submissions');
    lines.push(
      `${label}: ${sizes.posts} submissions at concurrency 50: ${Math.round((sizes.posts / elapsed) * 1000)} per second, p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}; ${ok} answered 200, ${stored} stored`,
    );

    // the site's search over the listings
    const formula = `AND(OR(SEARCH(LOWER("oak"), LOWER({Location})), SEARCH(LOWER("oak"), LOWER({City/State})), SEARCH(LOWER("oak"), LOWER({Postal Code})), SEARCH(LOWER("oak"), LOWER({Property ID}))), {Price} <= 5000000, {Bedrooms} >= 3)`;
    const url = `${base}/api/airtable/v0/appLocalBase/Properties?filterByFormula=${encodeURIComponent(formula)}&maxRecords=20`;
    for (let i = 0; i < 10; i++) await call(url, 'GET');
    const search: number[] = [];
    for (let i = 0; i < sizes.requests; i++) search.push(await timed(async () => void (await call(url, 'GET'))));
    search.sort((a, b) => a - b);
    lines.push(
      `${label}: search over ${sizes.count} listings: ${sizes.requests} requests, p50 ${ms(percentile(search, 50))}, p95 ${ms(percentile(search, 95))}`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

async function main(): Promise<void> {
  const sizes = {
    count: Number(process.env.BENCH_COUNT ?? 10_000),
    posts: Number(process.env.BENCH_POSTS ?? 1000),
    requests: Number(process.env.BENCH_REQUESTS ?? 200),
  };
  const out: string[] = [];
  out.push(...(await benchOne('SQLite', undefined, sizes)));
  if (process.env.BENCH_STORES !== 'sqlite') {
    const pg = await startPostgres();
    try {
      out.push(...(await benchOne('PostgreSQL', await pg.createDatabase('bench'), sizes)));
    } finally {
      await pg.stop();
    }
  }
  agent.destroy();
  console.log(`\nStores (${os.cpus().length} cores, Node ${process.version})`);
  for (const line of out) console.log(`  ${line}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
