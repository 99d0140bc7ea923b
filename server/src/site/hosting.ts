/**
 * Hosting of the built apps: the shell at /, each remote at /remotes/{name}/, site media at /media/, the
 * generated listing photos at /media/listings/{key}/{n}.svg, and the SPA fallback for deep links. A hashed name
 * missing on disk (a tab opened on another build) is looked up in the build archive (src/site/buildArchive.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REMOTE_NAMES, STAFF_PATH, isKnownRoute, siteProfile, type RemoteName, type RuntimeConfig } from '@gta/shared/core';
import type { Router } from '../http/router';
import { sendText } from '../http/respond';
import { PRIVATE_NO_STORE, strongEtag } from '../http/cachePolicy';
import { IMMUTABLE, REVALIDATE, findFile, mimeType, sendArchived, sendBody, sendFile, type ArchivedBody, type StaticFile } from '../http/static';
import { computeHints, injectIntoHead, renderHints, type HintSource } from './resourceHints';
import { moveScriptsAfterFirstPaint, shellSharedChunks } from './afterFirstPaint';
import { MAX_PHOTOS, listingPhotoSvg } from '../seed/photos';
import { applyFirstScreen, type FirstScreenRenderer } from './firstScreen';

/** What the server renders the page's first screen with (src/site/firstScreen.ts). */
export interface FirstScreenSource {
  renderer: FirstScreenRenderer;
  /** The runtime config of this request, as /config.json answers it. */
  config: RuntimeConfig;
}

/** Hashed files of other builds (src/site/buildArchive.ts): a name missing on disk is looked up there. */
export interface ArchiveLookup {
  lookup(part: string, relative: string): Promise<ArchivedBody | undefined>;
}

export interface HostingPaths {
  repoRoot: string;
  mediaDir: string;
  /** The build archive; absent: a name missing on disk is a 404. */
  archive?: ArchiveLookup;
}

export function shellDist(paths: HostingPaths): string {
  return path.join(paths.repoRoot, 'shell', 'dist');
}

export function remoteDist(paths: HostingPaths, name: RemoteName): string {
  return path.join(paths.repoRoot, `mfe-${name}`, 'dist');
}

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' };

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function acceptsHtml(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

export function registerHosting(router: Router, paths: HostingPaths): void {
  const isRemote = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

  router.route('OPTIONS', '/remotes/*', (_req, res) => {
    res.writeHead(204, { ...CORS, 'Access-Control-Max-Age': '86400' });
    res.end();
  });

  router.route('GET', '/remotes/:name/*', async (req, res, ctx) => {
    const name = ctx.params.name ?? '';
    if (!isRemote(name)) {
      sendText(res, 404, `There is no remote called "${name}".`, CORS);
      return;
    }
    const dist = remoteDist(paths, name);
    if (!isDirectory(dist)) {
      sendText(res, 503, `The ${name} remote is not built (no ${path.relative(paths.repoRoot, dist)} folder). Run: npm run build -w mfe-${name}`, {
        ...CORS,
        'Retry-After': '30',
      });
      return;
    }
    const relative = ctx.params['*'] || 'index.html';
    const found = findFile(dist, relative);
    if (found) return sendFile(req, res, found, CORS);
    // a chunk of another build of this remote (a tab opened before a deploy, or on a replica of a newer build)
    const archived = await paths.archive?.lookup(name, relative);
    if (archived) return sendArchived(req, res, `${name}/${relative}`, archived, CORS);
    sendText(res, 404, 'Not found', CORS);
  });

  // generated listing photos: a deterministic drawing per key and number
  router.route('GET', '/media/listings/:key/:file', (req, res, ctx) => {
    const key = ctx.params.key ?? '';
    const m = /^(\d{1,2})\.svg$/.exec(ctx.params.file ?? '');
    const n = m ? Number(m[1]) : 0;
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(key) || n < 1 || n > MAX_PHOTOS) {
      sendText(res, 404, 'Not found');
      return;
    }
    const body = Buffer.from(listingPhotoSvg(key, n));
    sendBody(req, res, body, {
      contentType: 'image/svg+xml',
      // the drawing is a pure function of the URL: cache it like a hashed file
      cacheControl: IMMUTABLE,
      etag: `"${key}-${n}-v1"`,
      cacheKey: { key: `listing:${key}:${n}`, mtimeMs: 1 },
    });
  });

  router.route('GET', '/media/*', (req, res, ctx) => {
    const found = findFile(paths.mediaDir, ctx.params['*'] ?? '');
    if (!found) {
      sendText(res, 404, 'Not found');
      return;
    }
    sendFile(req, res, found, { 'Cache-Control': 'public, max-age=86400' });
  });
}

/** Prefixes that never fall back to the app page (APIs answer their own 404s). */
const NO_FALLBACK = ['/api/', '/webhook/', '/remotes/', '/media/', '/chat/'];

