/**
 * The archive of built files (BuildArchive in types.ts) in both stores: the embedded SQLite file and PostgreSQL.
 * Tables (migrations *_build_archive.sql): archived_files (one row per part and path: the name carries the content
 * hash, so a file several builds ship is kept once), archived_builds (per part, when a replica last served it) and
 * archived_build_files (which files each build ships).
 *
 * Recording a build and pruning are each one transaction, so no build is ever half-written; in PostgreSQL they take a
 * transaction-level advisory lock first, so replicas starting together take turns (a file one replica prunes while
 * another records a build that names it cannot happen).
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Pool, PoolClient } from 'pg';
import type { ArchiveOutcome, ArchiveRetention, ArchivedBuild, ArchivedFile, BuildArchive, PruneOutcome, ServedBuild } from './types';

/** Any number: the advisory lock that serialises the archive's writes across replicas. */
const ARCHIVE_LOCK = 727_002;

const sha256 = (body: Buffer): string => createHash('sha256').update(body).digest('hex');

interface BuildRow {
  part: string;
  build_id: string;
  files: number | string;
  bytes: number | string;
  first_served_at: number | string;
  last_served_at: number | string;
}

const toBuild = (r: BuildRow): ArchivedBuild => ({
  part: r.part,
  buildId: r.build_id,
  files: Number(r.files),
  bytes: Number(r.bytes),
  firstServedAt: Number(r.first_served_at),
  lastServedAt: Number(r.last_served_at),
});

const BUILD_COLUMNS = 'part, build_id, files, bytes, first_served_at, last_served_at';

/**
 * The builds past the retention: per part, ranked by when they were last served (newest first), those beyond the
 * first `builds` that were also last served before the cutoff. Parameters: builds, cutoff (placeholders given).
 */
const expiredBuilds = (builds: string, cutoff: string): string =>
  `SELECT part, build_id FROM (
     SELECT part, build_id, last_served_at, ROW_NUMBER() OVER (PARTITION BY part ORDER BY last_served_at DESC, build_id DESC) AS rank FROM archived_builds
   ) ranked WHERE rank > ${builds} AND last_served_at < ${cutoff}`;

const ORPHANS =
  'FROM archived_files WHERE NOT EXISTS (SELECT 1 FROM archived_build_files m WHERE m.part = archived_files.part AND m.path = archived_files.path)';

export class SqliteBuildArchive implements BuildArchive {
  constructor(private readonly db: Database.Database) {}

