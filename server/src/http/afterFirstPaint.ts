/**
 * Scripts after the first paint. The app page comes with its first screen rendered by the server (text, images,
 * working links), so the shell's scripts are not needed to show it, only to make it interactive. Requested while the
 * HTML is parsed (a `defer` script and its preloads), they share the connection with the fonts and the hero image
 * the first paint waits for. The server therefore moves them out of the HTML: the page carries a list of what to
 * fetch (`<script type="application/json" id="gta-after-paint">`: the config preload, the route's resource hints,
 * the shell's shared chunks and its scripts), and one small inline loader starts them in the task after the first
 * frame (requestAnimationFrame, then a timeout). A page opened in the background, where no frame is drawn, starts
 * them at once, or when it is hidden before its first frame.
 *
 * Measured with Lighthouse's mobile simulation (docs/performance.md, session 7).
 *
 * The loader also guards the forms while the app starts: every form of the site is sent by script, so a submission
 * no script handled yet (bubbling to window with its default not prevented) is held and tried again until the app
 * takes it, instead of the browser's native GET, which would put a visitor's name, email and phone in the URL, the
 * history and the server's logs.
 *
 * The loader's text never changes, so the Content-Security-Policy allows it by its SHA-256 hash
 * (AFTER_PAINT_LOADER_CSP_SOURCE) and still refuses every other inline script.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { BuildFileCache, type ResourceHint } from './resourceHints';

/** What the loader starts after the first paint: the scripts (in order), then the preloads, in order. */
export interface AfterPaintPlan {
  /** Each becomes a `<link rel="preload">` with these attributes, as resourceHints.ts renders a hint in the head. */
  preloads: ResourceHint[];
  scripts: string[];
}

export const AFTER_PAINT_DATA_ID = 'gta-after-paint';

/**
 * The loader. ES5 on purpose (it runs before any polyfill or bundle), and kept short: it is in every page.
 * `async = false` keeps the scripts in document order, as `defer` did. The scripts go first, in a task of their own;
 * the preloads follow one to a task: inserting a preload costs 2 to 8 ms of main thread each under 4x CPU, and
 * main.js with two preloads in one task made a task of 55 to 67 ms, blocking time in Lighthouse (session 10).
 */
export const AFTER_PAINT_LOADER =
  '(function(){var d=document,w=window,started=false,replaying=null;' +
  // a form sent that no script handled (the app has not started, or its region is not hydrated yet) is held and
  // sent again every 250 ms until the app takes it, for 2 minutes at most (a slow phone can take long to start the
  // app, and giving up would lose the lead): never a native GET with the fields in the URL
  "w.addEventListener('submit',function(e){if(e.defaultPrevented)return;e.preventDefault();var f=e.target;" +
  "if(!f||f.tagName!=='FORM'||f.__gtaHeld)return;var n=replaying===f?(f.__gtaTries||0)+1:1;if(n>480)return;" +
  'f.__gtaTries=n;f.__gtaHeld=true;var b=e.submitter&&e.submitter.form===f?e.submitter:null;' +
  'setTimeout(function(){f.__gtaHeld=false;if(!f.isConnected)return;replaying=f;' +
  "try{if(f.requestSubmit)f.requestSubmit(b);else f.dispatchEvent(new Event('submit',{bubbles:true,cancelable:true}))}finally{replaying=null}},250)});" +
  'function start(){if(started)return;started=true;' +
  `var el=d.getElementById('${AFTER_PAINT_DATA_ID}');if(!el)return;var plan=JSON.parse(el.textContent||'{}');` +
  "(plan.scripts||[]).forEach(function(src){var s=d.createElement('script');s.src=src;s.async=false;d.head.appendChild(s)});" +
  "var pre=plan.preloads||[],i=0;function next(){var h=pre[i++],l=d.createElement('link');" +
  "l.rel='preload';l.setAttribute('as',h.as);l.href=h.href;if(h.crossorigin)l.setAttribute('crossorigin',h.crossorigin);" +
  "if(h.fetchpriority)l.setAttribute('fetchpriority',h.fetchpriority);d.head.appendChild(l);if(i<pre.length)setTimeout(next,0)}" +
  'if(pre.length)setTimeout(next,0)}' +
  "if(d.visibilityState==='hidden'){start();return}" +
  "d.addEventListener('visibilitychange',start,{once:true});" +
  'requestAnimationFrame(function(){setTimeout(start,0)})})()';

