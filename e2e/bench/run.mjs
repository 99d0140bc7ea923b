// npm run bench -w e2e: measures the built site in headless Chromium and prints a table (also written to
// bench-results/pages.md). Figures only: nothing here asserts a time.
//  1. Lighthouse 12 (mobile emulation, default simulated throttling) on /, /active-listings, a property page,
//     /blogs and /mortgage-calculator: the four category scores, LCP, TBT, CLS and JS transferred.
//  2. The same five pages built as one ordinary webpack app (e2e/bench/single), for the cost of federation.
//  3. In unthrottled Chromium: JS bytes of the first load of /, and bytes of the admin and chat code requested
//     before first paint on every measured page.
// BENCH_RUNS=3 takes the median of three Lighthouse runs per page (default 1).
//  4. With BENCH_PEER_DIR (the Next.js peer's folder after `next build`, docs/bench-history.md "The peer"), or
//     BENCH_PEER_URL (the peer already running): / and /active-listings against the peer's / and /properties, the
//     two sites' Lighthouse runs alternated (ours, peer, peer, ours, …) so both see the same host, side by side.
//     BENCH_PEER_ONLY=1 runs only this table.
import { spawn, execFileSync } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { tmpdir } from 'node:os';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../lib.mjs';
import { recordFirstLoad } from './firstLoad.mjs';
import { freePort, repoRoot, startServer } from '../server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const singleDir = join(repoRoot, 'e2e/bench/single/dist');

function buildSingle() {
  console.log('bench: building the single-bundle version (measurement only)…');
  execFileSync('npx', ['webpack', '-c', 'e2e/bench/single/webpack.config.cjs'], { cwd: repoRoot, stdio: 'inherit' });
}

const TYPES = {
  '.js': 'text/javascript',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain',
};
const PROXIED = /^\/(config\.json|api\/|media\/|webhook\/|chat\/|sitemap\.xml|robots\.txt)/;

/** Serves the single-bundle build like the real server does (brotli, immutable hashed files), proxying the back end. */
async function serveSingle(backendPort) {
  const port = await freePort();
  const cache = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (PROXIED.test(url.pathname)) {
      const upstream = httpRequest(
        { host: '127.0.0.1', port: backendPort, path: req.url, method: req.method, headers: { ...req.headers, host: `localhost:${backendPort}` } },
        (up) => {
          res.writeHead(up.statusCode, up.headers);
          up.pipe(res);
        },
      );
      req.pipe(upstream);
      return;
    }
    let file = join(singleDir, url.pathname);
    if (!file.startsWith(singleDir) || !existsSync(file) || statSync(file).isDirectory()) file = join(singleDir, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const hashed = /\.[0-9a-f]{10}\./.test(file);
    let body = readFileSync(file);
    const headers = { 'Content-Type': type, 'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache' };
    if (/text|javascript|json|svg/.test(type) && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
      if (!cache.has(file)) cache.set(file, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      body = cache.get(file);
      headers['Content-Encoding'] = 'br';
    }
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { baseUrl: `http://localhost:${port}`, close: () => server.close() };
}

async function launchDebuggableChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'gta-lh-'));
  const child = spawn(CHROMIUM_PATH, ['--headless=new', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Chromium may still be writing its profile for a moment after SIGKILL: retry, and never fail the bench over it
  return {
    port,
    kill: () => {
      child.kill('SIGKILL');
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        /* left in the temp dir */
      }
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One Lighthouse run of `url`: scores, timings, and the JS and HTML transferred. */
async function lighthouseRun(chromePort, url) {
  const { lhr } = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  const scripts = requests.filter((it) => it.resourceType === 'Script');
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    jsKB: scripts.reduce((sum, it) => sum + (it.transferSize ?? 0), 0) / 1024,
    htmlKB: requests.filter((it) => it.resourceType === 'Document').reduce((sum, it) => sum + (it.transferSize ?? 0), 0) / 1024,
    // Lighthouse's own measure of the host's CPU: its 4x CPU multiplier assumes a fast desktop, and it warns below 1000
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => a.id)
      .slice(0, 12),
  };
}

/** The median of Lighthouse runs (BENCH_RUNS of them unless given). */
async function audit(chromePort, url, runCount = RUNS) {
  const runs = [];
  for (let i = 0; i < runCount; i += 1) runs.push(await lighthouseRun(chromePort, url));
  return medianOf(runs);
}

function medianOf(runs) {
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    tbtRuns: runs.map((r) => r.tbt),
    cls: pick('cls'),
    jsKB: pick('jsKB'),
    htmlKB: pick('htmlKB'),
    benchmarkIndexes: runs.map((r) => r.benchmarkIndex),
    failing: runs[0].failing,
  };
}

