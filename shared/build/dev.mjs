// `npm run dev`: every dev server with hot reload. The server (built once) serves /config.json pointing at the
// remotes' dev servers, plus the back end; the shell's dev server on :3000 proxies /config.json and the API to it.
import { spawn, execFileSync, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverPort = process.env.PORT ?? '8080';
// DEV_PORT (default 3000) is the shell's port; the remotes take the five after it
const shellPort = Number(process.env.DEV_PORT ?? 3000);
if (!Number.isInteger(shellPort) || shellPort < 1 || shellPort > 65530) throw new Error(`DEV_PORT must be a port number, not ${process.env.DEV_PORT}`);
const remotes = Object.fromEntries(['listings', 'content', 'forms', 'chat', 'admin'].map((name, i) => [name, shellPort + 1 + i]));

console.log('dev: building the shared core and the server once…');
execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });

// each part's own pre-steps: what its `dev` script runs before `webpack serve` (the listings basemap, which a fresh
// checkout does not have), so this script starts every part as `npm run dev -w <part>` would
for (const dir of ['shell', ...Object.keys(remotes).map((name) => `mfe-${name}`)]) {
  const script = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.dev ?? '';
  const steps = script.split('&&').map((step) => step.trim());
  const serve = steps.findIndex((step) => /^webpack serve\b/.test(step));
  for (const step of serve > 0 ? steps.slice(0, serve) : []) {
    console.log(`dev: ${dir}: ${step}`);
    execSync(step, { cwd: join(root, dir), stdio: 'inherit', env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}` } });
  }
}

const children = [];
function run(name, command, args, env = {}) {
  // each in its own process group: npx starts webpack as a grandchild, and stopping only npx left webpack holding
  // the port; the whole group is signalled on stop
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
  const prefix = `[${name}] `;
  const relay = (stream, out) => stream.on('data', (d) => out.write(String(d).replace(/^(?=.)/gm, prefix)));
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  children.push(child);
}

const remoteEnv = Object.fromEntries(
  Object.entries(remotes).map(([name, port]) => [`REMOTE_${name.toUpperCase()}_URL`, `http://localhost:${port}/mf-manifest.json`]),
);
// no load balancer to tell: SIGTERM stops the server without SHUTDOWN_READY_DELAY_MS
run('server', process.execPath, ['server/dist/index.js'], { PORT: serverPort, SHUTDOWN_READY_DELAY_MS: '0', ...remoteEnv });
run('shell', 'npx', ['webpack', 'serve', '--mode', 'development', '-c', 'shell/webpack.config.js'], { PORT: serverPort, DEV_SERVER_PORT: String(shellPort) });
for (const [name, port] of Object.entries(remotes))
  run(name, 'npx', ['webpack', 'serve', '--mode', 'development', '-c', `mfe-${name}/webpack.config.js`], { PORT: serverPort, DEV_SERVER_PORT: String(port) });

console.log(`dev: open http://localhost:${shellPort} (Ctrl+C stops everything); remotes on :${shellPort + 1}-:${shellPort + 5}, server on :${serverPort}`);
function signal(child, name) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (process.platform === 'win32') child.kill(name);
    else process.kill(-child.pid, name);
  } catch {
    // already gone
  }
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log('dev: stopping every dev server…');
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  let left = running.length;
  if (left === 0) process.exit(0);
  for (const child of running) {
    child.once('exit', () => {
      if (--left === 0) process.exit(0);
    });
    signal(child, 'SIGTERM');
  }
  // a server that ignores SIGTERM is killed after 5 s
  setTimeout(() => {
    for (const child of running) signal(child, 'SIGKILL');
    process.exit(0);
  }, 5000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
// if this script dies another way, its servers go with it
process.on('exit', () => children.forEach((child) => signal(child, 'SIGKILL')));
