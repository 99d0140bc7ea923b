// The deploy recipe rehearsed without Docker (issue 35): deploy/nginx.conf, the file compose.yaml mounts, served by
// Debian's nginx in front of two replicas of the built server, with the environment the Dockerfile and compose.yaml
// give them (read from those files: NODE_ENV=production, PUBLIC_URL, TRUST_PROXY=1, secrets from *_FILE, DATABASE_URL
// built from POSTGRES_* parts; only addresses and paths changed), sharing a throw-away PostgreSQL that checks the
// password. Through nginx: a page, a form post stored in PostgreSQL, and a staff sign-in that reads /admin's data on
// both replicas. Only the two lines of the conf marked [test: …] differ from the real file (the replicas' and the
// listen addresses); the test checks that the rest is byte-for-byte the same.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from '../server.mjs';

const require = createRequire(join(repoRoot, 'server', 'package.json'));
const { startPostgres } = require('./dist/tools/throwAwayPostgres.js');
const { Client } = require('pg');

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONF_PATH = join(repoRoot, 'deploy', 'nginx.conf');
// the two lines the rehearsal replaces; everything else of deploy/nginx.conf is used as it is
const UPSTREAM_LINE = '    server server:8080 resolve;\n';
const LISTEN_LINE = '    listen 80;\n';
// a password a URL cannot hold as it is: DATABASE_URL must be built with it encoded
const DB_PASSWORD = 'p@ss/w:o#r%d?&= é';
const STAFF_PASSWORD = 'deploy rehearsal staff password';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** deploy/nginx.conf with the replicas' and the listen addresses replaced, and a check that nothing else changed. */
function rehearsalConf(real, upstreams, listen) {
  for (const line of [UPSTREAM_LINE, LISTEN_LINE])
    assert.equal(real.split(line).length, 2, `deploy/nginx.conf has the line ${JSON.stringify(line)} exactly once (the rehearsal replaces it)`);
  const upstreamLines = upstreams.map((u) => `    server ${u} max_fails=0;\n`).join('');
  const listenLine = `    listen ${listen};\n`;
  const conf = real.replace(UPSTREAM_LINE, upstreamLines).replace(LISTEN_LINE, listenLine);
  // putting the two lines back gives the real file, byte for byte
  assert.equal(conf.replace(upstreamLines, UPSTREAM_LINE).replace(listenLine, LISTEN_LINE), real);
  return conf;
}

/**
 * Debian's nginx as an ordinary process (no service): a main conf as the nginx image's (pid, logs, temp folders in
 * a private prefix) that includes the site conf, as the image includes conf.d/default.conf.
 */
