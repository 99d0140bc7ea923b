/**
 * First screen from the server (docs/performance.md): the app page arrives with its route already rendered as HTML,
 * so a visitor sees the page before any script runs, and the browser hydrates it once the modules are loaded.
 *
 * The server knows nothing of React. It loads the parts' Node builds from their dist folders, the way it serves
 * their browser builds: the shell's `dist-server/render.js` (the render function) and each local remote's
 * `dist-server/exposes.js` (its exposed modules). A rebuilt part is loaded again on the next page (the files'
 * mtimes are compared); a part that is missing or not built for Node renders nothing of its own: its regions keep
 * their placeholder and load in the browser, as before. Any failure sends the plain app page.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RemoteName, RuntimeConfig } from '@gta/shared/core';
import { RemoteServerBuilds } from './remoteServerBuilds';

/** The remotes whose modules are rendered on the server. Admin is staff-only, chat starts after paint: never. */
export const FIRST_SCREEN_REMOTES = ['content', 'listings', 'forms'] as const satisfies readonly RemoteName[];

export interface PageMetaFromRender {
  title: string;
  description: string;
  canonical?: string;
  noindex?: boolean;
  /** schema.org data of the page (a property's listing). */
  jsonLd?: Record<string, unknown>;
  /** Path or URL of the page's link-preview picture (a property's photo). */
  image?: string;
  /** 404: the page rendered 'not found' (an unknown blog post, property or city). */
  status?: number;
}

/** The link-preview picture of a page without its own (server/media/site/share.jpg, 1200 × 630). */
export const SHARE_IMAGE = '/media/site/share.jpg';

/**
 * The link preview of a page's picture: a listing photo at the site's own URL (src/media/listingPhotos.ts) becomes its
 * 1200 × 630 JPEG (Facebook, LinkedIn and X show neither SVG nor a 5 MB original); anything else that is not a JPEG,
 * and no picture, the branded share.jpg.
 */
export function shareImageOf(image: string | undefined): string {
  if (!image) return SHARE_IMAGE;
  if (/^\/media\/photos\/rec[A-Za-z0-9]+\/[A-Za-z0-9_-]+$/.test(image)) return `${image}/share.jpg`;
  if (/^\/media\/photos\/rec[A-Za-z0-9]+\/[A-Za-z0-9_-]+\/share\.jpg$/.test(image)) return image;
  return /\.jpe?g$/i.test(new URL(image, 'http://x').pathname) ? image : SHARE_IMAGE;
}

export interface FirstScreen {
  html: string;
  /** Modules the browser loads before it hydrates. */
  modules: string[];
  /** Modules of the parts that hydrate on sight, by part id: loaded when the part comes into view (absent from an older shell build). */
  onSight?: Record<string, string[]>;
  meta: PageMetaFromRender | null;
  /** The data the page rendered with (the listings), sent with it for the browser's hydrating render. */
  data: Record<string, unknown>;
  /**
   * The browser build of each remote deployed elsewhere that the page was rendered with (its versioned manifest
   * URL, remoteServerBuilds.ts): the browser loads these builds, not what the fixed manifest holds a moment later.
   */
  remotes?: Record<string, string>;
  /** The page's styles for <head> (`<style data-server-styles>` elements, shared/src/firstScreen/serverStyles.ts); absent from an older shell build. */
  styles?: string;
}

interface ShellRender {
  renderFirstScreen(request: {
    url: string;
    config: RuntimeConfig;
    modules: ReadonlyMap<string, unknown>;
    recordsEndpointUrl?: string;
  }): Promise<FirstScreen | null>;
}

interface RemoteExposes {
  modules: Record<string, () => Promise<unknown>>;
  setPublicPath(publicPath: string): void;
  /** The @gta/shared range the remote was built to need (`^1.2.0`; absent from builds before 1.1.0). */
  sharedRange?: unknown;
}

/**
 * Whether a @gta/shared version is in a range the apps' builds write (`^x.y.z`: the same major, not older; or several
 * of them joined by `||`), as the browser's federation runtime decides with strictVersion (docs/shared-package.md). Another form of range: true.
 */
export function sharedVersionSatisfies(version: string, range: string): boolean {
  const parse = (v: string) => /^(\d+)\.(\d+)\.(\d+)$/.exec(v)?.slice(1).map(Number);
  const have = parse(version);
  if (!have) return true;
  // `^1.2.0`, or several joined by `||` across a major (`^1.2.0 || ^2.0.0`, exportSurface.cjs requiredSharedRange)
  const carets = range.split('||').map((part) => part.trim());
  if (!carets.every((caret) => caret.startsWith('^') && parse(caret.slice(1)))) return true;
  return carets.some((caret) => {
    const floor = parse(caret.slice(1))!;
    return have[0] === floor[0] && (have[1] > floor[1] || (have[1] === floor[1] && have[2] >= floor[2]));
  });
}

