/**
 * @jest-environment node
 *
 * The shared package's semantic version (docs/shared-package.md): its runtime exports are those shared/exports.json
 * records for its version, a release bumps minor for additions and major for removals, and an app requires the
 * newest version that added a name it imports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';

interface ExportEntry {
  since: string;
  deprecated?: string;
}
interface Snapshot {
  version: string;
  previousRelease?: { version: string; commit: string };
  exports: Record<string, ExportEntry>;
}
type Surface = Record<string, { deprecated: boolean }>;
interface Diff {
  added: string[];
  removed: string[];
  deprecated: string[];
  undeprecated: string[];
  changed: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const surface = require('../build/exportSurface.cjs') as {
  readSnapshot(): Snapshot;
  formatSnapshot(snapshot: Snapshot): string;
  currentSurface(entry?: string): Surface;
  diffSurface(snapshot: Snapshot, surface: Surface): Diff;
  planRelease(
    snapshot: Snapshot,
    surface: Surface,
    options: { commit: string; allowUndeprecatedRemoval?: boolean },
  ): { kind: 'major' | 'minor' | 'none'; version: string; snapshot: Snapshot; diff: Diff };
  sharedImportsOf(fileName: string, text: string): Set<string>;
  requiredSharedRange(appDir: string, snapshot?: Snapshot): string;
  contractNeedsOfModules(appDir: string, exposes: Record<string, string>, snapshot?: Snapshot): Record<string, string>;
  contractNames(): Set<string>;
  satisfiesCaret(version: string, floor: string): boolean;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpackConfig = require('../build/webpack.cjs') as {
  sharedSingletons(appDir?: string, app?: { name?: string; production?: boolean }): Record<string, Record<string, unknown> | undefined>;
};

const repo = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(repo, file), 'utf8'));

describe('the version of @gta/shared', () => {
  it('describes its exports: a change to them without `npm run release -w @gta/shared` fails here', () => {
    const snapshot = surface.readSnapshot();
    const diff = surface.diffSurface(snapshot, surface.currentSurface());
    const lines = [
      diff.added.length > 0 && `added: ${diff.added.join(', ')}`,
      diff.removed.length > 0 && `removed: ${diff.removed.join(', ')}`,
      diff.deprecated.length > 0 && `newly deprecated: ${diff.deprecated.join(', ')}`,
      diff.undeprecated.length > 0 && `no longer deprecated: ${diff.undeprecated.join(', ')}`,
    ].filter(Boolean);
    if (diff.changed)
      throw new Error(
        `The runtime exports of @gta/shared (shared/src/index.ts) changed, but its version ${snapshot.version} did not (${lines.join('; ')}). ` +
          'Run `npm run release -w @gta/shared` and commit what it writes (docs/shared-package.md).',
      );
    expect(fs.readFileSync(path.join(repo, 'shared', 'exports.json'), 'utf8')).toBe(surface.formatSnapshot(snapshot));
  });

  it('is the same in shared/package.json, exports.json and package-lock.json, and every workspace depending on it accepts it', () => {
    const version = readJson('shared/package.json').version as string;
    expect(surface.readSnapshot().version).toBe(version);
    const lock = readJson('package-lock.json');
    expect(lock.packages.shared.version).toBe(version);
    const dependents: string[] = [];
    for (const workspace of readJson('package.json').workspaces as string[]) {
      const range = readJson(`${workspace}/package.json`).dependencies?.['@gta/shared'] as string | undefined;
      if (!range) continue;
      dependents.push(workspace);
      expect({ workspace, accepts: range.startsWith('^') && surface.satisfiesCaret(version, range.slice(1)) }).toEqual({ workspace, accepts: true });
      expect({ workspace, lock: lock.packages[workspace].dependencies['@gta/shared'] }).toEqual({ workspace, lock: range });
    }
    expect(dependents).toEqual(expect.arrayContaining(['shell', 'mfe-listings', 'mfe-content', 'mfe-forms', 'mfe-chat', 'mfe-admin', 'server']));
  });

  it('is shared as a singleton contract and a library each part may carry its own copy of', () => {
    const snapshot = surface.readSnapshot();
    const shares = webpackConfig.sharedSingletons(path.join(repo, 'mfe-forms'), { name: 'forms', production: true });
    // the library: the page's copy when it satisfies the part's range, else the part's own (federation's fallback)
    expect(shares['@gta/shared']).toEqual({
      shareKey: '@gta/shared/library',
      singleton: false,
      strictVersion: false,
      version: snapshot.version,
      requiredVersion: surface.requiredSharedRange(path.join(repo, 'mfe-forms')),
    });
    // the contract: one copy per page, any newer one satisfies; a production remote's own is only the bridge to a 2.x page
    expect(shares['@gta/shared/contract']).toMatchObject({ singleton: true, strictVersion: true, version: snapshot.version });
    expect(shares['@gta/shared/contract']?.requiredVersion).toMatch(/^>=3\.\d+\.\d+$/);
    expect(String(shares['@gta/shared/contract']?.import)).toMatch(/contractFrom2x\.js$/);
    expect(shares['@gta/shared/page-2x']).toMatchObject({ shareKey: '@gta/shared', singleton: true, import: false, requiredVersion: '^2.0.0' });
    // the shell provides the contract itself, and its package under `@gta/shared` 2.0.0 for the parts built with 2.x
    const shell = webpackConfig.sharedSingletons(path.join(repo, 'shell'), { name: 'shell', production: true });
    expect(shell['@gta/shared/contract']?.import).toBeUndefined();
    expect(shell['@gta/shared/for-2x-parts']).toMatchObject({ shareKey: '@gta/shared', singleton: true, version: '2.0.0' });
    expect(shell['@gta/shared/page-2x']).toBeUndefined();
  });
});

describe('a release (npm run release -w @gta/shared)', () => {
  const snapshot: Snapshot = {
    version: '1.4.0',
    previousRelease: { version: '1.3.0', commit: 'a'.repeat(40) },
    exports: { emit: { since: '1.1.0' }, theme: { since: '1.2.0' }, oldHelper: { since: '1.1.0', deprecated: '1.3.0' } },
  };
  const commit = 'b'.repeat(40);

  it('changes nothing when the exports are those recorded', () => {
    const plan = surface.planRelease(snapshot, { emit: { deprecated: false }, theme: { deprecated: false }, oldHelper: { deprecated: true } }, { commit });
    expect(plan.kind).toBe('none');
    expect(plan.snapshot).toBe(snapshot);
  });

  it('is a minor one for a new export, recorded with the version that adds it, and names the previous release', () => {
    const plan = surface.planRelease(
      snapshot,
      { emit: { deprecated: false }, theme: { deprecated: false }, oldHelper: { deprecated: true }, newHelper: { deprecated: false } },
      { commit },
    );
    expect(plan.kind).toBe('minor');
    expect(plan.snapshot).toEqual({
      version: '1.5.0',
      previousRelease: { version: '1.4.0', commit },
      exports: { emit: { since: '1.1.0' }, theme: { since: '1.2.0' }, oldHelper: { since: '1.1.0', deprecated: '1.3.0' }, newHelper: { since: '1.5.0' } },
    });
  });

  it('is a minor one for a deprecation (the export stays, marked with the version that deprecated it)', () => {
    const plan = surface.planRelease(snapshot, { emit: { deprecated: false }, theme: { deprecated: true }, oldHelper: { deprecated: true } }, { commit });
    expect(plan.kind).toBe('minor');
    expect(plan.snapshot.exports.theme).toEqual({ since: '1.2.0', deprecated: '1.5.0' });
  });

  it('is a major one for removing an export deprecated in an earlier release', () => {
    const plan = surface.planRelease(snapshot, { emit: { deprecated: false }, theme: { deprecated: false } }, { commit });
    expect(plan.kind).toBe('major');
    expect(plan.version).toBe('2.0.0');
    expect(Object.keys(plan.snapshot.exports)).toEqual(['emit', 'theme']);
  });

  it('refuses to remove an export no release deprecated, unless told to', () => {
    expect(() => surface.planRelease(snapshot, { emit: { deprecated: false }, oldHelper: { deprecated: true } }, { commit })).toThrow(
      /theme is removed without having been deprecated/,
    );
    expect(
      surface.planRelease(snapshot, { emit: { deprecated: false }, oldHelper: { deprecated: true } }, { commit, allowUndeprecatedRemoval: true }).version,
    ).toBe('2.0.0');
  });

  it('reads exports and their @deprecated tags from the sources, types left out', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-surface-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'a.ts'),
        'export const kept = 1;\n/** @deprecated use kept */\nexport const old = 2;\nexport interface OnlyAType { a: number }\nexport type Alias = string;\n',
      );
      fs.writeFileSync(
        path.join(dir, 'index.ts'),
        "export * from './a';\nexport function made(): number { return 1; }\nexport class Thing {}\nexport type { OnlyAType as Renamed } from './a';\n",
      );
      expect(surface.currentSurface(path.join(dir, 'index.ts'))).toEqual({
        Thing: { deprecated: false },
        kept: { deprecated: false },
        made: { deprecated: false },
        old: { deprecated: true },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the range of @gta/shared an app requires', () => {
  it('counts the names imported at run time from @gta/shared, not types, not @gta/shared/core', () => {
    const text = [
      "import { emit, theme as siteTheme, type SiteEvent } from '@gta/shared';",
      "import type { RuntimeConfig } from '@gta/shared';",
      "import { formatPrice } from '@gta/shared/core';",
      "export { Button } from '@gta/shared';",
      "export type { ButtonProps } from '@gta/shared';",
    ].join('\n');
    expect([...surface.sharedImportsOf('x.tsx', text)].sort()).toEqual(['Button', 'emit', 'theme']);
    expect([...surface.sharedImportsOf('y.ts', "import * as shared from '@gta/shared';")]).toEqual(['*']);
    expect([...surface.sharedImportsOf('z.ts', "const m = () => import('@gta/shared');")]).toEqual(['*']);
  });

  it('is ^ the newest `since` among them, at least the current major; a namespace import needs the current version', () => {
    const snapshot: Snapshot = { version: '2.3.0', exports: { emit: { since: '1.1.0' }, theme: { since: '2.2.0' }, made: { since: '2.3.0' } } };
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-app-'));
    try {
      fs.mkdirSync(path.join(app, 'src', 'exposed'), { recursive: true });
      // no name at all: the current major
      expect(surface.requiredSharedRange(app, snapshot)).toBe('^2.0.0');
      // only names 1.1.0 had: still the current major (a page of another major has no library this part can use; it
      // runs its own copy, federation's fallback)
      fs.writeFileSync(path.join(app, 'src', 'a.ts'), "import { emit } from '@gta/shared';\n");
      expect(surface.requiredSharedRange(app, snapshot)).toBe('^2.0.0');
      // as the browser's federation runtime reads it
      expect(satisfy('2.3.0', '^2.0.0')).toBe(true);
      expect(satisfy('3.0.0', '^2.0.0')).toBe(false);
      fs.writeFileSync(path.join(app, 'src', 'exposed', 'B.tsx'), "import { theme } from '@gta/shared';\n");
      // tests and Node-only files are not in the browser build
      fs.writeFileSync(path.join(app, 'src', 'exposed', 'B.test.tsx'), "import { made } from '@gta/shared';\n");
      fs.writeFileSync(path.join(app, 'src', 'render.server.tsx'), "import { made } from '@gta/shared';\n");
      expect(surface.requiredSharedRange(app, snapshot)).toBe('^2.2.0');
      fs.writeFileSync(path.join(app, 'src', 'c.ts'), "import * as shared from '@gta/shared';\n");
      expect(surface.requiredSharedRange(app, snapshot)).toBe('^2.3.0');
    } finally {
      fs.rmSync(app, { recursive: true, force: true });
    }
  });

  it('of the contract is per exposed module: the newest contract name its imports reach, so the other modules of a remote still load', () => {
    const real = surface.readSnapshot();
    expect(surface.contractNames()).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(surface.contractNames().has('emit')).toBe(true);
    expect(surface.contractNames().has('theme')).toBe(false); // the theme is library
    // as if `emit` had been added to the contract in 3.2.0
    const snapshot: Snapshot = { ...real, version: '3.2.0', exports: { ...real.exports, emit: { since: '3.2.0' } } };
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-app-'));
    try {
      fs.mkdirSync(path.join(app, 'src', 'exposed'), { recursive: true });
      fs.mkdirSync(path.join(app, 'src', 'lib'), { recursive: true });
      // Sends reaches `emit` through a helper of its own; Shows uses only library names
      fs.writeFileSync(path.join(app, 'src', 'lib', 'send.ts'), "import { emit } from '@gta/shared/contract';\nexport const send = () => emit;\n");
      fs.writeFileSync(path.join(app, 'src', 'exposed', 'Sends.tsx'), "import { send } from '../lib/send';\nexport default send;\n");
      fs.writeFileSync(path.join(app, 'src', 'exposed', 'Shows.tsx'), "import { theme } from '@gta/shared';\nexport default theme;\n");
      const needs = surface.contractNeedsOfModules(app, { './Sends': './src/exposed/Sends', './Shows': './src/exposed/Shows' }, snapshot);
      expect(needs).toEqual({ Sends: '3.2.0', Shows: '3.0.0' });
    } finally {
      fs.rmSync(app, { recursive: true, force: true });
    }
  });
});
