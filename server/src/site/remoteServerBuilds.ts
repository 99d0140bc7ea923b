/**
 * The Node build of a remote deployed on another origin (REMOTE_<NAME>_URL), obtained from its own deployment, so a
 * team ships its remote's `dist` (with the server build inside it) to its host and the site's servers need no copy.
 *
 * Beside `mf-manifest.json` the remote's build writes `mf-server.json`: `{ remote, entry, integrity }`, the path of
 * its Node build (a single CommonJS file, `server/exposes.<hash>.js`) and its SHA-256 (`sha256-<base64>`, as in
 * Subresource Integrity). The server fetches the manifest (with its ETag), fetches the file when the integrity
 * changed, checks the bytes against it and the remote's name, and compiles it in memory as a module of the server
 * (its imports, React and @gta/shared/server, resolve from the server's own node_modules).
 *
 * The server and the browser must render a page with the same build of the remote: the browser loads the remote's
 * newest `mf-manifest.json`, so a page rendered with a build the remote has since replaced is a hydration mismatch
 * (React #418, the region drawn again). So before a page is rendered, the manifest is checked again when the last
 * check is older than `checkEveryMs` (1 s): a conditional request (If-None-Match, a 304 while nothing changed),
 * shared by the requests that arrive meanwhile, which the page waits for up to `pageWaitMs`. A slower remote does
 * not hold pages longer: they go on with the build loaded, and the check finishes in the background.
 * When there is no build to be had, the remote's regions render in the browser, and the log says why once.
 */
import crypto from 'node:crypto';
import Module from 'node:module';
import path from 'node:path';

export const SERVER_MANIFEST = 'mf-server.json';
const MAX_BUILD_BYTES = 20 * 1024 * 1024;

export interface ServerManifest {
  remote: string;
  /** The Node build's path, relative to the manifest. */
  entry: string;
  /** `sha256-<base64>` of the file's bytes. */
  integrity: string;
  /** The browser build of the same run, `mf-manifest.<hash>.json` beside this file (absent from older builds). */
  browserManifest?: string;
}

export interface RemoteServerBuild {
  /** Changes whenever the build does (its integrity). */
  stamp: string;
  /** The module's exports (what `require` of the file would give). */
  exports: unknown;
  /** Where the remote's browser files are: its public path for asset URLs rendered on the server. */
  publicPath: string;
  /**
   * The manifest of the browser build made with this Node build (an absolute URL): the page names it, and the
   * browser loads that build, so both render the page with the same build whatever is deployed meanwhile.
   */
  browserManifestUrl?: string;
}

interface RemoteState {
  manifestUrl: string;
  checkedAt: number;
  etag?: string;
  build?: RemoteServerBuild;
  checking?: Promise<void>;
}

export interface RemoteServerBuildsOptions {
  /** Where the server's own modules resolve from (its node_modules): the remote's build is compiled as if it lived there. */
  resolveFrom: string;
  log: (key: string, message: string) => void;
  fetch?: typeof fetch;
  /** How old the last check may be before a page checks again (default 1 s). */
  checkEveryMs?: number;
  /** How long a page waits for that check (default 1 s); then it goes on with the build loaded. */
  pageWaitMs?: number;
  timeoutMs?: number;
}

