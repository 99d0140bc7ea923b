// Runs the e2e suite against the built site: starts the server (server/dist) once, on a free port with a fresh
// data folder and a known staff password, then runs e2e/tests/*.test.mjs with node's test runner, one file at a
// time (each file launches its own headless Chromium). E2E_ONLY=forms runs only tests/forms*.test.mjs;
// E2E_GREP=pattern runs only the tests whose name matches.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { CHROMIUM_PATH } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, server, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`e2e: Chromium not found at ${CHROMIUM_PATH} (install Debian's chromium; .ci/run does it).`);
  process.exit(1);
}
for (const app of ['shell', 'mfe-listings', 'mfe-content', 'mfe-forms', 'mfe-chat', 'mfe-admin', 'server']) {
  if (!existsSync(join(root, app, 'dist'))) {
    console.error(`e2e: ${app}/dist is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const only = process.env.E2E_ONLY;
const files = readdirSync(join(here, 'tests'))
  .filter((f) => f.endsWith('.test.mjs') && (!only || only.split(',').some((o) => f.startsWith(o))))
  .sort()
  .map((f) => join(here, 'tests', f));
if (files.length === 0) {
  console.error(`e2e: no test files${only ? ` for E2E_ONLY=${only}` : ''}.`);
  process.exit(1);
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'gta-e2e-'));
const staffPassword = `e2e-${randomBytes(9).toString('base64url')}`;
const baseUrl = `http://localhost:${port}`;
const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STAFF_PASSWORD: staffPassword };
for (const key of ['AIRTABLE_BASE_ID', 'AIRTABLE_TOKEN', 'N8N_WEBHOOK_BASE', 'N8N_CHAT_URL']) delete serverEnv[key];
const server = spawn(process.execPath, [join(root, 'server/dist/index.js')], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));

let code = 1;
try {
  await waitForServer(`${baseUrl}/config.json`, server);
  console.log(`e2e: server at ${baseUrl} (data ${dataDir}); ${files.length} test file(s)`);
  const tapFile = join(dataDir, 'e2e.tap');
  const runner = spawn(
    process.execPath,
    ['--test', '--test-concurrency=1', ...(process.env.E2E_GREP ? [`--test-name-pattern=${process.env.E2E_GREP}`] : []), '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tapFile}`, ...files],
    { env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_STAFF_PASSWORD: staffPassword, E2E_DATA_DIR: dataDir, E2E_SERVER_PID: String(server.pid) }, stdio: 'inherit', cwd: root },
  );
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => Number((tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
  console.log(`\ne2e: ${count('pass')} passed, ${count('fail')} failed${count('skipped') ? `, ${count('skipped')} skipped` : ''}`);
} catch (error) {
  console.error(`e2e: ${error.message}\n--- server output ---\n${serverLog}`);
} finally {
  server.kill('SIGTERM');
  if (code !== 0 && serverLog) console.error(`--- server output (last 3000 chars) ---\n${serverLog.slice(-3000)}`);
  if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