/**
 * The version of the @gta/shared the server runs (the copy remotes' Node builds run with), or null when unknown: read
 * from its Node build (shared/dist-server/build.json, written with dist-server/index.js), not from the source tree,
 * whose package.json may already name a version that was never built. `bridges`: the older releases that build
 * stands in for (3.x for 2.0.0: it keeps every name a 2.x part uses, and the browser hands 2.x parts the same
 * package, docs/shared-package.md), so a remote built with 2.x is still rendered on the server.
 */
function sharedVersionAt(repoRoot: string): { version: string; bridges: string[] } | null {
  try {
    const build = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared', 'dist-server', 'build.json'), 'utf8')) as { version?: unknown; bridges?: unknown };
    if (typeof build.version !== 'string') return null;
    const bridges = Array.isArray(build.bridges) ? build.bridges.filter((b): b is string => typeof b === 'string') : [];
    return { version: build.version, bridges };
  } catch {
    return null;
  }
}

interface Loaded<T> {
  file: string;
  stamp: string;
  value: T;
}

function stampOf(file: string): string | null {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
}

function isShellRender(value: unknown): value is ShellRender {
  return typeof value === 'object' && value !== null && typeof (value as { renderFirstScreen?: unknown }).renderFirstScreen === 'function';
}

function isRemoteExposes(value: unknown): value is RemoteExposes {
  const v = value as { modules?: unknown; setPublicPath?: unknown } | null;
  return typeof v === 'object' && v !== null && typeof v.modules === 'object' && v.modules !== null && typeof v.setPublicPath === 'function';
}

// React's production build renders several times faster than its development build, which Node picks when
// NODE_ENV is unset (a plain `npm start`); a NODE_ENV the operator set is kept
process.env.NODE_ENV ??= 'production';

/** Node's own require (not a bundler's or test runner's): the builds are plain CommonJS files on disk. */
const nodeRequire = createRequire(__filename);

/** Loads a CommonJS build afresh (called when its file changed since the last load). */
function requireFresh(file: string): unknown {
  const resolved = nodeRequire.resolve(file);
  delete nodeRequire.cache[resolved];
  return nodeRequire(resolved) as unknown;
}

export interface FirstScreenOptions {
  repoRoot: string;
  /** Remotes deployed elsewhere (REMOTE_<NAME>_URL): their Node build is fetched from there (remoteServerBuilds.ts). */
  remoteOverrides: Partial<Record<RemoteName, string>>;
  /** For tests: how a remote's server build is fetched, and how often it is checked again. */
  remoteFetch?: typeof fetch;
  remoteCheckEveryMs?: number;
  /** The records API as the server reaches itself (loopback): the render's own loads go there, never to the Host header's site. */
  recordsEndpointUrl: () => string | undefined;
  log?: (message: string) => void;
}

export class FirstScreenRenderer {
  private shell: Loaded<ShellRender> | null = null;
  private remotes = new Map<RemoteName, Loaded<Map<string, unknown>>>();
  private modules: Map<string, unknown> = new Map();
  private cache = new Map<string, { screen: FirstScreen | null; at: number }>();
  private readonly warned = new Set<string>();
  private static readonly CACHE_SIZE = 200;
  /** A rendered page is reused this long (its listings may be this much older than the records API's). */
  static readonly CACHE_MS = 30_000;

  private readonly remoteBuilds: RemoteServerBuilds;
  /** The browser build paired with each loaded Node build of a remote deployed elsewhere (its manifest URL). */
  private readonly browserManifests = new Map<RemoteName, string>();

  constructor(private readonly options: FirstScreenOptions) {
    this.remoteBuilds = new RemoteServerBuilds({
      resolveFrom: __filename,
      log: (key, message) => this.warnOnce(`remote-build:${key}`, message),
      fetch: options.remoteFetch,
      checkEveryMs: options.remoteCheckEveryMs,
    });
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.options.log?.(message);
  }