export function parseServerManifest(value: unknown, remote: string): ServerManifest {
  const m = value as Partial<ServerManifest> | null;
  if (typeof m !== 'object' || m === null) throw new Error('it is not a JSON object');
  if (m.remote !== remote) throw new Error(`it is the server build of "${String(m.remote)}", not of "${remote}"`);
  if (typeof m.entry !== 'string' || m.entry === '' || m.entry.includes('..') || /^[a-z][a-z0-9+.-]*:|^\//i.test(m.entry))
    throw new Error('its entry is not a relative path inside the remote');
  if (typeof m.integrity !== 'string' || !/^sha256-[A-Za-z0-9+/]{43}=$/.test(m.integrity)) throw new Error('its integrity is not sha256-<base64>');
  if (m.browserManifest !== undefined && (typeof m.browserManifest !== 'string' || !/^mf-manifest\.[0-9a-f]{10}\.json$/.test(m.browserManifest)))
    throw new Error('its browserManifest is not mf-manifest.<hash>.json');
  return { remote: m.remote, entry: m.entry, integrity: m.integrity, ...(m.browserManifest ? { browserManifest: m.browserManifest } : {}) };
}

export function integrityOf(bytes: Buffer): string {
  return `sha256-${crypto.createHash('sha256').update(bytes).digest('base64')}`;
}

/** Compiles CommonJS source as a module whose imports resolve from `resolveFrom` (a file path). */
function compileModule(source: string, filename: string, resolveFrom: string): unknown {
  type InternalModule = Module & { _compile(code: string, file: string): void; paths: string[] };
  const ModuleClass = Module as unknown as { new (id: string): InternalModule; _nodeModulePaths(dir: string): string[] };
  const mod = new ModuleClass(filename);
  mod.filename = filename;
  mod.paths = ModuleClass._nodeModulePaths(path.dirname(resolveFrom));
  mod._compile(source, filename);
  return mod.exports;
}

export class RemoteServerBuilds {
  private readonly state = new Map<string, RemoteState>();
  private readonly fetchImpl: typeof fetch;
  private readonly checkEveryMs: number;
  private readonly pageWaitMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: RemoteServerBuildsOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.checkEveryMs = options.checkEveryMs ?? 1_000;
    this.pageWaitMs = options.pageWaitMs ?? 1_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /**
   * The remote's current server build, or undefined. Starts a check when the last one is older than checkEveryMs,
   * and waits for it: `'start-up'` until it ends, `'page'` (before rendering a page) at most pageWaitMs, `'none'`
   * not at all.
   */
  async current(remote: string, remoteUrl: string, wait: boolean | 'start-up' | 'page' | 'none' = 'page'): Promise<RemoteServerBuild | undefined> {
    const mode = wait === true ? 'start-up' : wait === false ? 'none' : wait;
    let manifestUrl: string;
    try {
      manifestUrl = new URL(SERVER_MANIFEST, remoteUrl).href;
    } catch {
      return undefined;
    }
    let s = this.state.get(remote);
    if (!s || s.manifestUrl !== manifestUrl) {
      s = { manifestUrl, checkedAt: 0 };
      this.state.set(remote, s);
    }
    if (!s.checking && Date.now() - s.checkedAt >= this.checkEveryMs) {
      const state = s;
      state.checking = this.check(remote, state).finally(() => {
        state.checkedAt = Date.now();
        state.checking = undefined;
      });
    }
    if (s.checking && mode === 'start-up') await s.checking;
    else if (s.checking && mode === 'page') {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([s.checking, new Promise<void>((resolve) => (timer = setTimeout(resolve, this.pageWaitMs)))]);
      clearTimeout(timer);
    }
    return s.build;
  }

  private async get(url: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetchImpl(url, { headers, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'follow' });
  }

  private async check(remote: string, s: RemoteState): Promise<void> {
    const log = (reason: string, message: string) =>
      this.options.log(`${remote}:${reason}`, `[first screen] the ${remote} remote (${s.manifestUrl}): ${message}`);
    try {
      const reply = await this.get(s.manifestUrl, s.etag ? { 'If-None-Match': s.etag } : {});
      if (reply.status === 304) return;
      if (reply.status === 404) {
        if (s.build) log('gone', 'its server build is gone; its regions render in the browser from now on.');
        else
          log(
            'none',
            `it ships no ${SERVER_MANIFEST}: its regions render in the browser (build it with this repository's build, which writes ${SERVER_MANIFEST} and server/ into dist).`,
          );
        s.build = undefined;
        s.etag = undefined;
        return;
      }
      if (!reply.ok) throw new Error(`${SERVER_MANIFEST} answered ${reply.status}`);
      const manifest = parseServerManifest(await reply.json(), remote);
      const etag = reply.headers.get('etag') ?? undefined;
      const browserManifestUrl = manifest.browserManifest ? new URL(manifest.browserManifest, s.manifestUrl).href : undefined;
      if (s.build?.stamp === manifest.integrity) {
        s.build = { ...s.build, browserManifestUrl };
        s.etag = etag;
        return;
      }
      const entryUrl = new URL(manifest.entry, s.manifestUrl).href;
      const file = await this.get(entryUrl);
      if (!file.ok) throw new Error(`its server build ${entryUrl} answered ${file.status}`);
      const declared = Number(file.headers.get('content-length') ?? 0);
      if (declared > MAX_BUILD_BYTES) throw new Error(`its server build is ${declared} bytes, over the ${MAX_BUILD_BYTES} the server accepts`);
      const bytes = Buffer.from(await file.arrayBuffer());
      if (bytes.length > MAX_BUILD_BYTES) throw new Error(`its server build is ${bytes.length} bytes, over the ${MAX_BUILD_BYTES} the server accepts`);
      const integrity = integrityOf(bytes);
      if (integrity !== manifest.integrity)
        throw new Error(`its server build does not match ${SERVER_MANIFEST} (${integrity}, expected ${manifest.integrity}); the previous one stays in use`);
      const moduleExports = compileModule(bytes.toString('utf8'), entryUrl, this.options.resolveFrom);
      s.build = { stamp: integrity, exports: moduleExports, publicPath: new URL('.', s.manifestUrl).href, browserManifestUrl };
      s.etag = etag;
      log(`loaded:${integrity}`, `its server build ${manifest.entry} is loaded; its first screen is rendered here.`);
    } catch (error) {
      // a network error or a bad file keeps the build already loaded (if any): the next check tries again
      log(
        `error:${error instanceof Error ? error.message : String(error)}`,
        `its server build could not be had (${error instanceof Error ? error.message : String(error)}); ${s.build ? 'the one loaded before stays in use' : 'its regions render in the browser'}.`,
      );
    }
  }
}
