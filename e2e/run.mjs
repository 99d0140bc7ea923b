// Runs the e2e suite against the built site. The test files share out over lanes (E2E_LANES, 2 by default on a
// machine with 2 or more cores): each lane starts its own server (server/dist) on a free port with a fresh data
// folder and a known staff password, and runs one file at a time, each in its own `node --test` process with its own
// headless Chromium, taking the next file from one queue, slowest first. A file that changes the built folders every
// other file reads (EXCLUSIVE) runs alone after the lanes are done. Each file's output is printed whole when it ends.
// E2E_ONLY=forms runs only tests/forms*.test.mjs; E2E_GREP=pattern runs only the tests whose name matches.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** Files that rename or rebuild a remote's dist folder: nothing else may run beside them. */
const EXCLUSIVE = new Set(['remote-files']);
/**
 * The slowest files first (seconds in CI, 2026-11-28), so that no lane is left with a long file at the end; the
 * drift test comes after its builds (driftPrebuild.mjs, started at once, niced) have had time to finish: 248 s cold
 * beside two lanes, when the files before it take about 250 s of each lane.
 */
const SLOW_FIRST = ['quality', 'forms', 'foundation', 'listings', 'content', 'listings-home-recent', 'map-readable', 'map', 'replicas', 'drift'];

const only = process.env.E2E_ONLY;
const nameOf = (file) => file.replace(/\.test\.mjs$/, '');
const names = readdirSync(join(here, 'tests'))
  .filter((f) => f.endsWith('.test.mjs') && (!only || only.split(',').some((o) => f.startsWith(o))))
  .map(nameOf)
  .sort((a, b) => {
    const rank = (n) => (SLOW_FIRST.includes(n) ? SLOW_FIRST.indexOf(n) : SLOW_FIRST.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
if (names.length === 0) {
  console.error(`e2e: no test files${only ? ` for E2E_ONLY=${only}` : ''}.`);
  process.exit(1);
}
const shared = names.filter((n) => !EXCLUSIVE.has(n));
const alone = names.filter((n) => EXCLUSIVE.has(n));
const laneCount = Math.max(1, Math.min(Number(process.env.E2E_LANES ?? (availableParallelism() >= 2 ? 2 : 1)), shared.length || 1));

/** Runs one test file against a lane's server; resolves with its counts and time, having printed its output. */
function runFile(name, server, env) {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      '--test',
      // a fetch's kept-alive socket to the server (which keeps them 65 s, for load balancers) would hold the file's
      // process open long after its last test (a minute for content-visitor)
      '--test-force-exit',
      ...(process.env.E2E_GREP ? [`--test-name-pattern=${process.env.E2E_GREP}`] : []),
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      join(here, 'tests', `${name}.test.mjs`),
    ],
    {
      env: {
        ...process.env,
        E2E_BASE_URL: server.baseUrl,
        E2E_STAFF_PASSWORD: server.staffPassword,
        E2E_DATA_DIR: server.dataDir,
        E2E_SERVER_PID: String(server.pid),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: repoRoot,
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        // the spec reporter's summary (stdout is a pipe, written synchronously, so a forced exit keeps it whole)
        const count = (key) => Number((output.match(new RegExp(`^ℹ ${key} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
        const summarised = /^ℹ pass \d+$/m.test(output);
        const result = { name, code: code ?? 1, seconds, pass: count('pass'), fail: count('fail'), skipped: count('skipped') };
        // a file that died before reporting (a crash, a syntax error) counts as a failure
        if (!summarised) result.code ||= 1;
        if (result.code !== 0 && result.fail === 0) result.fail = 1;
        process.stdout.write(`\n── ${name} (${seconds.toFixed(0)} s, ${server.label}) ──\n${output}`);
        resolve(result);
      };
      // the output is whole once the child's stdout and stderr have closed ('exit' may come before the last of it is
      // read); a process the file left running could hold them open, so not for more than 5 s
      const timer = setTimeout(finish, 5000);
      child.on('close', () => {
        clearTimeout(timer);
        finish();
      });
    });
  });
}

let servers = [];
/** The drift test's builds, started beside the first files (driftPrebuild.mjs). */
let prebuild;
const results = [];
try {
  const started = await Promise.allSettled(Array.from({ length: laneCount }, async (_, i) => Object.assign(await startServer(), { label: `lane ${i + 1}` })));
  servers = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const refused = started.find((s) => s.status === 'rejected');
  if (refused) throw refused.reason; // the lanes that did start are stopped below
  console.log(
    `e2e: ${names.length} test file(s) over ${laneCount} lane(s) (${servers.map((s) => `${s.label} ${s.baseUrl}`).join(', ')})` +
      (alone.length ? `, then alone: ${alone.join(', ')}` : ''),
  );
  // the drift test's builds start now, niced, beside the first files (driftPrebuild.mjs)
  const driftPrebuilt = join(servers[0].dataDir, 'drift-prebuild.done');
  if (names.includes('drift')) {
    prebuild = spawn('nice', ['-n', '19', process.execPath, join(here, 'driftPrebuild.mjs'), driftPrebuilt], {
      stdio: ['ignore', openSync(join(servers[0].dataDir, 'drift-prebuild.log'), 'w'), 'inherit'],
      cwd: repoRoot,
    });
    prebuild.on('error', (error) => writeFileSync(driftPrebuilt, `failed: ${error.message}\n`));
  }
  const env = { E2E_DRIFT_PREBUILT: driftPrebuilt };
  const queue = [...shared];
  await Promise.all(
    servers.map(async (server) => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        const result = await runFile(name, server, env);
        results.push({ ...result, server });
      }
    }),
  );
  for (const name of alone) results.push({ ...(await runFile(name, servers[0], env)), server: servers[0] });
} catch (error) {
  console.error(`e2e: ${error.message}`);
  results.push({ name: 'run.mjs', code: 1, seconds: 0, pass: 0, fail: 1, skipped: 0 });
} finally {
  if (prebuild?.exitCode === null) prebuild.kill();
}

const sum = (key) => results.reduce((n, r) => n + r[key], 0);
console.log(
  `\ne2e: seconds per file: ${[...results]
    .sort((a, b) => b.seconds - a.seconds)
    .map((r) => `${r.name} ${r.seconds.toFixed(0)}`)
    .join(', ')}`,
);
const failed = results.filter((r) => r.code !== 0);
console.log(`\ne2e: ${sum('pass')} passed, ${sum('fail')} failed${sum('skipped') ? `, ${sum('skipped')} skipped` : ''}`);
if (failed.length) console.log(`e2e: failed: ${failed.map((r) => r.name).join(', ')}`);
for (const server of new Set(failed.map((r) => r.server).filter(Boolean))) {
  console.error(`--- ${server.label} server output (last 3000 chars) ---\n${server.log().slice(-3000)}`);
}
for (const server of servers) server.stop();
process.exit(failed.length || results.length === 0 ? 1 : 0);