/** JS bytes (compressed, as transferred) of a first load, and admin/chat bytes requested before first paint. */
async function firstLoad(browser, url) {
  const { page, requests } = await recordFirstLoad(browser, url);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  const navStart = await page.evaluate(() => performance.timeOrigin / 1000);
  let js = 0;
  let beforePaint = 0;
  for (const { url: requested, type, at, bytes } of requests) {
    if (type === 'Script') js += bytes;
    const requestedAtMs = (at - navStart) * 1000; // wallTime is epoch seconds, the clock of performance.timeOrigin
    if (/\/remotes\/(admin|chat)\//.test(requested) && fcp !== null && requestedAtMs < fcp) beforePaint += bytes;
  }
  await page.context().close();
  return { jsKB: js / 1024, adminChatBeforePaintKB: beforePaint / 1024, fcp };
}

const PEER_PAGES = [
  ['/', '/'],
  ['/active-listings', '/properties'],
];

/** The peer: BENCH_PEER_URL as it is, or `next start` in BENCH_PEER_DIR (its build) on a free port. */
async function startPeer() {
  if (process.env.BENCH_PEER_URL) return { baseUrl: process.env.BENCH_PEER_URL.replace(/\/$/, ''), stop: () => undefined };
  const dir = process.env.BENCH_PEER_DIR;
  const next = join(dir, 'node_modules/next/dist/bin/next');
  if (!existsSync(join(dir, '.next/BUILD_ID')) || !existsSync(next))
    throw new Error(`BENCH_PEER_DIR=${dir}: no .next/BUILD_ID or next there (npm install, then next build)`);
  const port = await freePort();
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(baseUrl)).ok) return { baseUrl, stop: () => child.kill('SIGTERM') };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the peer did not answer on ${baseUrl} within 60 s`);
}

/**
 * Our pages and the peer's, Lighthouse runs alternated (ours, peer, peer, ours, …) so that both see the host as it
 * is at that moment; the median of BENCH_RUNS each. Returns the table in Markdown.
 */
async function peerComparison(chromePort, ourBaseUrl) {
  const peer = await startPeer();
  try {
    const lines = [
      `# Side by side with the peer (${new Date().toISOString()})`,
      '',
      `Ours: ${ourBaseUrl}; the peer: ${process.env.BENCH_PEER_URL ?? `next start in ${process.env.BENCH_PEER_DIR}`}. Lighthouse, mobile, simulated throttling, runs alternated, median of ${RUNS}. KB as transferred.`,
      '',
      '| page | perf | a11y | best pr. | FCP ms | LCP ms | TBT ms (range of runs) | CLS | JS KB | HTML KB |',
      '|---|---|---|---|---|---|---|---|---|---|',
    ];
    const indexes = [];
    for (const [ours, theirs] of PEER_PAGES) {
      const runs = { ours: [], peer: [] };
      for (let i = 0; i < RUNS; i += 1) {
        const order = i % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
        for (const who of order) runs[who].push(await lighthouseRun(chromePort, who === 'ours' ? `${ourBaseUrl}${ours}` : `${peer.baseUrl}${theirs}`));
      }
      const o = medianOf(runs.ours);
      const p = medianOf(runs.peer);
      indexes.push(...o.benchmarkIndexes, ...p.benchmarkIndexes);
      const row = (label, r) =>
        `| ${label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${fmt(r.fcp)} | ${fmt(r.lcp)} | ${withRange(r.tbt, r.tbtRuns)} | ${fmt(r.cls, 3)} | ${fmt(r.jsKB, 1)} | ${fmt(r.htmlKB, 1)} |`;
      lines.push(row(`ours ${ours}`, o), row(`peer ${theirs}`, p));
      lines.push(
        `| ours/peer | | | | ${fmt(o.fcp / p.fcp, 2)} | ${fmt(o.lcp / p.lcp, 2)} | ${p.tbt > 0 ? fmt(o.tbt / p.tbt, 2) : '—'} | | ${fmt(o.jsKB / p.jsKB, 2)} | ${fmt(o.htmlKB / p.htmlKB, 2)} |`,
      );
      console.log(`bench: ${ours} against the peer's ${theirs} done`);
    }
    const known = indexes.filter((i) => typeof i === 'number');
    if (known.length)
      lines.push(
        '',
        `Host CPU, Lighthouse's benchmarkIndex over these runs: median ${fmt(median(known))}, ${fmt(Math.min(...known))} to ${fmt(Math.max(...known))}.`,
      );
    return lines.join('\n');
  } finally {
    peer.stop();
  }
}

