// Issue 39 item 10: with NODE_ENV=production every line the built server prints on stdout and stderr is one JSON
// record: the start-up banner, its request logs, a start that fails, Node's warnings, and a crash (an uncaught
// exception or an unhandled rejection: one fatal record with the error and its stack, then exit 1). Without it
// (`npm start`) the banner stays the friendly text. Real processes of server/dist, no browser.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from '../server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts server/dist/index.js; `until` says when to stop waiting for it (healthy, or exited). */
async function run({ env = {}, preload, stopWith = 'SIGTERM', port: fixedPort } = {}) {
  const port = fixedPort ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'gta-logs-json-'));
  const args = [];
  if (preload) {
    const file = join(dataDir, 'preload.cjs');
    writeFileSync(file, preload);
    args.push('--require', file);
  }
  const child = spawn(process.execPath, [...args, join(repoRoot, 'server/dist/index.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIRST_SCREEN: 'off',
      SHUTDOWN_READY_DELAY_MS: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let healthy = false;
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    try {
      // a second's wait at most: on a taken port the one listening may never answer
      if ((await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) })).ok) {
        healthy = true;
        break;
      }
    } catch {
      /* starting */
    }
    await sleep(100);
  }
  if (healthy) {
    // a page that is no page, and an API call: request logs among the lines
    await fetch(`http://127.0.0.1:${port}/no-such-page`).catch(() => undefined);
    await fetch(`http://127.0.0.1:${port}/v0/appLocal/Properties?maxRecords=1`).catch(() => undefined);
    if (stopWith) {
      await sleep(preload ? 1500 : 100);
      if (child.exitCode === null) child.kill(stopWith);
    }
  }
  const result = await Promise.race([exited, sleep(30_000).then(() => ({ code: 'timeout' }))]);
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  return { ...result, healthy, stdout, stderr, port };
}

/** Every line of the output as JSON (fails naming the first line that is not). */
function records(output) {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      let record;
      try {
        record = JSON.parse(line);
      } catch {
        assert.fail(`not a JSON record: ${JSON.stringify(line)}`);
      }
      assert.equal(typeof record, 'object', line);
      assert.equal(typeof record.level, 'string', `no level: ${line}`);
      assert.equal(typeof record.msg, 'string', `no msg: ${line}`);
      assert.equal(typeof record.time, 'string', `no time: ${line}`);
      return record;
    });
}

describe('NODE_ENV=production: one JSON record per line on stdout and stderr', { timeout: 120_000 }, () => {
  it('a start, its banner, requests and a SIGTERM', async () => {
    const out = await run({ env: { NODE_ENV: 'production' } });
    assert.equal(out.healthy, true, out.stdout + out.stderr);
    assert.equal(out.code, 0, out.stdout + out.stderr);
    const logged = [...records(out.stdout), ...records(out.stderr)];
    const running = logged.find((r) => r.msg === 'site running');
    assert.ok(running, `no 'site running' record in ${out.stdout}`);
    assert.equal(running.port, out.port);
    assert.equal(running.level, 'info');
    assert.ok(logged.some((r) => r.msg === 'store' && typeof r.store === 'string'));
    // a generated staff password is said to be in its file, never written to the log
    const staff = logged.find((r) => r.msg.startsWith('staff sign-in'));
    assert.ok(staff?.passwordFile, JSON.stringify(staff));
    assert.doesNotMatch(out.stdout + out.stderr, /password was generated for this machine: /);
    assert.ok(logged.some((r) => r.msg === 'shutting down'));
    assert.ok(logged.length >= 5, `${logged.length} records`);
  });

  it('a crash: an uncaught exception is one fatal record with the error serialized, then exit 1; a warning is a record', async () => {
    const preload = `
      setTimeout(() => process.emitWarning('a test warning', { code: 'GTA_TEST' }), 200);
      setTimeout(() => { const e = new Error('boom: line one\\nline two'); e.code = 'E_TEST'; throw e; }, 800);
    `;
    const out = await run({ env: { NODE_ENV: 'production' }, preload, stopWith: null });
    assert.equal(out.code, 1, out.stdout + out.stderr);
    const logged = [...records(out.stdout), ...records(out.stderr)];
    const fatal = logged.find((r) => r.level === 'fatal');
    assert.ok(fatal, out.stdout + out.stderr);
    assert.equal(fatal.msg, 'uncaught exception: exiting');
    assert.equal(fatal.err.message, 'boom: line one\nline two');
    assert.equal(fatal.err.code, 'E_TEST');
    assert.match(fatal.err.stack, /Error: boom: line one\nline two\n\s+at /);
    const warning = logged.find((r) => r.level === 'warn' && r.warning?.code === 'GTA_TEST');
    assert.ok(warning, out.stdout + out.stderr);
  });

  it('an unhandled rejection is a fatal record too', async () => {
    const preload = `setTimeout(() => { Promise.reject(new Error('nobody caught this')); }, 500);`;
    const out = await run({ env: { NODE_ENV: 'production' }, preload, stopWith: null });
    assert.equal(out.code, 1, out.stdout + out.stderr);
    const fatal = [...records(out.stdout), ...records(out.stderr)].find((r) => r.level === 'fatal');
    assert.equal(fatal?.msg, 'unhandled promise rejection: exiting');
    assert.equal(fatal?.err.message, 'nobody caught this');
  });

  it('a start that fails: a setting missing, the port taken', async () => {
    const unset = await run({ env: { NODE_ENV: 'production', PUBLIC_URL: '' } });
    assert.equal(unset.code, 1);
    const [missing] = [...records(unset.stdout), ...records(unset.stderr)].filter((r) => r.level === 'fatal');
    assert.equal(missing?.msg, 'the server cannot start');
    assert.match(missing?.reason, /PUBLIC_URL is not set/);

    const blocker = net.createServer();
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = blocker.address().port;
    try {
      const taken = await run({ env: { NODE_ENV: 'production' }, port });
      assert.equal(taken.code, 1);
      const [refused] = [...records(taken.stdout), ...records(taken.stderr)].filter((r) => r.level === 'fatal');
      assert.equal(refused?.msg, 'the server cannot start: the port is already in use');
      assert.equal(refused?.port, port);
    } finally {
      blocker.close();
    }
  });
});

describe('without NODE_ENV=production (npm start): the friendly banner', { timeout: 60_000 }, () => {
  it('says where the site runs and the generated password, in plain lines', async () => {
    const out = await run({ env: { PUBLIC_URL: '' } });
    assert.equal(out.healthy, true, out.stdout + out.stderr);
    assert.match(out.stdout, /\n {2}Site running at http:\/\/localhost:\d+\n/);
    assert.match(out.stdout, / {2}Staff sign-in \(\/admin\): a password was generated for this machine: \S+/);
    assert.match(out.stdout, / {2}Store: /);
  });
});
