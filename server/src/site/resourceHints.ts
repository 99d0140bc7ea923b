/**
 * Resource hints for the app page: when the server answers index.html for a route, it adds to <head> a preload of
 * every file the federation runtime will fetch for the remotes that route renders, so they download in parallel
 * with the shell instead of one step after another (main.js -> config -> manifest -> remoteEntry -> chunks).
 *
 * For each remote module of the route (site/routeModules.ts), minus the admin and chat remotes:
 * - the remote's mf-manifest.json: `<link rel="preload" as="fetch" crossorigin="anonymous">` (the runtime reads it
 *   with fetch(), mode cors, credentials same-origin: that is what crossorigin="anonymous" asks for);
 * - its remoteEntry.js and the sync JS of each exposed module (`exposes[].assets.js.sync`):
 *   `<link rel="preload" as="script">` with no crossorigin attribute, because the runtime (sdk createScript,
 *   attrs {}) and webpack's chunk loader (no output.crossOriginLoading) insert classic <script> tags without one.
 *   A preload whose mode differs from the real request is not reused (and Chrome warns).
 * - the first records request of a module when it is known exactly (the route table's firstData: the home page's
 *   Properties list), as="fetch" crossorigin="anonymous" like the fetch airtable.js makes (checked: reused).
 * Shared chunks (`shared[].assets.js.sync`) are never hinted: with 'loaded-first' the shell provides every shared
 * module, so a remote's copies are not requested.
 *
 * URLs are the ones the runtime computes: the manifest URL of /config.json, and publicPath 'auto' = the manifest's
 * folder. Manifests are read from mfe-<name>/dist and re-read when the file changes (a redeployed remote is hinted
 * right on the next page load). A remote overridden by REMOTE_<NAME>_URL (deployed elsewhere) gets its manifest
 * preload only: its files are not on this disk, and fetching its manifest from here would add a cache to keep
 * fresh for a hint that saves one round trip after the manifest arrives.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@gta/shared/core';
import { REMOTE_NAMES } from '@gta/shared/core';
import { NEVER_HINTED_REMOTES, firstDataForPath, modulesForPath } from './routeModules';

/** One `<link rel="preload">`. */
export interface ResourceHint {
  href: string;
  as: 'fetch' | 'script';
  /** Only for the manifests (fetch): 'anonymous'. Scripts carry none, like the tags the runtime inserts. */
  crossorigin?: 'anonymous';
  /** 'low' for everything after the page's first region (below the fold on the home page): the shell's own files go first. */
  fetchpriority?: 'low';
}

/** What the hints need to know about the site: where the remotes' builds are and which are overridden. */
export interface HintSource {
  repoRoot: string;
  remoteOverrides: Partial<Record<RemoteName, string>>;
  /** `{airtable.endpointUrl}/v0/{airtable.baseId}` of /config.json: the first data request is hinted under it (none without). */
  recordsBase?: string;
  /**
   * 'first' (the default): only the route's first region (the home hero; the page module elsewhere). 'all': every
   * module the route renders, the rest at fetchpriority=low, and the home page's data. 'off': nothing.
   * Measured (docs/performance.md): on a slow link the other regions' files take bandwidth from the shell's own
   * main.js and chunks, which every paint waits for; 'all' made FCP and LCP later, 'first' did not.
   */
  mode?: 'first' | 'all' | 'off';
}

/** The parts of mf-manifest.json the hints read. */
interface ManifestAssets {
  js?: { sync?: unknown };
}
interface Manifest {
  metaData?: { publicPath?: unknown; getPublicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown; type?: unknown } };
  exposes?: { name?: unknown; path?: unknown; assets?: ManifestAssets }[];
}

/** What a manifest tells the hints: the remote entry and each exposed module's sync JS (file names relative to the dist folder). */
export interface RemoteFiles {
  /** remoteEntry path relative to the publicPath, or undefined when the manifest has a publicPath we cannot evaluate. */
  remoteEntry?: string;
  exposes: Map<string, string[]>;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
}

