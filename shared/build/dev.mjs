// `npm run dev`: every dev server with hot reload. The server (built once) serves /config.json pointing at the
// remotes' dev servers, plus the back end; the shell's dev server on :3000 proxies /config.json and the API to it.
import { spawn, execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverPort = process.env.PORT ?? '8080';
const remotes = { listings: 3001, content: 3002, forms: 3003, chat: 3004, admin: 3005 };

console.log('dev: building the shared core and the server once…');
execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });

const children = [];
function run(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const relay = (stream, out) => stream.on('data', (d) => out.write(String(d).replace(/^(?=.)/gm, prefix)));
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  children.push(child);
}

const remoteEnv = Object.fromEntries(Object.entries(remotes).map(([name, port]) => [`REMOTE_${name.toUpperCase()}_URL`, `http://localhost:${port}/mf-manifest.json`]));
run('server', process.execPath, ['server/dist/index.js'], { PORT: serverPort, ...remoteEnv });
run('shell', 'npx', ['webpack', 'serve', '--mode', 'development', '-c', 'shell/webpack.config.js'], { PORT: serverPort });
for (const name of Object.keys(remotes)) run(name, 'npx', ['webpack', 'serve', '--mode', 'development', '-c', `mfe-${name}/webpack.config.js`], { PORT: serverPort });

console.log('dev: open http://localhost:3000 (Ctrl+C stops everything)');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
