// Listing photos, measured (issue 36): node e2e/bench/photos.mjs [--json]
//  1. the image pipeline's time to make derivatives of one camera-weight original (4500 x 3000, ~3.5 MB JPEG),
//     each width the pages use in AVIF, WebP and JPEG, and the link preview (server/dist, sharp as deployed);
//  2. the image bytes a visitor's browser loads on /, /active-listings and a property page, on a phone (390 px,
//     density 2.625, as Lighthouse's mobile) and a desktop (1440 px), on the first visit of a cold server (the
//     derivatives being made) and once they are kept; next to what the same photos weighed as the old SVG drawings
//     and as the originals a page would have loaded without the pipeline.
// Starts its own built server (fresh data folder, the shared camera-photo pool). Needs `npm run build`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../lib.mjs';
import { freePort, repoRoot, startServer } from '../server.mjs';

const require = createRequire(path.join(repoRoot, 'server', 'package.json'));
const asJson = process.argv.includes('--json');
const POOL_DIR = path.join(os.tmpdir(), 'gta-test-photos-v1', 'pool');

async function derivativeTimes() {
  const { PhotoPipeline } = require('./dist/media/photoPipeline.js');
  const { ensureCameraPhotoPool } = require('./dist/media/cameraPhotos.js');
  const [file] = await ensureCameraPhotoPool(POOL_DIR, 1);
  const original = fs.readFileSync(file);
  const rows = [];
  for (const format of ['avif', 'webp', 'jpeg']) {
    for (const width of [480, 800, 1280, 1920]) {
      const pipeline = new PhotoPipeline({ cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), 'gta-bench-photos-')) });
      const started = performance.now();
      const body = await pipeline.derive({ key: 'bench', load: async () => original }, { kind: 'width', width, format });
      rows.push({ format, width, ms: Math.round(performance.now() - started), bytes: body.length });
    }
  }
  const pipeline = new PhotoPipeline({ cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), 'gta-bench-photos-')) });
  let started = performance.now();
  const share = await pipeline.derive({ key: 'bench', load: async () => original }, { kind: 'share' });
  rows.push({ format: 'share.jpg', width: 1200, ms: Math.round(performance.now() - started), bytes: share.length });
  started = performance.now();
  await pipeline.derive({ key: 'bench', load: async () => original }, { kind: 'share' });
  const keptMs = Math.round((performance.now() - started) * 10) / 10;
  return { originalBytes: original.length, rows, keptMs };
}

const VIEWS = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
};

/** Image bytes of a page load (everything requested until the page settles, no scrolling: the first screen). */
async function pageImages(browser, url, view) {
  const context = await browser.newContext(VIEWS[view]);
  const page = await context.newPage();
  const images = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'image') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    images.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: body.length });
  });
  const started = performance.now();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  const ms = Math.round(performance.now() - started);
  await context.close();
  return { images, ms };
}

