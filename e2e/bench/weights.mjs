// npm run bench:weights -w e2e: the deterministic weights of a first load, which a loaded host does not move (Lighthouse's
// times do). For each page: every script requested from navigation to `load` + 2.5 s (fresh context, 390 px, no
// scroll, so what hydrates on sight below the fold is not counted), with its bytes on the wire (brotli, as the
// server sends it), the document's bytes on the wire, and its inline <style> and first-screen data. Then what goes
// into the shell's `libraries` chunk, by package (each module's brotli size alone: the sum is above the chunk's,
// which brotli compresses as one). Figures only: nothing here asserts.
//   BENCH_PAGES=/,/active-listings   the pages (default: /, /active-listings)
//   BENCH_BASE_URL=http://…         measure a running site instead of starting server/dist (e.g. the peer, below)
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../lib.mjs';
import { recordFirstLoad } from './firstLoad.mjs';
import { repoRoot, startServer } from '../server.mjs';

const br = (text) => brotliCompressSync(Buffer.from(text), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Scripts and document of one first load, with their bytes on the wire. */
export async function pageWeights(browser, url) {
  const { page, requests } = await recordFirstLoad(browser, url);
  // the document as the server sent it (after hydration the head also holds the styles emotion added)
  const html = await (await fetch(url)).text();
  const contents = (re) => [...html.matchAll(re)].map((m) => m[2] ?? m[1]);
  const inlineTags = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]));
  const inline = {
    styles: contents(/<style[^>]*>([\s\S]*?)<\/style>/g).join(''),
    data: (html.match(/<script[^>]*id="(?:gta-first-screen|__NEXT_DATA__)"[^>]*>([\s\S]*?)<\/script>/) ?? [])[1] ?? '',
    // code only: the first-screen data and structured data are scripts of a JSON type
    inlineScripts: inlineTags
      .filter((m) => !/type="[^"]*json/.test(m[1]))
      .map((m) => m[2])
      .join(''),
    jsonScripts: inlineTags
      .filter((m) => /type="[^"]*json/.test(m[1]))
      .map((m) => m[2])
      .join(''),
  };
  await page.context().close();
  const scripts = [];
  let documentBytes = 0;
  let fontBytes = 0;
  for (const { url: requested, type, bytes } of requests) {
    if (type === 'Script') scripts.push({ url: requested, bytes });
    if (type === 'Document') documentBytes += bytes;
    if (type === 'Font') fontBytes += bytes;
  }
  return {
    scripts,
    jsBytes: scripts.reduce((s, x) => s + x.bytes, 0),
    documentBytes,
    fontBytes,
    inlineStyleBr: br(inline.styles),
    firstScreenDataBr: br(inline.data),
    inlineScriptBr: br(inline.inlineScripts),
    jsonScriptsBr: br(inline.jsonScripts),
  };
}

/**
 * The modules of a built webpack chunk by package: runs the chunk against a stand-in `self.webpackChunk…` to get
 * its module table, and names each module from the first package path in its body or the license comment file.
 */
export function chunkComposition(file) {
  const source = readFileSync(file, 'utf8');
  const pushed = [];
  const selfStub = new Proxy(
    {},
    { get: (_, key) => (typeof key === 'string' && key.startsWith('webpackChunk') ? { push: (x) => pushed.push(x) } : undefined) },
  );
  new Function('self', 'globalThis', source)(selfStub, selfStub);
  const modules = Object.assign({}, ...pushed.map((p) => p[1]));
  const groups = new Map();
  for (const [id, fn] of Object.entries(modules)) {
    const body = String(fn);
    const name = identify(body) ?? `module ${id}`;
    const group = groups.get(name) ?? { raw: 0, br: 0, count: 0 };
    group.raw += body.length;
    group.br += br(body);
    group.count += 1;
    groups.set(name, group);
  }
  return { totalBr: br(source), totalRaw: source.length, groups: [...groups].sort((a, b) => b[1].br - a[1].br) };
}

/** Best guess of the package a minified module comes from, by strings that survive minification. */
function identify(body) {
  const marks = [
    ['react-dom', /react-dom|__REACT_DEVTOOLS_GLOBAL_HOOK__|hydrateRoot|unstable_scheduleCallback.*?unstable_now|Minified React error/],
    ['scheduler', /unstable_shouldYield|MessageChannel.*unstable_|scheduler/],
    ['react', /react\.(element|fragment|portal)|Symbol\.for\("react\./],
    ['react-router', /useNavigate|useLocation|You cannot render a <Router>|react-router|RouterProvider|matchRoutes|createBrowserHistory|"POP"|"PUSH"/],
    ['@emotion', /emotion|data-emotion|insertRule|@keyframes|serializeStyles|cache.inserted/],
    ['stylis', /stylis|-webkit-|@charset/],
    ['zustand', /zustand|subscribeWithSelector|getInitialState|useSyncExternalStoreWithSelector/],
    ['use-sync-external-store', /useSyncExternalStore/],
    ['hoist-non-react-statics', /getDerivedStateFromProps|contextTypes|childContextTypes/],
  ];
  for (const [name, re] of marks) if (re.test(body)) return name;
  return null;
}

const pages = (process.env.BENCH_PAGES ?? '/,/active-listings').split(',');
const external = process.env.BENCH_BASE_URL;
const server = external ? null : await startServer();
const browser = await launchBrowser();
try {
  const base = external ?? server.baseUrl;
  console.log(`# First-load weights of ${base} (KB on the wire, brotli; fresh context, 390 px, load + 2.5 s)\n`);
  console.log('| page | JS | scripts | HTML | inline styles (br) | first-screen data (br) | all JSON scripts (br) | inline code (br) | fonts |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const details = [];
  for (const path of pages) {
    const w = await pageWeights(browser, `${base}${path}`);
    details.push([path, w]);
    console.log(
      `| ${path} | ${kb(w.jsBytes)} | ${w.scripts.length} | ${kb(w.documentBytes)} | ${kb(w.inlineStyleBr)} | ${kb(w.firstScreenDataBr)} | ${kb(w.jsonScriptsBr)} | ${kb(w.inlineScriptBr)} | ${kb(w.fontBytes)} |`,
    );
  }
  for (const [path, w] of details) {
    console.log(`\n${path}:`);
    for (const s of [...w.scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(s.bytes).padStart(6)} KB  ${new URL(s.url).pathname}`);
  }
  if (!external) {
    const dir = join(repoRoot, 'shell/dist');
    const used = new Set(details.flatMap(([, w]) => w.scripts.map((s) => new URL(s.url).pathname.split('/').pop())));
    const libraries = readdirSync(dir).find((f) => /^libraries\.[0-9a-f]+\.js$/.test(f) && used.has(f));
    if (libraries) {
      const c = chunkComposition(join(dir, libraries));
      console.log(`\n${libraries}: ${kb(c.totalBr)} KB br (${kb(c.totalRaw)} KB raw); by package, each module compressed alone:`);
      for (const [name, g] of c.groups)
        console.log(`  ${kb(g.br).padStart(6)} KB br  ${kb(g.raw).padStart(7)} KB raw  ${String(g.count).padStart(3)} modules  ${name}`);
    }
  }
} finally {
  await browser.close();
  server?.stop();
}