async function startNginx(siteConf, port) {
  const prefix = mkdtempSync(join(tmpdir(), 'gta-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, dir));
    chmodSync(join(prefix, dir), 0o777); // as root, nginx's workers run as nobody
  }
  chmodSync(prefix, 0o755);
  writeFileSync(join(prefix, 'default.conf'), siteConf);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(prefix, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((d) => `  ${d}_temp_path ${join(prefix, d)};`),
      `  include ${join(prefix, 'default.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${log}`);
    const up = await new Promise((resolve) => {
      const req = http.get(`${url}/`, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100) throw new Error(`nginx did not listen on ${port}: ${log}`);
    await sleep(100);
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    log: () => log,
    accessLog: () => readFileSync(join(prefix, 'access.log'), 'utf8'),
    async stop() {
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * The environment a replica gets in the compose stack: the Dockerfile's `ENV` line, then compose.yaml's `server`
 * service `environment:` block (each `${NAME:-default}` as its default), read from the files themselves.
 */
function imageAndComposeEnv() {
  const env = {};
  const envLine = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8').match(/^ENV (.+)$/m);
  assert.ok(envLine, 'the Dockerfile has an ENV line');
  for (const pair of envLine[1].trim().split(/\s+/)) {
    const [name, ...value] = pair.split('=');
    env[name] = value.join('=');
  }
  const lines = readFileSync(join(repoRoot, 'compose.yaml'), 'utf8').split('\n');
  const at = lines.indexOf('    environment:', lines.indexOf('  server:'));
  assert.ok(at > 0, "compose.yaml's server service has an environment block");
  for (const line of lines.slice(at + 1)) {
    if (/^\s*#/.test(line)) continue;
    const m = /^ {6}([A-Z0-9_]+): (.*)$/.exec(line);
    if (!m) break;
    env[m[1]] = m[2].replace(/^'(.*)'$/, '$1').replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
  }
  return env;
}

/** A built server as the image runs it: production, settings and secrets as compose.yaml gives them. */
async function startReplica(name, env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `gta-${name}-`));
  const child = spawn(process.execPath, [join(repoRoot, 'server/dist/index.js')], {
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${log}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 600) throw new Error(`${name} was not ready within 60 s: ${log}`);
    await sleep(100);
  }
  return { name, port, url, dataDir, child, log: () => log };
}

/** One request through nginx with the Host a browser on the public URL sends. */
function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the deploy recipe: deploy/nginx.conf in front of two production replicas and PostgreSQL', () => {
  let pg;
  let admin;
  let nginx;
  let publicUrl;
  let secrets;
  const replicas = [];

  before(async () => {
    assert.ok(existsSync(NGINX), `nginx not found at ${NGINX}: install Debian's nginx (apt-get install -y nginx; .ci/run does it)`);
    pg = await startPostgres();
    const trustUrl = await pg.createDatabase('gta');
    // the throw-away cluster trusts everyone: give the role a password and make TCP connections prove it
    admin = new Client({ connectionString: trustUrl });
    await admin.connect();
    await admin.query(`ALTER ROLE gta PASSWORD ${admin.escapeLiteral(DB_PASSWORD)}`);
    const hbaFile = (await admin.query('SHOW hba_file')).rows[0].hba_file;
    writeFileSync(hbaFile, 'local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n');
    await admin.query('SELECT pg_reload_conf()');
    const refused = new Client({ connectionString: `postgres://gta@127.0.0.1:${pg.port}/gta` });
    await assert.rejects(
      refused.connect().finally(() => refused.end().catch(() => {})),
      /password/,
      'PostgreSQL now asks for the password',
    );

    // secrets as compose's `secrets:` mount them: files, each ending with a line break
    secrets = mkdtempSync(join(tmpdir(), 'gta-secrets-'));
    writeFileSync(join(secrets, 'postgres_password'), `${DB_PASSWORD}\n`);
    writeFileSync(join(secrets, 'staff_password'), `${STAFF_PASSWORD}\n`);

    // the replicas get what the image and compose.yaml give them; only addresses differ on this machine
    const stack = imageAndComposeEnv();
    assert.equal(stack.NODE_ENV, 'production', 'the image runs in production');
    assert.equal(stack.PUBLIC_URL, 'http://localhost:8080', "compose's PUBLIC_URL is the address it publishes");
    const compose = readFileSync(join(repoRoot, 'compose.yaml'), 'utf8');
    assert.match(compose, /- '8080:80'/, 'compose publishes the proxy on 8080');
    assert.match(compose, /- \.\/deploy\/nginx\.conf:\/etc\/nginx\/conf\.d\/default\.conf:ro/, 'compose mounts deploy/nginx.conf');
    assert.equal(stack.POSTGRES_HOST, 'db');
    const nginxPort = await freePort();
    publicUrl = `http://127.0.0.1:${nginxPort}`;
    const env = { ...stack, PUBLIC_URL: publicUrl, POSTGRES_HOST: '127.0.0.1', POSTGRES_PORT: String(pg.port) };
    for (const [name, value] of Object.entries(env)) if (value.startsWith('/run/secrets/')) env[name] = join(secrets, value.slice('/run/secrets/'.length));
    assert.equal(env.STAFF_PASSWORD_FILE, join(secrets, 'staff_password'));
    assert.equal(env.POSTGRES_PASSWORD_FILE, join(secrets, 'postgres_password'));
    assert.equal(env.STAFF_PASSWORD, undefined, 'no secret in plain environment');
    // the first replica migrates and seeds; the second starts on the migrated database (as compose starts them)
    replicas.push(await startReplica('deploy-a', env));
    replicas.push(await startReplica('deploy-b', env));

    const real = readFileSync(CONF_PATH, 'utf8');
    const conf = rehearsalConf(
      real,
      replicas.map((r) => `127.0.0.1:${r.port}`),
      `127.0.0.1:${nginxPort}`,
    );
    nginx = await startNginx(conf, nginxPort);
  });

  after(async () => {
    await nginx?.stop();
    for (const r of replicas) r.child.kill('SIGKILL');
    await admin?.end().catch(() => {});
    await pg?.stop();
    for (const r of replicas) rmSync(r.dataDir, { recursive: true, force: true });
    if (secrets) rmSync(secrets, { recursive: true, force: true });
  });

  it('a page through nginx: the home page and /config.json name the public URL, port included', async () => {
    const home = await request(`${nginx.url}/`);
    assert.equal(home.status, 200, home.body.slice(0, 500));
    assert.match(home.headers['content-type'], /^text\/html/);
    assert.match(home.body, /<div id="root"/);
    assert.ok(home.headers['x-request-id'], 'the server answered (it echoes the request id nginx gave)');
    const config = await request(`${nginx.url}/config.json`);
    assert.equal(config.status, 200);
    const runtime = JSON.parse(config.body);
    assert.equal(Object.keys(runtime.remotes).length, 5, config.body);
    for (const url of [...Object.values(runtime.remotes), runtime.webhookBase, runtime.authBase, runtime.airtable.endpointUrl])
      assert.ok(url.startsWith(`${publicUrl}/`), `${url} is under ${publicUrl}`);
    // a remote's manifest answers through nginx
    const manifestUrl = runtime.remotes.forms;
    const manifest = await request(manifestUrl.replace(publicUrl, nginx.url));
    assert.equal(manifest.status, 200, manifestUrl);
  });

  it('a form post through nginx from the public URL is stored in PostgreSQL; from another origin it is refused', async () => {
    const body = JSON.stringify({
      name: 'Rehearsal Visitor',
      email: 'rehearsal@example.com',
      phone: '905-555-0142',
      subject: 'Through nginx',
      message: 'Posted from the public URL through the proxy.',
    });
    const headers = { 'Content-Type': 'application/json', Origin: publicUrl };
    const reply = await request(`${nginx.url}/webhook/contact-form`, { method: 'POST', headers, body });
    assert.equal(reply.status, 200, reply.body);
    const { id } = JSON.parse(reply.body);
    const { rows } = await admin.query("SELECT fields->>'email' AS email FROM records WHERE id = $1 AND table_name = 'Website Submissions'", [id]);
    assert.deepEqual(rows, [{ email: 'rehearsal@example.com' }], 'stored in PostgreSQL under the id the visitor was given');
    // the origin without its port (what the server saw before nginx passed the port) is another site
    const crossSite = await request(`${nginx.url}/webhook/contact-form`, {
      method: 'POST',
      headers: { ...headers, Origin: 'http://127.0.0.1' },
      body: body.replace('rehearsal@', 'cross-site@'),
    });
    assert.equal(crossSite.status, 403, crossSite.body);
  });

  it('a staff sign-in through nginx reaches /admin and its data, on both replicas', async () => {
    const page = await request(`${nginx.url}/admin`);
    assert.equal(page.status, 200);
    const login = await request(`${nginx.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: publicUrl },
      body: JSON.stringify({ password: STAFF_PASSWORD }),
    });
    assert.equal(login.status, 200, `the password from STAFF_PASSWORD_FILE signs in: ${login.body}`);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    // nginx alternates the replicas: four reads reach both
    const ids = [];
    for (let i = 0; i < 4; i++) {
      const read = await request(`${nginx.url}/api/airtable/v0/appLocalBase/Website%20Submissions?pageSize=50`, {
        headers: { Cookie: cookie, Origin: publicUrl },
      });
      assert.equal(read.status, 200, read.body);
      const emails = JSON.parse(read.body).records.map((r) => r.fields.email);
      assert.ok(emails.includes('rehearsal@example.com'), `the lead posted through nginx is in /admin's data (${emails.join(', ')})`);
      ids.push(read.headers['x-request-id']);
    }
    const answeredBy = replicas.filter((r) => ids.some((id) => r.log().includes(id)));
    assert.equal(answeredBy.length, 2, 'both replicas answered the signed-in reads (one session in PostgreSQL)');
    const anonymous = await request(`${nginx.url}/api/airtable/v0/appLocalBase/Website%20Submissions?pageSize=1`);
    assert.equal(anonymous.status, 401);
  });

  it('nginx passes the Host the browser sent (port included) and the X-Forwarded-* headers', async () => {
    // the same conf in front of a server that echoes what it received
    const seen = [];
    const echo = http.createServer((req, res) => {
      seen.push(req.headers);
      res.end('ok');
    });
    await new Promise((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    const proxy = await startNginx(rehearsalConf(readFileSync(CONF_PATH, 'utf8'), [`127.0.0.1:${echo.address().port}`], `127.0.0.1:${port}`), port);
    try {
      seen.length = 0;
      const reply = await request(`${proxy.url}/listings`, { headers: { Host: `localhost:${port}` } });
      assert.equal(reply.status, 200);
      const headers = seen.at(-1);
      assert.equal(headers.host, `localhost:${port}`, 'the port reaches the server');
      assert.equal(headers['x-forwarded-host'], `localhost:${port}`);
      assert.equal(headers['x-forwarded-proto'], 'http');
      assert.equal(headers['x-forwarded-for'], '127.0.0.1');
      assert.match(headers['x-request-id'], /^[0-9a-f]{32}$/);
    } finally {
      await proxy.stop();
      echo.close();
    }
  });
});

describe('the image recipe (no Docker daemon here: what the Dockerfile says, checked against the repository)', () => {
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const byName = new Map(stages.map((s) => [/^\S+ AS (\S+)$/m.exec(s.split('\n')[0])?.[1], s]));
  /** A stage's lines after those of the stage it is built on (FROM <stage> AS …), as the image has them. */
  const withBase = (stage) => {
    const base = byName.get(stage.split(/\s/)[0]);
    return base ? withBase(base) + stage : stage;
  };

  it('each npm ci stage copies the lock and every workspace package.json before npm ci, and the source only after', () => {
    const { workspaces } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const installing = stages.filter((s) => /^RUN .*npm ci/m.test(s)).map(withBase);
    assert.equal(installing.length, 2, 'the build stage and the production dependencies stage');
    for (const stage of installing) {
      const ci = stage.search(/^RUN .*npm ci/m);
      const before = stage.slice(0, ci);
      assert.match(before, /^COPY package\.json package-lock\.json \.\/$/m);
      for (const ws of workspaces) assert.match(before, new RegExp(`^COPY ${ws}/package\\.json ${ws}/$`, 'm'), `${ws}/package.json is copied before npm ci`);
      assert.doesNotMatch(before, /^COPY \. \./m, 'the source comes after npm ci (the layer cache)');
    }
  });

  it("runs a Node line that package.json's engines admit, as the node user, with NODE_ENV=production", () => {
    const major = Number((/^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile) ?? [])[1]);
    const engines = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).engines.node;
    const [, low, high] = /^>=(\d+)\.\d+ <(\d+)$/.exec(engines) ?? [];
    assert.ok(major >= 24, `the image is on a supported LTS line (Node 20 ended 2026-04-30): ${major}`);
    assert.ok(major >= Number(low) && major < Number(high), `Node ${major} is within engines ${engines}`);
    const last = stages.at(-1);
    assert.match(last, /^\$\{NODE_IMAGE\}-slim$/m);
    assert.match(last, /^ENV NODE_ENV=production /m);
    assert.match(last, /^USER node$/m);
  });
});