/** Lighthouse 12, mobile emulation with its default simulated throttling: LCP and the image bytes it saw. */
async function lighthouseMobile(url) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-lh-'));
  const child = spawn(CHROMIUM_PATH, ['--headless=new', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${port}/json/version`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const items = lhr.audits['network-requests'].details?.items ?? [];
    const imageKB = items.filter((it) => it.resourceType === 'Image').reduce((sum, it) => sum + (it.transferSize ?? 0), 0) / 1024;
    return {
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      performance: Math.round(lhr.categories.performance.score * 100),
      imageKB: Math.round(imageKB * 10) / 10,
    };
  } finally {
    child.kill('SIGKILL');
    // Chromium may still be writing its profile a moment after SIGKILL: left in the temp folder then
    await new Promise((r) => setTimeout(r, 300));
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      /* left behind */
    }
  }
}

/** What the page's listing photos weighed before: the seed's SVG drawings (brotli, as served), and the originals. */
async function beforeBytes(baseUrl, images) {
  let svg = 0;
  let originals = 0;
  for (const { url } of images) {
    originals += ORIGINAL_BYTES;
    // the seed's attachment ids name the drawing (att{key}{nn}); a photo given as a bare URL string has no drawing to compare
    const m = /\/media\/photos\/rec[A-Za-z0-9]+\/att([A-Z]\d+)(\d\d)\//.exec(url);
    if (!m) continue;
    const response = await fetch(`${baseUrl}/media/listings/${m[1]}/${Number(m[2])}.svg`, { headers: { 'Accept-Encoding': 'br' } });
    svg += (await response.arrayBuffer()).byteLength;
  }
  return { svg, originals };
}

const derivatives = await derivativeTimes();
const ORIGINAL_BYTES = derivatives.originalBytes;
const server = await startServer({ env: { PHOTO_POOL_DIR: POOL_DIR } });
const browser = await launchBrowser();
const pages = [];
try {
  const list = await (await fetch(`${server.baseUrl}/api/airtable/v0/appLocalBase/Properties?pageSize=1`)).json();
  const name = list.records[0].fields['Property Name'];
  const slug = String(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const property = `/property/${slug}`;
  for (const pathname of ['/', '/active-listings', property]) {
    for (const view of ['phone', 'desktop']) {
      const cold = await pageImages(browser, `${server.baseUrl}${pathname}`, view);
      const warm = await pageImages(browser, `${server.baseUrl}${pathname}`, view);
      const photos = warm.images.filter((i) => i.url.includes('/media/photos/'));
      const before = await beforeBytes(server.baseUrl, photos);
      pages.push({
        page: pathname === property ? '/property/…' : pathname,
        view,
        photos: photos.length,
        photoBytes: photos.reduce((s, i) => s + i.bytes, 0),
        imageBytes: warm.images.reduce((s, i) => s + i.bytes, 0),
        types: [...new Set(photos.map((i) => i.type))].join(' '),
        widths: [...new Set(photos.map((i) => i.url.split('/').pop()))].join(' '),
        coldMs: cold.ms,
        warmMs: warm.ms,
        beforeSvgBytes: before.svg,
        originalsBytes: before.originals,
      });
    }
    const lh = await lighthouseMobile(`${server.baseUrl.replace('127.0.0.1', 'localhost')}${pathname}`);
    pages.push({ page: pathname === property ? '/property/…' : pathname, view: 'lighthouse', ...lh });
  }
} finally {
  await browser.close();
  server.stop();
}

if (asJson) console.log(JSON.stringify({ derivatives, pages }, null, 2));
else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`Original: ${(derivatives.originalBytes / 1e6).toFixed(2)} MB, 4500 x 3000. Derivatives (cold, one at a time):`);
  for (const r of derivatives.rows) console.log(`  ${r.format.padEnd(9)} ${String(r.width).padStart(4)} px  ${String(r.ms).padStart(5)} ms  ${kb(r.bytes)}`);
  console.log(`  kept (second ask): ${derivatives.keptMs} ms`);
  console.log('\nPage                view     photos  photo bytes   all images   SVG before   originals    cold load  warm load');
  for (const p of pages.filter((x) => x.view !== 'lighthouse'))
    console.log(
      `${p.page.padEnd(19)} ${p.view.padEnd(8)} ${String(p.photos).padStart(6)}  ${kb(p.photoBytes).padStart(11)}  ${kb(p.imageBytes).padStart(11)}  ${kb(p.beforeSvgBytes).padStart(11)}  ${(p.originalsBytes / 1e6).toFixed(1).padStart(8)} MB  ${String(p.coldMs).padStart(7)} ms  ${String(p.warmMs).padStart(6)} ms   ${p.types} [${p.widths}]`,
    );
  console.log('\nLighthouse mobile (simulated throttling), derivatives kept:');
  for (const p of pages.filter((x) => x.view === 'lighthouse'))
    console.log(`  ${p.page.padEnd(19)} LCP ${p.lcpMs} ms  performance ${p.performance}  image transfer ${p.imageKB} KB`);
}