/** Reads the parts the hints need; undefined for anything that is not a usable manifest. */
export function parseManifest(text: string): RemoteFiles | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    return undefined;
  }
  if (!manifest || typeof manifest !== 'object') return undefined;
  const meta = manifest.metaData;
  // only publicPath 'auto' (or '') is resolved here: the files sit next to the manifest, as the runtime infers
  const publicPath = meta?.publicPath;
  if (meta?.getPublicPath !== undefined || (publicPath !== undefined && publicPath !== 'auto' && publicPath !== '')) return undefined;
  const entry = meta?.remoteEntry;
  const entryName = typeof entry?.name === 'string' ? entry.name : '';
  const entryPath = typeof entry?.path === 'string' ? entry.path : '';
  const entryType = typeof entry?.type === 'string' ? entry.type : 'global';
  const exposes = new Map<string, string[]>();
  for (const expose of Array.isArray(manifest.exposes) ? manifest.exposes : []) {
    const name = typeof expose.name === 'string' ? expose.name : typeof expose.path === 'string' ? expose.path.replace(/^\.\//, '') : '';
    if (name) exposes.set(name, strings(expose.assets?.js?.sync));
  }
  // a module-type entry is imported (modulepreload), not a classic script: no hint rather than a wrong one
  const classic = entryType === 'global' || entryType === 'var' || entryType === 'script';
  const remoteEntry = entryName && classic ? (entryPath ? `${entryPath.replace(/\/$/, '')}/${entryName}` : entryName) : undefined;
  return { remoteEntry, exposes };
}

interface CachedBuildFile<T> {
  mtimeMs: number;
  size: number;
  value: T | undefined;
  /** False when a file it names was missing (a build in progress): read again next time. */
  complete: boolean;
}

/**
 * A value read from a build's JSON file (a manifest), kept while the file is unchanged: one stat per read. `parse`
 * gets the file's text and `exists(name)`, which looks for a file beside it; a named file that is missing (a rebuild
 * half-way) marks the value incomplete, and the file is read again next time. Undefined when the file is missing
 * or unreadable.
 */
export class BuildFileCache<T> {
  private readonly cache = new Map<string, CachedBuildFile<T>>();

  constructor(private readonly parse: (text: string, exists: (name: string) => boolean) => T | undefined) {}

  read(file: string): T | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      this.cache.delete(file);
      return undefined;
    }
    const hit = this.cache.get(file);
    if (hit && hit.complete && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.value;
    let complete = true;
    const exists = (name: string): boolean => {
      const found = fs.existsSync(path.join(path.dirname(file), name));
      if (!found) complete = false;
      return found;
    };
    let value: T | undefined;
    try {
      value = this.parse(fs.readFileSync(file, 'utf8'), exists);
    } catch {
      value = undefined;
    }
    this.cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, value, complete });
    return value;
  }
}

/** Keeps each remote's parsed manifest while its file is unchanged (one stat per remote per page). */
export class ManifestCache {
  // a file the manifest names but the folder lacks (a rebuild half-way) is not hinted: it would only 404
  private readonly manifests = new BuildFileCache<RemoteFiles>((text, exists) => {
    const files = parseManifest(text);
    if (!files) return undefined;
    for (const [name, assets] of files.exposes) files.exposes.set(name, assets.filter(exists));
    if (files.remoteEntry && !exists(files.remoteEntry)) files.remoteEntry = undefined;
    return files;
  });

  /** The remote's files, or undefined when it is not built (or its manifest is unusable). */
  read(dist: string): RemoteFiles | undefined {
    return this.manifests.read(path.join(dist, 'mf-manifest.json'));
  }
}