/** The loader's hash as a CSP source expression, for script-src. */
export const AFTER_PAINT_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER, 'utf8').digest('base64')}'`;

/** The shell's deferred scripts as the build writes them (minified: quotes may be gone). */
const DEFERRED_SCRIPT = /<script defer(?:="")? src="?([^"\s>]+)"?\s*><\/script>/g;
/** The template's preload of /config.json, which only the shell's script reads. */
const CONFIG_PRELOAD = /<link rel="?preload"? href="?([^"\s>]*\/config\.json)"? as="?fetch"? crossorigin="?anonymous"?\s*\/?>/;

/**
 * The page with its scripts moved after the first paint: the deferred scripts and the config preload leave the
 * head, and the plan (config, `hints`, `sharedChunks` as script preloads, then the scripts) and the loader go at
 * the end of <body>. A page with no deferred script in its head (the template changed) is returned unchanged,
 * with `null`: the caller then puts its hints in the head as before.
 */
export function moveScriptsAfterFirstPaint(
  html: string,
  hints: readonly ResourceHint[],
  sharedChunks: readonly string[],
): { html: string; plan: AfterPaintPlan } | null {
  const headEnd = html.search(/<\/head\s*>/i);
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < headEnd) return null;
  let head = html.slice(0, headEnd);
  const scripts: string[] = [];
  head = head.replace(DEFERRED_SCRIPT, (_tag, src: string) => {
    scripts.push(src);
    return '';
  });
  if (scripts.length === 0) return null;
  const preloads: ResourceHint[] = [];
  head = head.replace(CONFIG_PRELOAD, (_tag, href: string) => {
    preloads.push({ href, as: 'fetch', crossorigin: 'anonymous' });
    return '';
  });
  preloads.push(...hints);
  for (const chunk of sharedChunks) if (!scripts.includes(chunk)) preloads.push({ href: chunk, as: 'script' });
  const plan: AfterPaintPlan = { preloads, scripts };
  // `<` escaped: nothing in the plan can close the script element
  const data = JSON.stringify(plan).replace(/</g, '\\u003c');
  const tail = `<script type="application/json" id="${AFTER_PAINT_DATA_ID}">${data}</script><script>${AFTER_PAINT_LOADER}</script>`;
  const rest = html.slice(headEnd, bodyEnd);
  return { html: head + rest + tail + html.slice(bodyEnd), plan };
}

/**
 * The shell's chunks that hold its shared modules (React, the router, emotion, zustand, the shared package), as its
 * mf-manifest.json lists them: main.js asks for them as soon as it runs, so they are preloaded with it instead of
 * one round trip later. Read again when the manifest changes, or while a chunk it names is missing (a build
 * half-way: that chunk is not preloaded); [] without a manifest.
 */
const shellManifests = new BuildFileCache<string[]>((text, exists) => sharedChunksOf(JSON.parse(text) as unknown).filter((chunk) => exists(chunk.slice(1))));

export function shellSharedChunks(shellDist: string): string[] {
  return shellManifests.read(path.join(shellDist, 'mf-manifest.json')) ?? [];
}

/** `shared[].assets.js.sync` of a manifest, each file once, as root paths ('/libraries.x.js'). */
export function sharedChunksOf(manifest: unknown): string[] {
  if (!manifest || typeof manifest !== 'object') return [];
  const shared = (manifest as { shared?: unknown }).shared;
  if (!Array.isArray(shared)) return [];
  const files = new Set<string>();
  for (const entry of shared as { assets?: { js?: { sync?: unknown } } }[]) {
    const sync = entry?.assets?.js?.sync;
    if (!Array.isArray(sync)) continue;
    for (const name of sync) if (typeof name === 'string' && /^[\w.-]+\.js$/.test(name)) files.add(`/${name}`);
  }
  return [...files];
}