  /** Brings the loaded builds up to date; returns a version string that changes whenever any of them changed. */
  private async refresh(waitForRemotes = false): Promise<string | null> {
    const shellFile = path.join(this.options.repoRoot, 'shell', 'dist-server', 'render.js');
    const sharedFile = path.join(this.options.repoRoot, 'shared', 'dist-server', 'index.js');
    const shellStamp = stampOf(shellFile);
    const sharedStamp = stampOf(sharedFile);
    if (!shellStamp || !sharedStamp) {
      this.warnOnce(
        'shell-missing',
        '[first screen] shell/dist-server/render.js or shared/dist-server/index.js is missing: pages are sent without a first screen (run npm run build).',
      );
      return null;
    }
    const shellVersion = `${shellStamp}|${sharedStamp}`;
    if (this.shell?.stamp !== shellVersion) {
      // a rebuilt shared package is loaded again with the shell, and every remote after it (they use its copy)
      if (this.shell && !this.shell.stamp.endsWith(`|${sharedStamp}`)) {
        delete nodeRequire.cache[nodeRequire.resolve(sharedFile)];
        this.remotes.clear();
      }
      const value = requireFresh(shellFile);
      if (!isShellRender(value)) throw new Error('shell/dist-server/render.js does not export renderFirstScreen');
      this.shell = { file: shellFile, stamp: shellVersion, value };
    }
    let changed = false;
    for (const name of FIRST_SCREEN_REMOTES) {
      const override = this.options.remoteOverrides[name];
      const file = path.join(this.options.repoRoot, `mfe-${name}`, 'dist-server', 'exposes.js');
      // a remote deployed elsewhere: its Node build comes from its own deployment
      // before a page, checked again (briefly waited for) so the page is rendered with the build browsers load
      const remoteBuild = override ? await this.remoteBuilds.current(name, override, waitForRemotes ? 'start-up' : 'page') : undefined;
      const stamp = override ? (remoteBuild ? `remote:${remoteBuild.stamp}` : null) : stampOf(file);
      if (remoteBuild?.browserManifestUrl) this.browserManifests.set(name, remoteBuild.browserManifestUrl);
      else this.browserManifests.delete(name);
      const current = this.remotes.get(name);
      if (!stamp) {
        if (!override)
          this.warnOnce(
            `local-missing:${name}`,
            `[first screen] mfe-${name}/dist-server/exposes.js is missing: the ${name} remote's regions render in the browser (run npm run build -w mfe-${name}).`,
          );
        if (current) {
          this.remotes.delete(name);
          changed = true;
        }
        continue;
      }
      if (current?.stamp === stamp) continue;
      changed = true;
      try {
        const value = remoteBuild ? remoteBuild.exports : requireFresh(file);
        if (!isRemoteExposes(value)) throw new Error('it does not export modules and setPublicPath');
        // built against a newer @gta/shared than this server's: its modules would call exports this copy lacks
        const shared = sharedVersionAt(this.options.repoRoot);
        const range = value.sharedRange;
        if (typeof range === 'string' && shared && ![shared.version, ...shared.bridges].some((version) => sharedVersionSatisfies(version, range)))
          throw new Error(`it needs @gta/shared ${range} and this server's is ${shared.version} (docs/shared-package.md)`);
        value.setPublicPath(remoteBuild ? remoteBuild.publicPath : `/remotes/${name}/`);
        const modules = new Map<string, unknown>();
        for (const [key, load] of Object.entries(value.modules)) modules.set(`${name}/${key}`, await load());
        this.remotes.set(name, { file, stamp, value: modules });
      } catch (error) {
        this.remotes.delete(name);
        this.warnOnce(
          `remote:${name}:${stamp}`,
          `[first screen] the ${name} remote's Node build could not be loaded; its regions load in the browser: ${String(error)}`,
        );
      }
    }
    if (changed || this.modules.size === 0) {
      this.modules = new Map([...this.remotes.values()].flatMap((r) => [...r.value]));
      this.cache.clear();
    }
    return `${shellVersion}|${[...this.remotes.values()].map((r) => r.stamp).join('|')}`;
  }

  /** The screen with the browser builds of the remotes it was rendered with (those whose Node build is loaded). */
  private withBrowserBuilds(screen: FirstScreen | null): FirstScreen | null {
    if (!screen) return screen;
    const remotes = Object.fromEntries([...this.browserManifests].filter(([name]) => this.remotes.has(name)));
    return Object.keys(remotes).length > 0 ? { ...screen, remotes } : screen;
  }

  /** Loads the builds ahead of the first page (at start-up), so no visitor waits for that. */
  async warm(): Promise<void> {
    try {
      await this.refresh(true);
    } catch (error) {
      this.warnOnce('warm', `[first screen] the parts' Node builds could not be loaded: ${String(error)}`);
    }
  }

