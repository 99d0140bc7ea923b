// `npm run build`: the shared package first (the server and the apps read it), then the six apps and the server,
// as many at a time as the machine has cores (webpack is mostly single-threaded: on CI's 2 cores this halves the
// wall time). Each part still builds alone with `npm run build -w <part>`; this only schedules those commands.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const parts = ['shell', 'mfe-content', 'mfe-listings', 'mfe-forms', 'mfe-chat', 'mfe-admin', 'server'];
const width = Math.max(1, Math.min(Number(process.env.BUILD_JOBS) || availableParallelism(), parts.length));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function build(part) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', 'build', '-w', part], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // one block per part, so parallel builds do not interleave their logs
      process.stdout.write(`\n── ${part}: ${code === 0 ? 'built' : `FAILED (exit ${code})`} in ${seconds} s\n`);
      if (code !== 0 || process.env.BUILD_VERBOSE) process.stdout.write(output.replace(/^npm warn Unknown user config.*\n/gm, ''));
      resolve(code === 0);
    });
  });
}

const started = Date.now();
if (!(await build('@gta/shared'))) process.exit(1);
const queue = [...parts];
const results = await Promise.all(
  Array.from({ length: width }, async () => {
    let ok = true;
    for (let part = queue.shift(); part; part = queue.shift()) ok = (await build(part)) && ok;
    return ok;
  }),
);
const ok = results.every(Boolean);
console.log(`\nbuild: ${ok ? 'every part built' : 'a part failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s (${width} at a time)`);
process.exit(ok ? 0 : 1);
