/**
 * Built files for tabs opened on another build. A tab keeps the shell and remote entries it loaded and asks for
 * hashed chunks by name as the visitor moves on; a replica built from a clean checkout holds only its own build's
 * files, so during and after a rolling deploy a tab of the previous build asked a new replica for a chunk it did not
 * have (404, and the region showed its error). So each replica records, at start, the content-hashed files of the
 * builds it serves (the shell and every remote it hosts from its dist) in the store's archive (store/archive.ts:
 * SQLite, or the PostgreSQL database the replicas share), and answers a hashed name missing on disk from there
 * with the same headers as from disk.
 *
 * - What is recorded: the newest build of `dist/.builds.json` (the build's own list of hashed files; a dist without
 *   one is scanned), hashed names only (`name.0123456789.js`, `fonts/x.a1b2c3d4e5.woff2`), never the build-time `.br`
 *   copies, the published Node build (`server/`) or dot files; a file over ARCHIVE_MAX_FILE_BYTES is left out, and a
 *   build's files past ARCHIVE_MAX_BUILD_BYTES in all.
 * - Cheap on start: a build is known by an id derived from its file names and sizes (the names carry the content
 *   hashes), so a replica starting with a build already archived reads no file; a new build reads only the files
 *   the archive lacks. One transaction per build.
 * - Retention: per part, the last ARCHIVE_KEEP_BUILDS builds served (default 5) and every build served within
 *   ARCHIVE_KEEP_DAYS (default 14), whichever keeps more; pruned at start and daily, when each replica also marks its
 *   own builds as still served (a replica running for weeks keeps its build).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log';
import { isHashedFile } from '../http/static';
import type { ArchiveRetention, ArchivedFile, BuildFile, PruneOutcome, ServedBuild, Store } from '../store/store';

/** A file larger than this is not archived (a built chunk is far smaller; a large asset belongs on a CDN). */
export const ARCHIVE_MAX_FILE_BYTES = 4 * 1024 * 1024;
/** At most this much of one part's build is archived. */
export const ARCHIVE_MAX_BUILD_BYTES = 64 * 1024 * 1024;
/** Archived files kept in this process's memory once asked for (they never change). */
const MEMORY_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;
const BUILD_HISTORY = '.builds.json';

/** A part this server hosts from its dist folder: `shell`, or a remote's name. */
export interface HostedPart {
  name: string;
  dir: string;
}

/** A name the archive keeps and answers: hashed, in the dist folder proper (no dot segments, no Node build, no .br). */
export function isArchivable(relative: string): boolean {
  if (relative === '' || relative.startsWith('/') || relative.includes('\\') || relative.includes('\0')) return false;
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return false;
  if (segments[0] === 'server' || segments[0] === 'independent-packages') return false;
  return !relative.endsWith('.br') && isHashedFile(relative);
}

interface Listed {
  path: string;
  size: number;
}

function statFile(dir: string, relative: string): Listed | null {
  try {
    const stat = fs.statSync(path.join(dir, relative));
    return stat.isFile() ? { path: relative, size: stat.size } : null;
  } catch {
    return null;
  }
}

/** The newest build's hashed files as .builds.json lists them, or null when there is no usable list. */
function fromHistory(dir: string): Listed[] | null {
  let newest: unknown;
  try {
    const history = JSON.parse(fs.readFileSync(path.join(dir, BUILD_HISTORY), 'utf8')) as unknown;
    newest = Array.isArray(history) ? history[0] : undefined;
  } catch {
    return null;
  }
  const files = (newest as { files?: unknown } | undefined)?.files;
  if (!Array.isArray(files)) return null;
  const listed: Listed[] = [];
  for (const name of files) {
    if (typeof name !== 'string' || !isArchivable(name)) continue;
    const file = statFile(dir, name);
    // a list that names a missing file is not this dist's build: scan instead
    if (!file) return null;
    listed.push(file);
  }
  return listed;
}

/** Every archivable file under dir (a dist without .builds.json). */
function scan(dir: string, prefix = ''): Listed[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: Listed[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      if (!prefix && (entry.name === 'server' || entry.name === 'independent-packages')) continue;
      out.push(...scan(dir, relative));
    } else if (entry.isFile() && isArchivable(relative)) {
      const file = statFile(dir, relative);
      if (file) out.push(file);
    }
  }
  return out;
}

export interface HostedBuild {
  build: ServedBuild;
  /** Files left out by the size caps. */
  skipped: string[];
}

/**
 * The build a part's dist folder holds now, as the archive keeps it, or null when the folder has no hashed file.
 * The id is a hash of the part, the file names and sizes: the same build in two images has the same id.
 */
