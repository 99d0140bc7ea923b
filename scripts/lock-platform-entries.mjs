// Adds lock entries for platform-specific optional packages the registry mirror
// on these machines does not serve (darwin/win32/android builds of native
// bindings). npm drops them when it resolves the tree here, and `npm ci` then
// refuses the lock ("Missing: <name>@ from lock file"). The entries carry the
// os/cpu/libc fields so npm skips them on every other platform, exactly as it
// would with entries written on a machine that reaches the full registry.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'wasm32'];
function platformOf(name) {
  const base = name.split('/').pop();
  const os = OS.find((candidate) => base.includes(`-${candidate}-`) || base.endsWith(`-${candidate}`) || base.includes(`-${candidate}`));
  if (!os) return null;
  const rest = base.slice(base.indexOf(os) + os.length + 1);
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const [cpuPart, abi] = rest.split('-');
  const cpu =
    { arm: 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x', loong64: 'loong64' }[cpuPart] ?? cpuPart;
  const entry = { os: [os], cpu: [cpu] };
  if (abi?.startsWith('gnu')) entry.libc = ['glibc'];
  if (abi?.startsWith('musl')) entry.libc = ['musl'];
  return entry;
}

let added = 0;
for (const [path, entry] of Object.entries({ ...packages })) {
  if (!entry.optionalDependencies) continue;
  const parentDir = path; // nested lookup first, then hoisted
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const nested = `${parentDir}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[hoisted] = {
      version,
      ...(platform.cpu ? { cpu: platform.cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: platform.libc } : {}),
      optional: true,
      ...(platform.os ? { os: platform.os } : {}),
      ...(entry.peer ? { peer: true } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: ${added} platform entries added`);
