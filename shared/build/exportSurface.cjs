// The export surface of @gta/shared and its semantic version (docs/shared-package.md).
//
// A remote built on another day runs on a page whose shell was built from another release. What it can rely on is
// the set of names exported at run time, so that set is what the version describes:
//   - shared/exports.json records each runtime export with the version that added it (`since`) and, once marked
//     `@deprecated`, the version that deprecated it; a test fails when the sources export something else;
//   - `npm run release -w @gta/shared` (release.cjs) bumps the version: minor for additions or new deprecations,
//     major for removals (only of exports deprecated in an earlier release);
//   - the library (`@gta/shared`) is required `^` the newest `since` among the names an app imports
//     (requiredSharedRange): a page whose copy is older leaves the app to its own copy;
//   - the contract (`@gta/shared/contract`, the page's state) is required `>=` the newest `since` among the contract
//     names each exposed module reaches (contractNeedsOfModules): only that module is refused by an older page.
const fs = require('fs');
const path = require('path');

const sharedDir = path.resolve(__dirname, '..');
const SNAPSHOT_FILE = path.join(sharedDir, 'exports.json');
const ENTRY = path.join(sharedDir, 'src', 'index.ts');
const SHARED_SPECIFIER = '@gta/shared'; // '@gta/shared/core' is not federated: each app bundles its own copy
const CONTRACT_SPECIFIER = '@gta/shared/contract';
const CONTRACT_ENTRY = path.join(sharedDir, 'src', 'contract.ts');
/** The release that cut the contract out of the library: no page before it provides `@gta/shared/contract`. */
const CONTRACT_FLOOR = '3.0.0';

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
function sharedImportsOf(fileName, text, specifiers = [SHARED_SPECIFIER]) {
  const ts = require('typescript');
  const names = new Set();
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const isShared = (specifier) => specifier && ts.isStringLiteral(specifier) && specifiers.includes(specifier.text);
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
 * The range of the library (`@gta/shared`) an app needs at run time: `^` the newest version among the `since` of the
 * names its browser sources import (at least the current major's x.0.0). A name the snapshot lacks (added, not yet
 * released) or a namespace import needs the snapshot's version. A page whose library does not satisfy it is no
 * failure: the part runs the copy it carries (Module Federation's fallback of a non-singleton shared module). The
 * server checks the same range against its own copy and leaves the part to the browser when it does not satisfy it
 * (the browser then runs the part's own copy: both sides draw with the same library, no hydration mismatch).
 * @param {string} appDir @param {Snapshot} [snapshot]
 */
function requiredSharedRange(appDir, snapshot = readSnapshot()) {
  const major = parseVersion(snapshot.version)[0];
  let newest = `${major}.0.0`;
  for (const file of browserSources(appDir)) {
    for (const name of sharedImportsOf(file, fs.readFileSync(file, 'utf8'))) {
      const since = name === '*' ? snapshot.version : (snapshot.exports[name]?.since ?? snapshot.version);
      if (compareVersions(since, newest) > 0) newest = since;
    }
  }
  return `^${newest}`;
}

let contractNamesCache = null;
/** The names of the contract (`@gta/shared/contract`, src/contract.ts), read as currentSurface reads the package. */
function contractNames() {
  contractNamesCache ??= new Set(Object.keys(currentSurface(CONTRACT_ENTRY)));
  return contractNamesCache;
}

/** The newest `since` among the contract names `names` holds (`*`: all of them), or the contract's floor. */
function newestContractSince(names, snapshot) {
  const contract = contractNames();
  let newest = CONTRACT_FLOOR;
  for (const name of names) {
    if (name !== '*' && !contract.has(name)) continue;
    const since = name === '*' ? snapshot.version : (snapshot.exports[name]?.since ?? snapshot.version);
    if (compareVersions(since, newest) > 0) newest = since;
  }
  return newest;
}

/** Contract names the library itself uses (shared/src outside the contract's files): a part's own copy needs them too. */
function libraryContractNeed(snapshot) {
  const names = new Set();
  const src = path.join(sharedDir, 'src');
  for (const file of fs.readdirSync(src, { recursive: true }).map(String)) {
    if (!/\.tsx?$/.test(file) || /\.(test|server)\.tsx?$/.test(file) || /\.d\.ts$/.test(file)) continue;
    // the entry re-exports the contract (`export *`), which is no use of it
    if (
      path.join(src, file) === CONTRACT_ENTRY ||
      path.join(src, file) === ENTRY ||
      /^(firstScreen\/|ui\/(bus|runtimeConfig|remote|usePageMeta)\.)/.test(file.split(path.sep).join('/'))
    )
      continue;
    for (const name of sharedImportsOf(file, fs.readFileSync(path.join(src, file), 'utf8'), [SHARED_SPECIFIER, CONTRACT_SPECIFIER])) names.add(name);
  }
  return newestContractSince(names, snapshot);
}

/** The relative imports of a source file, resolved to files (.ts, .tsx, index). */
function relativeImportsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = path.resolve(path.dirname(file), match[1]);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
    const hit = candidates.find((candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (hit) found.push(hit);
  }
  return found;
}

/**
 * The contract version each exposed module of a remote needs (`{ ContactForm: '3.0.0', … }`): the newest `since`
 * among the contract names its import closure uses (through `@gta/shared` or `@gta/shared/contract`), and those the
 * library it may carry uses, at least the contract's first release. Per module, so one module needing a name the
 * page's contract lacks leaves the remote's other modules loading (issue 37).
 * @param {string} appDir @param {Record<string, string>} exposes `./Name` -> `./src/exposed/Name` @param {Snapshot} [snapshot]
 */
function contractNeedsOfModules(appDir, exposes, snapshot = readSnapshot()) {
  const library = libraryContractNeed(snapshot);
  /** @type {Record<string, string>} */
  const needs = {};
  for (const [key, request] of Object.entries(exposes)) {
    const base = path.resolve(appDir, request);
    const first = [`${base}.ts`, `${base}.tsx`, base].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    const seen = new Set();
    const queue = first ? [first] : [];
    const names = new Set();
    while (queue.length > 0) {
      const file = queue.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      for (const name of sharedImportsOf(file, fs.readFileSync(file, 'utf8'), [SHARED_SPECIFIER, CONTRACT_SPECIFIER])) names.add(name);
      queue.push(...relativeImportsOf(file));
    }
    const own = newestContractSince(names, snapshot);
    needs[key.replace(/^\.\//, '')] = compareVersions(own, library) > 0 ? own : library;
  }
  return needs;
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
  CONTRACT_FLOOR,
  contractNames,
  contractNeedsOfModules,
};