const fmt = (n, d = 0) => (n === null || n === undefined ? '—' : Number(n).toFixed(d));
/** The median, and with more than one run the lowest and highest: TBT moves with the host's speed from run to run. */
const withRange = (middle, xs) => (xs.length > 1 ? `${fmt(middle)} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})` : fmt(middle));

const server = await startServer();
let single;
let chrome;
let browser;
try {
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const property = (sitemap.match(/<loc>[^<]*?(\/property\/[^<]+)<\/loc>/) ?? [])[1] ?? '/property/unknown';
  const pages = ['/', '/active-listings', property, '/blogs', '/mortgage-calculator'];
  chrome = await launchDebuggableChromium();
  if (process.env.BENCH_PEER_DIR || process.env.BENCH_PEER_URL) {
    const table = await peerComparison(chrome.port, server.baseUrl);
    console.log(`\n${table}\n`);
    mkdirSync(join(repoRoot, 'bench-results'), { recursive: true });
    writeFileSync(join(repoRoot, 'bench-results', 'peer.md'), `${table}\n`);
    console.log('bench: written to bench-results/peer.md');
  }
  if (process.env.BENCH_PEER_ONLY !== '1') await pagesTable();

  async function pagesTable() {
    if (!existsSync(join(singleDir, 'index.html')) || process.env.BENCH_REBUILD_SINGLE !== '0') buildSingle();
    single = await serveSingle(server.port);
    browser = await launchBrowser();

    const rows = [];
    for (const path of pages) {
      const federated = await audit(chrome.port, `${server.baseUrl}${path}`);
      const mono = await audit(chrome.port, `${single.baseUrl}${path}`);
      const load = await firstLoad(browser, `${server.baseUrl}${path}`);
      rows.push({ path, federated, mono, load });
      console.log(`bench: ${path} done (perf ${federated.performance}, LCP ${fmt(federated.lcp)} ms)`);
    }
    const singleHome = await firstLoad(browser, `${single.baseUrl}/`);

    const lines = [];
    lines.push(`# Page measurements (${new Date().toISOString()})`, '');
    lines.push(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile emulation, simulated throttling, ${RUNS} run(s) per page (median), on this machine.`,
      '',
    );
    lines.push(
      '| page | perf | a11y | best pr. | SEO | LCP ms | TBT ms (range of runs) | CLS | JS KB (LH) | single: perf | single: LCP ms | single: JS KB | LCP ratio fed/single | JS ratio fed/single | admin+chat KB before paint |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { path, federated: f, mono: m, load } of rows) {
      lines.push(
        `| ${path} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${fmt(f.lcp)} | ${withRange(f.tbt, f.tbtRuns)} | ${fmt(f.cls, 3)} | ${fmt(f.jsKB, 1)} | ${m.performance} | ${fmt(m.lcp)} | ${fmt(m.jsKB, 1)} | ${fmt(f.lcp / m.lcp, 2)} | ${fmt(f.jsKB / m.jsKB, 2)} | ${fmt(load.adminChatBeforePaintKB, 1)} |`,
      );
    }
    lines.push(
      '',
      `First load of / in unthrottled Chromium (390 px): federated ${fmt(rows[0].load.jsKB, 1)} KB of JS transferred, single-bundle ${fmt(singleHome.jsKB, 1)} KB.`,
      '',
    );
    const indexes = rows.flatMap((r) => [...r.federated.benchmarkIndexes, ...r.mono.benchmarkIndexes]).filter((i) => typeof i === 'number');
    if (indexes.length)
      lines.push(
        `Host CPU, Lighthouse's benchmarkIndex over all runs: median ${fmt(median(indexes))}, ${fmt(Math.min(...indexes))} to ${fmt(Math.max(...indexes))}. Lighthouse's 4x CPU slowdown assumes a fast desktop and warns that scores suffer below 1000; TBT scales with the host.`,
        '',
      );
    lines.push('Audits below 0.9 (federated), first run:', '');
    for (const { path, federated } of rows) lines.push(`- ${path}: ${federated.failing.join(', ') || 'none'}`);
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    mkdirSync(join(repoRoot, 'bench-results'), { recursive: true });
    writeFileSync(join(repoRoot, 'bench-results', 'pages.md'), `${table}\n`);
    console.log('bench: written to bench-results/pages.md');
  }
} finally {
  await browser?.close();
  chrome?.kill();
  single?.close();
  server.stop();
}