const defaultCache = new ManifestCache();

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** The hints for a page path, in the order the page needs them; [] for the 404 page and the staff page. */
export function computeHints(pathname: string, source: HintSource, origin: string, cache: ManifestCache = defaultCache): ResourceHint[] {
  const mode = source.mode ?? 'first';
  if (mode === 'off') return [];
  const modules: { remote: RemoteName; module: string; id: string }[] = [];
  const firstData = firstDataForPath(pathname);
  for (const id of modulesForPath(pathname)) {
    const slash = id.indexOf('/');
    const remote = id.slice(0, slash);
    if (slash < 1 || !isRemoteName(remote) || NEVER_HINTED_REMOTES.includes(remote)) continue;
    modules.push({ remote, module: id.slice(slash + 1), id });
  }
  if (mode === 'first') modules.splice(1);
  const lead: ResourceHint[] = [];
  const later: { manifests: ResourceHint[]; entries: ResourceHint[]; chunks: ResourceHint[]; data: ResourceHint[] } = {
    manifests: [],
    entries: [],
    chunks: [],
    data: [],
  };
  const seen = new Set<string>();
  const add = (hint: ResourceHint, isLead: boolean, bucket: keyof typeof later): void => {
    if (seen.has(hint.href)) return;
    seen.add(hint.href);
    if (isLead) lead.push(hint);
    else later[bucket].push({ ...hint, fetchpriority: 'low' });
  };
  const leadRemote = modules[0]?.remote;
  const filesOf = new Map<RemoteName, RemoteFiles | undefined>();
  modules.forEach(({ remote, module, id }, index) => {
    if (!filesOf.has(remote)) {
      // a remote deployed elsewhere: its manifest only (its files are not on this disk); one not built: nothing
      const override = source.remoteOverrides[remote];
      const files = override ? undefined : cache.read(path.join(source.repoRoot, `mfe-${remote}`, 'dist'));
      filesOf.set(remote, files);
      const remoteIsLead = remote === leadRemote;
      if (override) add({ href: override, as: 'fetch', crossorigin: 'anonymous' }, remoteIsLead, 'manifests');
      else if (files) {
        add({ href: `${origin}/remotes/${remote}/mf-manifest.json`, as: 'fetch', crossorigin: 'anonymous' }, remoteIsLead, 'manifests');
        if (files.remoteEntry) add({ href: `${origin}/remotes/${remote}/${files.remoteEntry}`, as: 'script' }, remoteIsLead, 'entries');
      }
    }
    for (const asset of filesOf.get(remote)?.exposes.get(module) ?? [])
      add({ href: `${origin}/remotes/${remote}/${asset}`, as: 'script' }, index === 0, 'chunks');
    const query = firstData?.module === id ? firstData.request : undefined;
    // only when the module can load at all (a remote that is not built shows its fallback and fetches nothing)
    const available = Boolean(source.remoteOverrides[remote] || filesOf.get(remote));
    if (query && source.recordsBase && available) add({ href: `${source.recordsBase}/${query}`, as: 'fetch', crossorigin: 'anonymous' }, index === 0, 'data');
  });
  return [...lead, ...later.manifests, ...later.entries, ...later.chunks, ...later.data];
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderHints(hints: readonly ResourceHint[]): string {
  return hints
    .map(
      (h) =>
        `<link rel="preload" as="${h.as}" href="${escapeAttr(h.href)}"${h.crossorigin ? ` crossorigin="${h.crossorigin}"` : ''}${h.fetchpriority ? ` fetchpriority="${h.fetchpriority}"` : ''}>`,
    )
    .join('');
}

/**
 * Puts `markup` at the end of the page's head, after what is already there (the config preload and the shell's
 * main.js come first: they lead the page), else before <body>, else at the top of the document.
 */
export function injectIntoHead(html: string, markup: string): string {
  if (!markup) return html;
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd >= 0) return html.slice(0, headEnd) + markup + html.slice(headEnd);
  const body = html.search(/<body\b/i);
  return body >= 0 ? html.slice(0, body) + markup + html.slice(body) : markup + html;
}
