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
 * The loader is a source file of its own (shared/src/firstScreen/afterPaintLoader.ts, with its behaviour and tests),
 * built by webpack with the shared package into one minified ES5 script (shared/dist/afterPaintLoader.js). The server
 * reads those bytes once, inlines them in every app page, and the Content-Security-Policy allows them by their
 * SHA-256 hash (afterPaintLoader().cspSource) while it still refuses every other inline script. Without the built
 * file (the shared package not built) the scripts stay in the head, deferred, as the template has them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { BuildFileCache, type ResourceHint } from './resourceHints';

/** What the loader starts after the first paint: the scripts (in order), then the preloads, in order. */
export interface AfterPaintPlan {
  /** Each becomes a `<link rel="preload">` with these attributes, as resourceHints.ts renders a hint in the head. */
  preloads: ResourceHint[];
  scripts: string[];
}

/** The plan's element id: the loader reads it (AFTER_PAINT_DATA_ID in shared/src/firstScreen/afterPaintLoader.ts). */
export const AFTER_PAINT_DATA_ID = 'gta-after-paint';

/** Where the shared package's build writes the loader (shared/build/afterPaintLoader.cjs). */
export const AFTER_PAINT_LOADER_FILE = path.join(path.dirname(require.resolve('@gta/shared/package.json')), 'dist', 'afterPaintLoader.js');

export interface AfterPaintLoader {
  /** The built script, as the page carries it. */
  script: string;
  /** Its hash as a CSP source expression, for script-src. */
  cspSource: string;
}

/** The built loader and its hash, from `file`; null when it is not built. */
export function readAfterPaintLoader(file: string = AFTER_PAINT_LOADER_FILE): AfterPaintLoader | null {
  let script: string;
  try {
    script = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (!script) return null;
  return { script, cspSource: `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'` };
}

let processLoader: AfterPaintLoader | null | undefined;
/**
 * The loader this process inlines, read once (the page's script and the CSP header's hash must agree for the
 * process's life; a rebuilt shared package reaches the server with its restart, as the server's own code does).
 */
export function afterPaintLoader(): AfterPaintLoader | null {
  if (processLoader === undefined) processLoader = readAfterPaintLoader();
  return processLoader;
}

/** The shell's deferred scripts as the build writes them (minified: quotes may be gone). */
const DEFERRED_SCRIPT = /<script defer(?:="")? src="?([^"\s>]+)"?\s*><\/script>/g;
/** The template's preload of /config.json, which only the shell's script reads. */
const CONFIG_PRELOAD = /<link rel="?preload"? href="?([^"\s>]*\/config\.json)"? as="?fetch"? crossorigin="?anonymous"?\s*\/?>/;

/**
 * The page with its scripts moved after the first paint: the deferred scripts and the config preload leave the
 * head, and the plan (config, `hints`, `sharedChunks` as script preloads, then the scripts) and the loader go at
 * the end of <body>. A page with no deferred script in its head (the template changed), or a server without the
 * built loader, is returned unchanged, with `null`: the caller then puts its hints in the head as before.
 */
export function moveScriptsAfterFirstPaint(
  html: string,
  hints: readonly ResourceHint[],
  sharedChunks: readonly string[],
  loader: AfterPaintLoader | null = afterPaintLoader(),
): { html: string; plan: AfterPaintPlan } | null {
  if (!loader) return null;
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
  const tail = `<script type="application/json" id="${AFTER_PAINT_DATA_ID}">${data}</script><script>${loader.script}</script>`;
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
