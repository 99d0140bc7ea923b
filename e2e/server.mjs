// Starts the built server (server/dist) on a free port with a fresh data folder and a known staff password.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * `root`: the checkout whose built server runs (another release's, drift.test.mjs); this repository by default.
 * @returns {Promise<{ baseUrl: string, port: number, dataDir: string, staffPassword: string, pid: number, log: () => string, stop: () => void }>}
 */
export async function startServer({ env = {}, timeoutMs = 60_000, root = repoRoot } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gta-e2e-'));
  const staffPassword = `e2e-${randomBytes(9).toString('base64url')}`;
  // the suite is one address sending many forms and chat messages a minute: the write limits are raised for it
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STAFF_PASSWORD: staffPassword,
    FORM_RATE_LIMIT: '600',
    CHAT_RATE_LIMIT: '600',
    // no load balancer to tell: stop() ends it without SHUTDOWN_READY_DELAY_MS
    SHUTDOWN_READY_DELAY_MS: '0',
    // the camera-weight seed photos (server/src/media/cameraPhotos.ts) are rendered once per machine, shared with the server tests
    PHOTO_POOL_DIR: join(tmpdir(), 'gta-test-photos-v1', 'pool'),
    ...env,
  };
  for (const key of ['AIRTABLE_BASE_ID', 'AIRTABLE_TOKEN', 'N8N_WEBHOOK_BASE', 'N8N_CHAT_URL']) if (!(key in env)) delete serverEnv[key];
  const child = spawn(process.execPath, [join(root, 'server/dist/index.js')], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const baseUrl = `http://localhost:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/config.json`, child, timeoutMs);
  } catch (error) {
    stop();
    throw new Error(`${error.message}\n--- server output ---\n${log}`);
  }
  return { baseUrl, port, dataDir, staffPassword, pid: child.pid, log: () => log, stop };
}
