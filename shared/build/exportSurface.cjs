// The export surface of @gta/shared and its semantic version (docs/shared-package.md).
//
// The package is one federation singleton: the page runs the copy of whichever part loaded first (the shell), and a
// remote built on another day calls that copy. What a remote can rely on is the set of names the page's copy exports
// at run time, so that set is what the version describes:
//   - shared/exports.json records each runtime export with the version that added it (`since`) and, once marked
//     `@deprecated`, the version that deprecated it; a test fails when the sources export something else;
//   - `npm run release -w @gta/shared` (release.cjs) bumps the version: minor for additions or new deprecations,
//     major for removals (only of exports deprecated in an earlier release);
//   - each app's federation config requires `^` the newest `since` among the names it imports (requiredSharedRange),
//     with strictVersion: a page whose copy is older refuses to load that remote, and its region shows its error.
const fs = require('fs');
const path = require('path');

const sharedDir = path.resolve(__dirname, '..');
const SNAPSHOT_FILE = path.join(sharedDir, 'exports.json');
const ENTRY = path.join(sharedDir, 'src', 'index.ts');
const SHARED_SPECIFIER = '@gta/shared'; // '@gta/shared/core' is not federated: each app bundles its own copy

/** @param {string} version */
function parseVersion(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(version));
  if (!match) throw new Error(`not a plain semantic version (major.minor.patch): ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative when a < b, 0 when equal, positive when a > b. */
function compareVersions(a, b) {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** @param {string} version @param {'major' | 'minor' | 'patch'} kind */
function bumpVersion(version, kind) {
  const [major, minor, patch] = parseVersion(version);
  if (kind === 'major') return `${major + 1}.0.0`;
  if (kind === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** Whether `version` satisfies `^floor` (same major, not older; 0.x as npm reads it is not used here). */
function satisfiesCaret(version, floor) {
  return parseVersion(version)[0] === parseVersion(floor)[0] && compareVersions(version, floor) >= 0;
}

/**
 * @typedef {{ since: string, deprecated?: string }} ExportEntry
 * @typedef {{ version: string, previousRelease?: { version: string, commit: string }, exports: Record<string, ExportEntry> }} Snapshot
 * @typedef {Record<string, { deprecated: boolean }>} Surface
 */

/** @returns {Snapshot} */
function readSnapshot(file = SNAPSHOT_FILE) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The snapshot as written: two-space JSON, exports sorted by name, one line each. */
function formatSnapshot(snapshot) {
  const names = Object.keys(snapshot.exports).sort();
  const lines = names.map(
    (name, i) =>
      `    ${JSON.stringify(name)}: ${JSON.stringify(snapshot.exports[name]).replace(/,"/g, ', "').replace(/":/g, '": ')}${i < names.length - 1 ? ',' : ''}`,
  );
  const head = { version: snapshot.version, ...(snapshot.previousRelease ? { previousRelease: snapshot.previousRelease } : {}) };
  const headText = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${headText},\n  "exports": {\n${lines.join('\n')}\n  }\n}\n`;
}

/**
 * The names shared/src/index.ts exports at run time (values: functions, classes, constants; types vanish), each
 * with whether its declaration carries a `@deprecated` JSDoc tag. Read with the TypeScript compiler, so
 * `export *` chains are followed as the bundler follows them.
 * @returns {Surface}
 */
function currentSurface(entry = ENTRY) {
  const ts = require('typescript');
  const configFile = path.join(sharedDir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  // only the entry and what it imports; no ambient test types (faster, and they declare no exports)
  const program = ts.createProgram({ rootNames: [entry], options: { ...parsed.options, noEmit: true, types: [] } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`exportSurface: ${entry} is not a module`);
  /** @type {Surface} */
  const surface = {};
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(target.flags & ts.SymbolFlags.Value)) continue;
    const deprecated = [symbol, target].some((s) => s.getJsDocTags(checker).some((tag) => tag.name === 'deprecated'));
    surface[symbol.getName()] = { deprecated };
  }
  return Object.fromEntries(Object.entries(surface).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * How the sources' surface differs from the snapshot.
 * @param {Snapshot} snapshot @param {Surface} surface
 */
function diffSurface(snapshot, surface) {
  const recorded = snapshot.exports;
  const added = Object.keys(surface).filter((name) => !recorded[name]);
  const removed = Object.keys(recorded).filter((name) => !surface[name]);
  const deprecated = Object.keys(surface).filter((name) => recorded[name] && surface[name].deprecated && !recorded[name].deprecated);
  // a deprecation withdrawn: the export stays, nothing to bump, but the snapshot must say so
  const undeprecated = Object.keys(surface).filter((name) => recorded[name] && !surface[name].deprecated && recorded[name].deprecated);
  return { added, removed, deprecated, undeprecated, changed: added.length + removed.length + deprecated.length + undeprecated.length > 0 };
}

/**
 * The next release from the snapshot and the sources' surface: the version bump the changes call for, and the new
 * snapshot. Throws when an export is removed that no earlier release deprecated (docs/shared-package.md: add,
 * deprecate, then remove), unless `allowUndeprecatedRemoval`.
 * @param {Snapshot} snapshot @param {Surface} surface @param {{ commit: string, allowUndeprecatedRemoval?: boolean }} options
 * @returns {{ kind: 'major' | 'minor' | 'none', version: string, snapshot: Snapshot, diff: ReturnType<typeof diffSurface> }}
 */
function planRelease(snapshot, surface, options) {
  const diff = diffSurface(snapshot, surface);
  const abrupt = diff.removed.filter((name) => !snapshot.exports[name].deprecated);
  if (abrupt.length > 0 && !options.allowUndeprecatedRemoval)
    throw new Error(
      `@gta/shared: ${abrupt.join(', ')} ${abrupt.length === 1 ? 'is' : 'are'} removed without having been deprecated in an earlier release. ` +
        'Put the export back with a /** @deprecated use … instead */ comment and release; remove it in a later major release, once no deployed remote uses it ' +
        '(docs/shared-package.md). To remove it anyway (every remote rebuilt and redeployed with the shell): npm run release -w @gta/shared -- --allow-undeprecated-removal',
    );
  const kind = diff.removed.length > 0 ? 'major' : diff.added.length > 0 || diff.deprecated.length > 0 ? 'minor' : 'none';
  if (kind === 'none' && diff.undeprecated.length === 0) return { kind, version: snapshot.version, snapshot, diff };
  const version = kind === 'none' ? snapshot.version : bumpVersion(snapshot.version, kind);
  /** @type {Record<string, ExportEntry>} */
  const exports = {};
  for (const [name, { deprecated }] of Object.entries(surface)) {
    const before = snapshot.exports[name];
    exports[name] = {
      since: before ? before.since : version,
      ...(deprecated ? { deprecated: before?.deprecated ?? version } : {}),
    };
  }
  const previousRelease = kind === 'none' ? snapshot.previousRelease : { version: snapshot.version, commit: options.commit };
  return { kind, version, diff, snapshot: { version, ...(previousRelease ? { previousRelease } : {}), exports } };
}

/**
 * The names a piece of source imports at run time from '@gta/shared': named imports and re-exports that are not
 * `type`-only; `'*'` for a namespace import, `export *` or a dynamic import (it may use any of them).
 * @param {string} fileName @param {string} text @returns {Set<string>}
 */
function sharedImportsOf(fileName, text) {
  const ts = require('typescript');
  const names = new Set();
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const isShared = (specifier) => specifier && ts.isStringLiteral(specifier) && specifier.text === SHARED_SPECIFIER;
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && isShared(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause && !clause.isTypeOnly) {
        if (clause.name) names.add('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.add('*');
        else if (bindings) for (const element of bindings.elements) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(node) && isShared(node.moduleSpecifier) && !node.isTypeOnly) {
      const clause = node.exportClause;
      if (!clause || ts.isNamespaceExport(clause)) names.add('*');
      else for (const element of clause.elements) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && isShared(node.arguments[0])) {
      names.add('*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The browser sources of an app (its src/, without tests and the Node-only *.server.tsx). */
function browserSources(appDir) {
  const src = path.join(appDir, 'src');
  if (!fs.existsSync(src)) return [];
  return fs
    .readdirSync(src, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !/\.d\.ts$/.test(file) && !/\.(test|server)\.tsx?$/.test(file))
    .map((file) => path.join(src, file));
}

/**
 * The range of @gta/shared an app needs at run time: `^` the newest version among the `since` of the names its
 * browser sources import (at least the current major's x.0.0). A name the snapshot lacks (added, not yet released)
 * or a namespace import needs the snapshot's version.
 *
 * Across a major: when every name the app imports was already exported by the previous major (none was added in
 * this one), the app also takes a page of the previous major, `^1.2.0 || ^2.0.0`. Exports are removed only in a
 * major, so a name present in 1.2.0 and in 2.0.0 is in every 1.x from 1.2.0 on. That lets a major be deployed
 * remotes first (they work with the old shell), then the shell.
 * @param {string} appDir @param {Snapshot} [snapshot]
 */
function requiredSharedRange(appDir, snapshot = readSnapshot()) {
  const major = parseVersion(snapshot.version)[0];
  let newest = null;
  for (const file of browserSources(appDir)) {
    for (const name of sharedImportsOf(file, fs.readFileSync(file, 'utf8'))) {
      const since = name === '*' ? snapshot.version : (snapshot.exports[name]?.since ?? snapshot.version);
      if (newest === null || compareVersions(since, newest) > 0) newest = since;
    }
  }
  const current = `${major}.0.0`;
  if (newest !== null && compareVersions(newest, current) >= 0) return `^${newest}`;
  if (newest === null || major === 0 || major === 1) return `^${current}`;
  const previous = `${major - 1}.0.0`;
  return `^${compareVersions(newest, previous) > 0 ? newest : previous} || ^${current}`;
}

module.exports = {
  SNAPSHOT_FILE,
  parseVersion,
  compareVersions,
  bumpVersion,
  satisfiesCaret,
  readSnapshot,
  formatSnapshot,
  currentSurface,
  diffSurface,
  planRelease,
  sharedImportsOf,
  requiredSharedRange,
};
