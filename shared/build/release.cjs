#!/usr/bin/env node
// `npm run release -w @gta/shared`: releases the shared package after its exports changed (docs/shared-package.md).
// Compares the runtime exports of shared/src/index.ts with shared/exports.json and bumps the version: minor for added
// exports or new @deprecated tags, major for removed exports (only those an earlier release deprecated). Writes the
// new snapshot (each new export with the version that adds it, the previous release's version and commit), the
// version in shared/package.json and package-lock.json, and the dependency of every workspace whose declared range
// the new version no longer satisfies (a major). Options: --dry-run (print the plan, write nothing),
// --allow-undeprecated-removal (a major that removes exports no release deprecated).
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const surface = require('./exportSurface.cjs');

const root = path.resolve(__dirname, '..', '..');
const args = new Set(process.argv.slice(2));
const dryRun = args.has('--dry-run');

/** Replaces the first `"key": "old"` of a JSON file's text, keeping the rest of the file (its layout) as it is. */
function replaceJsonString(text, key, from, to) {
  const pattern = new RegExp(`("${key.replace(/[/@.]/g, '\\$&')}"\\s*:\\s*)"${from.replace(/[.^*]/g, '\\$&')}"`);
  if (!pattern.test(text)) throw new Error(`"${key}": "${from}" not found`);
  return text.replace(pattern, `$1"${to}"`);
}

function main() {
  const snapshot = surface.readSnapshot();
  const packageFile = path.join(root, 'shared', 'package.json');
  const packageText = fs.readFileSync(packageFile, 'utf8');
  const current = JSON.parse(packageText).version;
  if (current !== snapshot.version)
    throw new Error(
      `shared/package.json says ${current} but shared/exports.json ${snapshot.version}: set the version only with this script (fix the one edited by hand).`,
    );
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const plan = surface.planRelease(snapshot, surface.currentSurface(), { commit, allowUndeprecatedRemoval: args.has('--allow-undeprecated-removal') });
  const { added, removed, deprecated, undeprecated } = plan.diff;
  if (plan.kind === 'none' && undeprecated.length === 0) {
    console.log(`@gta/shared ${current}: its exports are those of the snapshot; nothing to release.`);
    return;
  }
  const list = (label, names) => names.length > 0 && console.log(`  ${label}: ${names.join(', ')}`);
  console.log(
    plan.kind === 'none' ? `@gta/shared ${current}: no new version (deprecation withdrawn)` : `@gta/shared ${current} -> ${plan.version} (${plan.kind})`,
  );
  list('added', added);
  list('deprecated', deprecated);
  list('deprecation withdrawn', undeprecated);
  list('removed', removed);

  const writes = new Map([[surface.SNAPSHOT_FILE, surface.formatSnapshot(plan.snapshot)]]);
  if (plan.version !== current) {
    writes.set(packageFile, replaceJsonString(packageText, 'version', current, plan.version));
    const lockFile = path.join(root, 'package-lock.json');
    const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
    lock.packages.shared.version = plan.version;
    // workspaces whose declared range no longer takes the new version (a major): npm would look for it in the registry
    const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
    for (const workspace of workspaces) {
      const file = path.join(root, workspace, 'package.json');
      const text = writes.get(file) ?? fs.readFileSync(file, 'utf8');
      const range = JSON.parse(text).dependencies?.['@gta/shared'];
      if (!range) continue;
      const floor = range.replace(/^\^/, '');
      if (range.startsWith('^') && surface.satisfiesCaret(plan.version, floor)) continue;
      writes.set(file, replaceJsonString(text, '@gta/shared', range, `^${plan.version}`));
      lock.packages[workspace].dependencies['@gta/shared'] = `^${plan.version}`;
    }
    writes.set(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  }
  for (const [file, text] of writes) {
    console.log(`${dryRun ? 'would write' : 'writes'} ${path.relative(root, file)}`);
    if (!dryRun) fs.writeFileSync(file, text);
  }
  if (!dryRun && plan.kind !== 'none')
    console.log(
      plan.kind === 'major'
        ? 'Commit these files. A major release: a contract name is never removed (docs/shared-package.md); parts of the previous major need a bridge like the 2.x one in shared/build/webpack.cjs.'
        : `Commit these files. A remote using a new library name runs its own copy until the shell follows; a module using a new contract name needs a page whose contract is ${plan.version} or newer (its region says so meanwhile).`,
    );
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