  async record(build: ServedBuild, at: number): Promise<ArchiveOutcome> {
    return this.db.transaction((): ArchiveOutcome => {
      const moved = this.db
        .prepare('UPDATE archived_builds SET last_served_at = MAX(last_served_at, ?) WHERE part = ? AND build_id = ?')
        .run(at, build.part, build.buildId);
      if (moved.changes > 0) return { added: false, files: 0, bytes: 0 };
      const has = this.db.prepare('SELECT 1 FROM archived_files WHERE part = ? AND path = ?');
      const insertFile = this.db.prepare('INSERT INTO archived_files (part, path, sha256, size, body, archived_at) VALUES (?, ?, ?, ?, ?, ?)');
      const insertMember = this.db.prepare('INSERT OR IGNORE INTO archived_build_files (part, build_id, path) VALUES (?, ?, ?)');
      this.db
        .prepare('INSERT INTO archived_builds (part, build_id, files, bytes, first_served_at, last_served_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(build.part, build.buildId, build.files.length, totalBytes(build), at, at);
      let files = 0;
      let bytes = 0;
      for (const file of build.files) {
        if (has.get(build.part, file.path) === undefined) {
          const body = file.read();
          insertFile.run(build.part, file.path, sha256(body), body.length, body, at);
          files++;
          bytes += body.length;
        }
        insertMember.run(build.part, build.buildId, file.path);
      }
      return { added: true, files, bytes };
    })();
  }

  async find(part: string, path: string): Promise<ArchivedFile | undefined> {
    const row = this.db.prepare('SELECT body, sha256, archived_at FROM archived_files WHERE part = ? AND path = ?').get(part, path) as
      { body: Buffer; sha256: string; archived_at: number } | undefined;
    return row ? { body: row.body, sha256: row.sha256, archivedAt: row.archived_at } : undefined;
  }

  async prune(now: number, keep: ArchiveRetention): Promise<PruneOutcome> {
    return this.db.transaction((): PruneOutcome => {
      const builds = this.db
        .prepare(`DELETE FROM archived_builds WHERE (part, build_id) IN (${expiredBuilds('?', '?')})`)
        .run(keep.builds, now - keep.maxAgeMs);
      const gone = this.db.prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes ${ORPHANS}`).get() as { n: number; bytes: number };
      this.db.prepare(`DELETE ${ORPHANS}`).run();
      return { builds: builds.changes, files: gone.n, bytes: gone.bytes };
    })();
  }

  async builds(): Promise<ArchivedBuild[]> {
    return (this.db.prepare(`SELECT ${BUILD_COLUMNS} FROM archived_builds ORDER BY last_served_at DESC, part, build_id`).all() as BuildRow[]).map(toBuild);
  }
}

export class PgBuildArchive implements BuildArchive {
  constructor(private readonly pool: Pool) {}

  async record(build: ServedBuild, at: number): Promise<ArchiveOutcome> {
    return this.locked(async (client) => {
      const moved = await client.query('UPDATE archived_builds SET last_served_at = GREATEST(last_served_at, $1) WHERE part = $2 AND build_id = $3', [
        at,
        build.part,
        build.buildId,
      ]);
      if ((moved.rowCount ?? 0) > 0) return { added: false, files: 0, bytes: 0 };
      const paths = build.files.map((f) => f.path);
      const { rows } = await client.query<{ path: string }>('SELECT path FROM archived_files WHERE part = $1 AND path = ANY($2)', [build.part, paths]);
      const known = new Set(rows.map((r) => r.path));
      await client.query('INSERT INTO archived_builds (part, build_id, files, bytes, first_served_at, last_served_at) VALUES ($1, $2, $3, $4, $5, $5)', [
        build.part,
        build.buildId,
        build.files.length,
        totalBytes(build),
        at,
      ]);
      let files = 0;
      let bytes = 0;
      for (const file of build.files) {
        if (known.has(file.path)) continue;
        const body = file.read();
        await client.query('INSERT INTO archived_files (part, path, sha256, size, body, archived_at) VALUES ($1, $2, $3, $4, $5, $6)', [
          build.part,
          file.path,
          sha256(body),
          body.length,
          body,
          at,
        ]);
        files++;
        bytes += body.length;
      }
      await client.query(
        'INSERT INTO archived_build_files (part, build_id, path) SELECT $1, $2, p FROM unnest($3::text[]) AS p ON CONFLICT (part, build_id, path) DO NOTHING',
        [build.part, build.buildId, paths],
      );
      return { added: true, files, bytes };
    });
  }

  async find(part: string, path: string): Promise<ArchivedFile | undefined> {
    const { rows } = await this.pool.query<{ body: Buffer; sha256: string; archived_at: string }>(
      'SELECT body, sha256, archived_at FROM archived_files WHERE part = $1 AND path = $2',
      [part, path],
    );
    const row = rows[0];
    return row ? { body: row.body, sha256: row.sha256, archivedAt: Number(row.archived_at) } : undefined;
  }

  async prune(now: number, keep: ArchiveRetention): Promise<PruneOutcome> {
    return this.locked(async (client) => {
      const builds = await client.query(`DELETE FROM archived_builds WHERE (part, build_id) IN (${expiredBuilds('$1', '$2')})`, [
        keep.builds,
        now - keep.maxAgeMs,
      ]);
      const gone = await client.query<{ size: number | string }>(`DELETE ${ORPHANS} RETURNING size`);
      return { builds: builds.rowCount ?? 0, files: gone.rowCount ?? 0, bytes: gone.rows.reduce((sum, r) => sum + Number(r.size), 0) };
    });
  }

  async builds(): Promise<ArchivedBuild[]> {
    const { rows } = await this.pool.query<BuildRow>(`SELECT ${BUILD_COLUMNS} FROM archived_builds ORDER BY last_served_at DESC, part, build_id`);
    return rows.map(toBuild);
  }

  /** One transaction under the archive's advisory lock (released at commit or rollback). */
  private async locked<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [ARCHIVE_LOCK]);
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}

function totalBytes(build: ServedBuild): number {
  return build.files.reduce((sum, f) => sum + f.size, 0);
}