/** What the server adds to an app page: the route's hints, and whether its scripts wait for the first paint. */
export type AppPageOptions = HintSource & {
  origin: string;
  /** Start the shell's scripts after the first paint (afterFirstPaint.ts); off puts them in the head with `defer`. */
  scriptsAfterFirstPaint?: boolean;
  /**
   * The Cache-Control of a public page (cachePolicy.ts: a CDN may keep it a short while); the staff page is always
   * `private, no-store`. Absent: `no-cache`.
   */
  publicCacheControl?: string;
  /**
   * This one answer's own page (a form posted without scripts: src/webhooks/formPosts.ts): its status, and what it changes in
   * the page's HTML (the typed values and messages, or the sent notice). A page holding a visitor's values is `private, no-store`.
   */
  answer?: { status?: number; rewrite?: (html: string) => string; private?: boolean };
};

/**
 * The app page for a route, with preloads of the remote files that route renders (resourceHints.ts) in its head.
 * The body depends on the route, the request's origin and the remotes' current builds, so the validator is a hash
 * of the body itself (a redeployed remote changes it: no stale 304).
 */
/** The staff page's own title and robots in the head (it is not rendered on the server: the generic title stayed until scripts ran). */
function staffHead(html: string): string {
  const tags = `<title>${`Admin | ${siteProfile.teamName}`.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title><meta name="robots" content="noindex, nofollow" />`;
  const page = html.replace(/<title>[^<]*<\/title>/i, '').replace(/<meta name="?robots"?[^>]*>/gi, '');
  if (/<\/head\s*>/i.test(page)) return page.replace(/<\/head\s*>/i, (end) => tags + end);
  return page.replace(/<body/i, (body) => `<head>${tags}</head>${body}`);
}

async function sendAppPage(
  req: IncomingMessage,
  res: ServerResponse,
  index: StaticFile,
  url: URL,
  hints: AppPageOptions,
  status: number,
  firstScreen?: FirstScreenSource,
): Promise<void> {
  let html: string;
  try {
    html = fs.readFileSync(index.file, 'utf8');
  } catch {
    sendText(res, 404, 'Not found');
    return;
  }
  const pathname = url.pathname;
  // the staff page is never indexed: said in a header, which crawlers read without running the page's scripts
  const staffPage = pathname === STAFF_PATH || pathname.startsWith(`${STAFF_PATH}/`);
  if (firstScreen) {
    const screen = await firstScreen.renderer.render(new URL(url.pathname + url.search, hints.origin), firstScreen.config);
    if (screen) html = applyFirstScreen(html, screen, hints.origin, pathname, siteProfile.teamName);
    // a page that rendered 'not found' (an unknown post, property or city) is a 404, not a soft 200 crawlers index
    if (screen?.meta?.status === 404) status = 404;
  }
  if (staffPage) html = staffHead(html);
  if (hints.answer?.rewrite) html = hints.answer.rewrite(html);
  if (hints.answer?.status !== undefined) status = hints.answer.status;
  const routeHints = computeHints(pathname, hints, hints.origin);
  const moved = hints.scriptsAfterFirstPaint ? moveScriptsAfterFirstPaint(html, routeHints, shellSharedChunks(path.dirname(index.file))) : null;
  const body = Buffer.from(moved ? moved.html : injectIntoHead(html, renderHints(routeHints)));
  const etag = strongEtag(body);
  sendBody(req, res, body, {
    status,
    contentType: mimeType(index.file),
    // the page holds nothing of one visitor (favourites, sessions and forms live in the browser; the CSP uses hashes)
    cacheControl: staffPage || hints.answer?.private ? PRIVATE_NO_STORE : (hints.publicCacheControl ?? REVALIDATE),
    etag,
    headers: staffPage ? { 'X-Robots-Tag': 'noindex, nofollow' } : undefined,
  });
}

/**
 * Files of the shell, then the SPA fallback: the app page with 200 for a known route, 404 for the rest. With
 * `hints` (the running server always passes them) the page carries the route's resource hints.
 */
export async function serveShell(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  paths: HostingPaths,
  hints?: AppPageOptions,
  firstScreen?: FirstScreenSource,
): Promise<void> {
  const pathname = url.pathname;
  const dist = shellDist(paths);
  if (pathname !== '/' && pathname !== '/index.html') {
    const found = isDirectory(dist) ? findFile(dist, pathname) : null;
    if (found) {
      sendFile(req, res, found);
      return;
    }
    const archived = await paths.archive?.lookup('shell', pathname.slice(1));
    if (archived) {
      sendArchived(req, res, `shell${pathname}`, archived);
      return;
    }
  }
  const fallbackAllowed = !NO_FALLBACK.some((p) => pathname.startsWith(p)) && acceptsHtml(req) && !/\.[a-z0-9]{2,5}$/i.test(pathname);
  if (!fallbackAllowed && pathname !== '/' && pathname !== '/index.html') {
    sendText(res, 404, 'Not found');
    return;
  }
  const index = isDirectory(dist) ? findFile(dist, 'index.html') : null;
  if (!index) {
    sendText(res, 503, 'The site shell is not built yet (no shell/dist/index.html). Run: npm run build', { 'Retry-After': '30' });
    return;
  }
  const known = pathname === '/index.html' || isKnownRoute(pathname);
  if (hints) await sendAppPage(req, res, index, url, hints, known ? 200 : 404, firstScreen);
  else sendFile(req, res, index, {}, known ? 200 : 404);
}
