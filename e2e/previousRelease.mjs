// The releases the drift test (drift.test.mjs) combines with this checkout: parts built on different days.
//
// Which previous release: the commit shared/exports.json names as the previous release of @gta/shared (written by
// `npm run release -w @gta/shared`), or DRIFT_PREVIOUS_REF (any commit, branch or tag of this clone). The clone
// must hold it: CI checks out the full history; a shallow clone fails here with what to do, never skips.
//
// How: `git archive` of that commit into the cache folder (DRIFT_CACHE, else $TMPDIR/gta-drift; not under this
// repository's node_modules: the builds compile no TypeScript below a node_modules folder), a node_modules of links
// to this checkout's packages (the same dependencies, installed once) in which the workspaces (@gta/shared above
// all) are the old checkout's own, then that release's own build scripts, in full: the server with the shared
// package, and the shell and the five remotes, each with its browser and Node builds. The remotes' builds are then
// kept under previous-remotes/<name> (previousRemoteDist; a remote's Node build is published inside its browser
// build, so a server renders it from another origin too), and the old checkout's mfe-<name>/dist folders can take
// this checkout's remotes (todaysRemotesIn).
//
// A release ahead (buildAheadRemote): this checkout's commit with a next release of @gta/shared made on top (a new
// library name and a new contract name, `npm run release`), and the forms remote built with it, one module using
// each new name. Each build is kept in the cache under its commit (a CI cache of that folder keeps the suite within
// its budget); folders of other commits are removed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { repoRoot } from './server.mjs';

export const REMOTES = ['listings', 'content', 'forms', 'chat', 'admin'];
const CACHE = process.env.DRIFT_CACHE || join(tmpdir(), 'gta-drift');
const STAMP = '.drift-built';

const git = (args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The previous release's commit, or an error that says why it cannot be had. */
export function previousRelease() {
  const snapshot = JSON.parse(readFileSync(join(repoRoot, 'shared', 'exports.json'), 'utf8'));
  const fromEnv = process.env.DRIFT_PREVIOUS_REF;
  const ref = fromEnv || snapshot.previousRelease?.commit;
  const source = fromEnv ? 'DRIFT_PREVIOUS_REF' : `shared/exports.json, the release before @gta/shared ${snapshot.version}`;
  if (!ref) throw new Error('drift: shared/exports.json names no previous release and DRIFT_PREVIOUS_REF is not set.');
  try {
    git(['rev-parse', '--git-dir']);
  } catch {
    throw new Error(
      `drift: ${repoRoot} is not a git checkout, so the previous release (${ref}) cannot be built; run the e2e suite in a clone with its history.`,
    );
  }
  let commit = '';
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    commit = '';
  }
  if (!commit) {
    let shallow = false;
    try {
      shallow = git(['rev-parse', '--is-shallow-repository']) === 'true';
    } catch {
      /* an old git */
    }
    throw new Error(
      `drift: the previous release ${ref} (from ${source}) is not in this clone${shallow ? ', a shallow one: fetch its history (git fetch --unshallow)' : ''}. ` +
        'Set DRIFT_PREVIOUS_REF to a commit of this clone to test against another release.',
    );
  }
  const version = JSON.parse(git(['show', `${commit}:shared/package.json`])).version;
  return { ref, commit, version, source };
}

/** A node_modules for the old checkout: this checkout's packages, linked, except the workspaces, which are its own. */
function linkDependencies(dir) {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const here = join(repoRoot, 'node_modules');
  const workspaces = new Map();
  for (const folder of JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).workspaces ?? []) {
    const file = join(dir, folder, 'package.json');
    if (existsSync(file)) workspaces.set(JSON.parse(readFileSync(file, 'utf8')).name, folder);
  }
  // a link of this checkout to one of its own workspaces (not a package installed from the registry)
  const isWorkspaceLink = (path) => lstatSync(path).isSymbolicLink() && !relative(repoRoot, realpathSync(path)).split(sep).includes('node_modules');
  const link = (name, target) => {
    const at = join(modules, name);
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(target, at);
  };
  for (const entry of readdirSync(here)) {
    // the build's own caches and generated files stay apart (the federation entry, the server entries)
    if (entry === '.cache' || entry === '.federation') continue;
    if (entry.startsWith('@')) {
      for (const name of readdirSync(join(here, entry)))
        if (!workspaces.has(`${entry}/${name}`) && !isWorkspaceLink(join(here, entry, name))) link(`${entry}/${name}`, join(here, entry, name));
    } else if (!workspaces.has(entry) && !isWorkspaceLink(join(here, entry))) link(entry, join(here, entry));
  }
  for (const [name, folder] of workspaces) link(name, relative(dirname(join(modules, name)), join(dir, folder)));
  writeFileSync(join(modules, '.linked-from'), repoRoot);
}

/**
 * A cached build made from another clone of this repository (the cache is per machine, in the temporary folder) has
 * links into that clone's node_modules, which may be gone: its server then fails on its first require. The links are
 * made again from this checkout's when they point elsewhere (the built files themselves name no absolute path).
 */
function relinkDependencies(dir) {
  const stamp = join(dir, 'node_modules', '.linked-from');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === repoRoot) return;
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  linkDependencies(dir);
}

