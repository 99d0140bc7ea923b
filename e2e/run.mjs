// Runs the e2e suite against the built site: starts the server (server/dist) once, on a free port with a fresh
// data folder and a known staff password, then runs e2e/tests/*.test.mjs with node's test runner, one file at a
// time (each file launches its own headless Chromium). E2E_ONLY=forms runs only tests/forms*.test.mjs;
// E2E_GREP=pattern runs only the tests whose name matches.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './lib.mjs';
import { repoRoot, startServer } from './server.mjs';

const here = join(repoRoot, 'e2e');

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`e2e: Chromium not found at ${CHROMIUM_PATH} (install Debian's chromium; .ci/run does it).`);
  process.exit(1);
}
for (const app of ['shell', 'mfe-listings', 'mfe-content', 'mfe-forms', 'mfe-chat', 'mfe-admin', 'server']) {
  if (!existsSync(join(repoRoot, app, 'dist'))) {
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

let code = 1;
let server;
/** The drift test's builds, started beside the first files (driftPrebuild.mjs). */
let prebuild;
try {
  server = await startServer();
  console.log(`e2e: server at ${server.baseUrl} (data ${server.dataDir}); ${files.length} test file(s)`);
  const tapFile = join(server.dataDir, 'e2e.tap');
  // the drift test's builds start now, niced, beside the first files (driftPrebuild.mjs)
  const driftPrebuilt = join(server.dataDir, 'drift-prebuild.done');
  if (files.some((f) => f.endsWith('drift.test.mjs'))) {
    prebuild = spawn('nice', ['-n', '19', process.execPath, join(here, 'driftPrebuild.mjs'), driftPrebuilt], {
      stdio: ['ignore', openSync(join(server.dataDir, 'drift-prebuild.log'), 'w'), 'inherit'],
      cwd: repoRoot,
    });
    prebuild.on('error', (error) => writeFileSync(driftPrebuilt, `failed: ${error.message}\n`));
  }
  const runner = spawn(
    process.execPath,
    [
      '--test',
      '--test-concurrency=1',
      ...(process.env.E2E_GREP ? [`--test-name-pattern=${process.env.E2E_GREP}`] : []),
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      `--test-reporter=${join(here, 'fileTimes.mjs')}`,
      '--test-reporter-destination=stdout',
      ...files,
    ],
    {
      env: {
        ...process.env,
        E2E_BASE_URL: server.baseUrl,
        E2E_STAFF_PASSWORD: server.staffPassword,
        E2E_DATA_DIR: server.dataDir,
        E2E_SERVER_PID: String(server.pid),
        E2E_DRIFT_PREBUILT: driftPrebuilt,
      },
      stdio: 'inherit',
      cwd: repoRoot,
    },
  );
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => Number((tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
  console.log(`\ne2e: ${count('pass')} passed, ${count('fail')} failed${count('skipped') ? `, ${count('skipped')} skipped` : ''}`);
  if (code !== 0) console.error(`--- server output (last 3000 chars) ---\n${server.log().slice(-3000)}`);
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  if (prebuild?.exitCode === null) prebuild.kill();
  server?.stop();
}
process.exit(code);