export function hostedBuild(part: HostedPart, limits = { file: ARCHIVE_MAX_FILE_BYTES, build: ARCHIVE_MAX_BUILD_BYTES }): HostedBuild | null {
  const listed = (fromHistory(part.dir) ?? scan(part.dir)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (listed.length === 0) return null;
  const files: BuildFile[] = [];
  const skipped: string[] = [];
  let total = 0;
  for (const f of listed) {
    if (f.size > limits.file || total + f.size > limits.build) {
      skipped.push(f.path);
      continue;
    }
    total += f.size;
    const full = path.join(part.dir, f.path);
    files.push({ path: f.path, size: f.size, read: () => fs.readFileSync(full) });
  }
  const buildId = createHash('sha256')
    .update([part.name, ...listed.map((f) => `${f.path}\t${f.size}`)].join('\n'))
    .digest('hex')
    .slice(0, 20);
  return { build: { part: part.name, buildId, files }, skipped };
}

export interface BuildArchiverOptions {
  store: Store;
  /** The parts this server hosts from their dist folders (read at each run: a folder may be rebuilt in place). */
  parts: () => readonly HostedPart[];
  retention: ArchiveRetention;
  log: Logger;
  now?: () => number;
}

/** What one run recorded, per part (for the log and tests). */
export interface RecordedBuild {
  part: string;
  buildId: string;
  files: number;
  bytes: number;
  /** False: the archive had the build already (no file read). */
  added: boolean;
  addedFiles: number;
  addedBytes: number;
  skipped: number;
}

export class BuildArchiver {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly memory = new Map<string, ArchivedFile>();
  private memoryBytes = 0;

  constructor(private readonly options: BuildArchiverOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Records the hosted builds (the new ones' missing files; a known build only moves its time). */
  async record(): Promise<RecordedBuild[]> {
    const out: RecordedBuild[] = [];
    for (const part of this.options.parts()) {
      const hosted = hostedBuild(part);
      if (!hosted) continue;
      const { build, skipped } = hosted;
      const outcome = await this.options.store.archive.record(build, this.now());
      if (skipped.length > 0)
        this.options.log.warn(
          { part: part.name, skipped: skipped.slice(0, 10), count: skipped.length },
          `build archive: ${skipped.length} file(s) over the size limits (${ARCHIVE_MAX_FILE_BYTES / 1048576} MB a file, ${ARCHIVE_MAX_BUILD_BYTES / 1048576} MB a build) not archived`,
        );
      out.push({
        part: part.name,
        buildId: build.buildId,
        files: build.files.length,
        bytes: build.files.reduce((sum, f) => sum + f.size, 0),
        added: outcome.added,
        addedFiles: outcome.files,
        addedBytes: outcome.bytes,
        skipped: skipped.length,
      });
    }
    return out;
  }

  prune(): Promise<PruneOutcome> {
    return this.options.store.archive.prune(this.now(), this.options.retention);
  }

  /** Record, then prune; never throws (a replica serves its own build whatever the archive says): failures are logged. */
  run(reason: 'start' | 'daily'): Promise<void> {
    this.running ??= (async () => {
      const started = process.hrtime.bigint();
      try {
        const recorded = await this.record();
        const pruned = await this.prune();
        this.options.log.info(
          {
            reason,
            ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
            builds: recorded.map((r) => ({
              part: r.part,
              build: r.buildId,
              files: r.files,
              bytes: r.bytes,
              addedFiles: r.addedFiles,
              addedBytes: r.addedBytes,
            })),
            pruned,
          },
          'build archive: hosted builds recorded',
        );
      } catch (err) {
        this.options.log.warn({ err, reason }, 'build archive: could not record the hosted builds (tabs of other builds may miss files on this replica)');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Marks the hosted builds as still served and prunes, once a day (until stop). */
  startDaily(intervalMs = DAY_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run('daily'), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** An archived file of a part (a name missing on disk), or undefined. Names that are not archivable are not looked up. */
  async lookup(part: string, relative: string): Promise<ArchivedFile | undefined> {
    if (!isArchivable(relative)) return undefined;
    const key = `${part}/${relative}`;
    const kept = this.memory.get(key);
    if (kept) {
      // most recently used last
      this.memory.delete(key);
      this.memory.set(key, kept);
      return kept;
    }
    let file: ArchivedFile | undefined;
    try {
      file = await this.options.store.archive.find(part, relative);
    } catch (err) {
      // the store is unreachable: the file is missing for now (a 404, as without the archive), not a server error
      this.options.log.warn({ err, part, relative }, 'build archive: could not look up a file');
      return undefined;
    }
    if (file) this.remember(key, file);
    return file;
  }

  private remember(key: string, file: ArchivedFile): void {
    this.memory.set(key, file);
    this.memoryBytes += file.body.length;
    for (const [oldest, old] of this.memory) {
      if (this.memoryBytes <= MEMORY_BYTES) break;
      this.memory.delete(oldest);
      this.memoryBytes -= old.body.length;
    }
  }
}