/** Runs `npm <args>` in dir; rejects with the end of its output. */
function npm(dir, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code === 0) resolve(Date.now() - started);
      else reject(new Error(`drift: \`npm ${args.join(' ')}\` failed in the previous release (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

/**
 * The previous release built (server with the shared package, the shell and the remotes for the browser); returns
 * its folder. `log` gets one line per step.
 */
export async function buildPreviousRelease(commit, log = () => undefined) {
  const dir = join(CACHE, commit);
  inUse.add(commit);
  if (existsSync(join(dir, STAMP))) {
    relinkDependencies(dir);
    log(`previous release ${commit.slice(0, 10)}: built already in ${dir}`);
    return dir;
  }
  checkout(commit, dir);
  const started = Date.now();
  // the server's build script builds the shared package first (its dist/core is what the server imports)
  log(`previous release ${commit.slice(0, 10)}: server and shared built in ${((await npm(dir, ['run', 'build', '-w', 'server'])) / 1000).toFixed(0)} s`);
  // in full, browser and Node builds: the previous server renders first screens with them, and so does today's
  // server with the previous remotes (their Node builds are published in their browser builds)
  const apps = ['shell', ...REMOTES.map((name) => `mfe-${name}`)];
  const width = Math.max(1, Math.min(availableParallelism(), 2));
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let app = apps.shift(); app; app = apps.shift()) {
        const ms = await npm(dir, ['run', 'build', '-w', app]);
        log(`previous release: ${app} built in ${(ms / 1000).toFixed(0)} s`);
      }
    }),
  );
  // the previous remotes are served from their own origin (previousRemoteDist); their folders in the old checkout
  // take this checkout's remotes (todaysRemotesIn)
  for (const name of REMOTES) {
    mkdirSync(join(dir, 'previous-remotes'), { recursive: true });
    renameSync(join(dir, `mfe-${name}`, 'dist'), previousRemoteDist(dir, name));
  }
  writeFileSync(join(dir, STAMP), `${new Date().toISOString()} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  return dir;
}

/** `git archive` of a commit into dir, with its node_modules of links; the cache's folders of other commits go. */
function checkout(commit, dir) {
  if (existsSync(CACHE)) for (const old of readdirSync(CACHE)) if (!inUse.has(old)) rmSync(join(CACHE, old), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = `${dir}.tar`;
  git(['archive', '--format=tar', '-o', tar, commit]);
  execFileSync('tar', ['-xf', tar, '-C', dir]);
  rmSync(tar);
  linkDependencies(dir);
}

/** Cache folders in use by this run (the previous release and the release ahead): neither removes the other. */
const inUse = new Set();

/**
 * The forms remote of a release ahead of this checkout's commit (HEAD): @gta/shared gets a new library name
 * (DRIFT_AHEAD_LIBRARY, in the UI kit) and a new contract name (driftAheadContract, on the bus), released as the
 * next minor; ListWithUsPage uses the library name (it throws without it: the page's library lacks it, so the part
 * must run the copy it carries), HomeEvaluationPage imports the contract name (a page whose contract lacks it
 * refuses that one module). Built in full. Returns the folder of its build (dist, its Node build published inside).
 */
export async function buildAheadRemote(log = () => undefined) {
  const commit = git(['rev-parse', 'HEAD']);
  const name = `ahead-${commit}`;
  const dir = join(CACHE, name);
  inUse.add(name);
  const dist = join(dir, 'mfe-forms', 'dist');
  if (existsSync(join(dir, STAMP))) {
    relinkDependencies(dir);
    log(`release ahead of ${commit.slice(0, 10)}: built already in ${dir}`);
    return dist;
  }
  checkout(commit, dir);
  const append = (file, text) => writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}${text}`);
  const prepend = (file, text) => writeFileSync(join(dir, file), `${text}${readFileSync(join(dir, file), 'utf8')}`);
  append('shared/src/ui/primitives.tsx', `\n/** A name of the next library release (drift test). */\nexport const DRIFT_AHEAD_LIBRARY = 'ahead';\n`);
  append(
    'shared/src/ui/bus.ts',
    `\n/** A name of the next contract release (drift test). */\nexport function driftAheadContract(): string {\n  return 'ahead';\n}\n`,
  );
  const started = Date.now();
  // the release records the commit it was made on: the archive is no git checkout, so this clone's HEAD
  await npm(dir, ['run', 'release', '-w', '@gta/shared'], { GIT_DIR: join(repoRoot, '.git') });
  const version = JSON.parse(readFileSync(join(dir, 'shared', 'package.json'), 'utf8')).version;
  prepend(
    'mfe-forms/src/exposed/ListWithUsPage.tsx',
    `import { DRIFT_AHEAD_LIBRARY } from '@gta/shared';\nif (DRIFT_AHEAD_LIBRARY !== 'ahead') throw new Error('the library of the next release is not on this page');\n`,
  );
  prepend('mfe-forms/src/exposed/HomeEvaluationPage.tsx', `import { driftAheadContract } from '@gta/shared';\nvoid driftAheadContract;\n`);
  await npm(dir, ['run', 'build', '-w', 'mfe-forms']);
  writeFileSync(join(dir, STAMP), `${new Date().toISOString()} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  log(`release ahead (@gta/shared ${version}): forms built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dist;
}

/** Where the previous release's build of a remote is kept (dir: buildPreviousRelease's folder). */
export function previousRemoteDist(dir, name) {
  return join(dir, 'previous-remotes', name);
}

/**
 * Deploys this checkout's remotes in place into the previous release's site (as replacing a remote's built folder on
 * the server does): each mfe-<name>/dist there becomes a link to this checkout's.
 */
export function todaysRemotesIn(dir) {
  for (const name of REMOTES) {
    // the browser build and, where there is one, the Node build the old server renders the remote's first screen
    // with: a remote is deployed whole (the old release's Node build beside today's browser build is a mismatch)
    for (const folder of ['dist', 'dist-server']) {
      const at = join(dir, `mfe-${name}`, folder);
      rmSync(at, { recursive: true, force: true });
      if (existsSync(join(repoRoot, `mfe-${name}`, folder))) symlinkSync(join(repoRoot, `mfe-${name}`, folder), at);
    }
  }
}
