/**
 * A throw-away PostgreSQL cluster for tests and benchmarks: Debian's `postgresql` package (which .ci/run
 * installs), `initdb` into a temporary folder and `pg_ctl start` on a free loopback port, no root service.
 * As root (CI), the cluster runs as the `postgres` user the package creates (PostgreSQL refuses to run as root).
 *
 *   const pg = await startPostgres();
 *   const url = await pg.createDatabase('t1');   // postgres://gta@127.0.0.1:PORT/t1
 *   await pg.stop();
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const execFileAsync = promisify(execFile);

export interface ThrowAwayPostgres {
  /** The cluster's maintenance database URL. */
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and keeps its data (an outage): `fast` ends sessions cleanly, `immediate` as a crash would. */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts the halted server again on the same port with the same data (resolves once it accepts connections). */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** The newest installed server's bin folder (/usr/lib/postgresql/<major>/bin), or undefined. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const majors = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    if (id.status === 0 && gid.status === 0) return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

export async function startPostgres(): Promise<ThrowAwayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's server is not installed: install Debian's postgresql package (`apt-get install -y postgresql`; .ci/run does it).");
  const user = runAs();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  fs.mkdirSync(socketDir);
  if (user) {
    fs.chownSync(root, user.uid, user.gid);
    fs.chownSync(socketDir, user.uid, user.gid);
  }
  const options = { stdio: 'pipe' as const, cwd: root, ...(user ?? {}) };
  execFileSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'gta', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'], options);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${socketDir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ];
  const startArgs = ['start', '-D', dataDir, '-w', '-t', '60', '-l', path.join(root, 'postgres.log'), '-o', settings.join(' ')];
  execFileSync(path.join(bin, 'pg_ctl'), startArgs, options);
  const url = `postgres://gta@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://gta@127.0.0.1:${port}/${name}`;
    },
    // asynchronous: a test's servers run in the same process and keep answering meanwhile
    async halt(mode) {
      await execFileAsync(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60'], options);
    },
    async resume() {
      await execFileAsync(path.join(bin, 'pg_ctl'), startArgs, options);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      spawnSync(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w'], options);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