  /**
   * The first screen of a page, or null (no builds, a redirect, or a render that threw: the page is sent without
   * one). Pages are kept by URL and config for CACHE_MS, and dropped when a build changes.
   */
  async render(url: URL, config: RuntimeConfig): Promise<FirstScreen | null> {
    try {
      const version = await this.refresh();
      if (!version || !this.shell) return null;
      const key = `${version}\n${url.href}\n${JSON.stringify(config)}`;
      const hit = this.cache.get(key);
      this.cache.delete(key);
      if (hit && Date.now() - hit.at < FirstScreenRenderer.CACHE_MS) {
        this.cache.set(key, hit); // most recently used last
        return this.withBrowserBuilds(hit.screen);
      }
      const screen = await this.shell.value.renderFirstScreen({
        url: url.href,
        config,
        modules: this.modules,
        recordsEndpointUrl: this.options.recordsEndpointUrl(),
      });
      this.cache.set(key, { screen, at: Date.now() });
      if (this.cache.size > FirstScreenRenderer.CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      return this.withBrowserBuilds(screen);
    } catch (error) {
      this.warnOnce(
        `render:${url.pathname}`,
        `[first screen] ${url.pathname} could not be rendered on the server; the page is sent without it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return null;
    }
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The full title, as usePageMeta sets it in the browser. */
function documentTitle(title: string, teamName: string): string {
  return title.includes(teamName) ? title : `${title} | ${teamName}`;
}

/**
 * The app page with the first screen in #root, the ids the browser must load before it hydrates, and the page's
 * title, description, canonical URL and robots in the head (what the page sets in the browser, here for crawlers
 * and link previews from the first byte).
 */
export function applyFirstScreen(html: string, screen: FirstScreen, origin: string, pathname: string, teamName: string): string {
  const marker = /<div id="?root"?><\/div>/; // the built page is minified: attribute quotes may be gone
  if (!marker.test(html)) return html;
  // `<` escaped: nothing in the data can close the script element
  const data = JSON.stringify({
    modules: screen.modules,
    onSight: screen.onSight ?? {},
    data: screen.data,
    ...(screen.remotes && Object.keys(screen.remotes).length > 0 ? { remotes: screen.remotes } : {}),
  }).replace(/</g, '\\u003c');
  let page = html.replace(marker, () => `<div id="root">${screen.html}</div><script type="application/json" id="gta-first-screen">${data}</script>`);
  // the styles go before the end of <head>: the first paint has them, and the browser's emotion cache learns their ids
  const styles = typeof screen.styles === 'string' ? screen.styles : '';
  if (styles) page = page.replace(/<\/head\s*>/i, (end) => styles + end);
  const meta = screen.meta;
  if (meta) {
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(meta.title, teamName))}</title>`);
    page = page.replace(/<meta name="?description"? content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`);
    let canonical: string | null = null;
    try {
      canonical = new URL(meta.canonical ?? pathname, origin).href;
    } catch {
      canonical = null;
    }
    let image: string | null = null;
    try {
      image = new URL(shareImageOf(meta.image), origin).href;
    } catch {
      image = null;
    }
    const title = documentTitle(meta.title, teamName);
    // link previews (chat apps, social networks) read Open Graph and Twitter tags from the first byte, without scripts
    const preview =
      `<meta property="og:type" content="${meta.jsonLd ? 'article' : 'website'}" />` +
      `<meta property="og:site_name" content="${escapeHtml(teamName)}" />` +
      `<meta property="og:title" content="${escapeHtml(title)}" />` +
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />` +
      (canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}" />` : '') +
      (image
        ? `<meta property="og:image" content="${escapeHtml(image)}" />` +
          `<meta property="og:image:type" content="image/jpeg" />` +
          `<meta property="og:image:width" content="1200" /><meta property="og:image:height" content="630" />` +
          `<meta property="og:image:alt" content="${escapeHtml(meta.title)}" />`
        : '') +
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />` +
      `<meta name="twitter:title" content="${escapeHtml(title)}" />` +
      `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />` +
      (image ? `<meta name="twitter:image" content="${escapeHtml(image)}" /><meta name="twitter:image:alt" content="${escapeHtml(meta.title)}" />` : '');
    const extra =
      (canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '') +
      preview +
      `<meta name="robots" content="${meta.noindex ? 'noindex, nofollow' : 'index, follow'}" />` +
      (meta.jsonLd ? `<script type="application/ld+json" data-page-jsonld="true">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>` : '');
    page = page.replace(/<\/head\s*>/i, (end) => extra + end);
  }
  return page;
}
