/**
 * @jest-environment node
 *
 * The build scripts (shared/build/webpack.cjs), issue 26: builds leave nothing in /tmp, and the same sources build the
 * same bytes whatever folder the checkout is in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('../build/webpack.cjs') as {
  StableFederationEntryIdPlugin: new () => webpack.WebpackPluginInstance;
  BuildHistoryPlugin: new (options: Retention, now?: () => number) => webpack.WebpackPluginInstance;
  keepPreviousBuilds(dir: string, options: Retention, now?: () => number): (asset: string) => boolean;
  createServerRenderConfig(app: { name: string; dir: string; exposes: Record<string, string> }): webpack.Configuration;
};

interface Retention {
  builds: number;
  days: number;
}

/** A production build with hashed chunks, cleaning dist as the site's builds do (keepPreviousBuilds + BuildHistoryPlugin). */
function buildWithRetention(root: string, options: Retention, now: () => number): Promise<string[]> {
  const dist = path.join(root, 'dist');
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: root,
        entry: './src/index.js',
        output: { path: dist, filename: 'main.js', chunkFilename: '[name].[contenthash:10].js', clean: { keep: build.keepPreviousBuilds(dist, options, now) } },
        plugins: [new build.BuildHistoryPlugin(options, now)],
      },
      (error, stats) => {
        if (error || !stats || stats.hasErrors()) return reject(error ?? new Error(stats?.toString()));
        resolve(fs.readdirSync(dist).filter((f) => /\.[0-9a-f]{10}\.js$/.test(f)));
      },
    );
  });
}

/** A checkout as Module Federation leaves it: its runtime entry named by a hash of absolute paths. */
function checkout(root: string): string {
  fs.mkdirSync(path.join(root, 'node_modules', '.federation'), { recursive: true });
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  const hash = Buffer.from(root).toString('hex').slice(-32).padStart(32, '0');
  fs.writeFileSync(path.join(root, 'node_modules', '.federation', `entry.${hash}.js`), `export const runtime = ${JSON.stringify('federation')};\n`);
  fs.writeFileSync(
    path.join(root, 'src', 'index.js'),
    `import { runtime } from '../node_modules/.federation/entry.${hash}.js';\nconsole.log(runtime, import('./lazy.js'));\n`,
  );
  fs.writeFileSync(path.join(root, 'src', 'lazy.js'), `export default 1;\n`);
  return root;
}

function compile(root: string, plugins: webpack.WebpackPluginInstance[]): Promise<string> {
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: root,
        entry: './src/index.js',
        output: { path: path.join(root, 'dist'), filename: 'main.js' },
        optimization: { moduleIds: 'deterministic', concatenateModules: false },
        plugins,
      },
      (error, stats) => {
        if (error || !stats || stats.hasErrors()) return reject(error ?? new Error(stats?.toString()));
        resolve(fs.readFileSync(path.join(root, 'dist', 'main.js'), 'utf8'));
      },
    );
  });
}

describe('build scripts', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
  const tmp = (name: string) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), name));
    roots.push(root);
    return checkout(root);
  };

  it("main.js does not depend on the checkout's folder: the federation entry's module id is fixed", async () => {
    const [a, b] = [tmp('repro-a-'), tmp('repro-somewhere-else-b-')];
    const plugin = () => new build.StableFederationEntryIdPlugin();
    expect(await compile(a, [plugin()])).toBe(await compile(b, [plugin()]));
    // without it, the hashed name gives another id (what made the shell's main.js differ between folders)
    expect(await compile(a, [])).not.toBe(await compile(b, []));
  }, 30_000);

  it('the server build of a remote writes its entry inside the repository, never a /tmp/gta-*-server-entry-<pid>.js', () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((f) => /^gta-.*-server-entry/.test(f)));
    const dir = tmp('remote-');
    const config = build.createServerRenderConfig({ name: 'reprotest', dir, exposes: { './Page': './src/index.js' } });
    const entry = (config.entry as Record<string, string>).exposes!;
    try {
      // (the checkout itself may sit under /tmp, as a CI clone does: what matters is that it is not a loose temp file)
      expect(path.dirname(entry)).not.toBe(os.tmpdir());
      expect(entry).toMatch(/node_modules[\\/]\.cache[\\/]/);
      expect(entry).not.toMatch(String(process.pid));
      expect(fs.existsSync(entry)).toBe(true);
      const after = fs.readdirSync(os.tmpdir()).filter((f) => /^gta-.*-server-entry/.test(f) && !before.has(f));
      expect(after).toEqual([]);
    } finally {
      fs.rmSync(entry, { force: true });
    }
  });

  it("a build keeps the previous builds' hashed chunks for open tabs, within the retention (builds and days)", async () => {
    const root = tmp('retention-');
    let clock = Date.UTC(2026, 10, 1);
    const now = () => clock;
    const options = { builds: 3, days: 14 };
    const release = async (n: number) => {
      fs.writeFileSync(path.join(root, 'src', 'lazy.js'), `export default ${n};\n`);
      clock += 86_400_000;
      return buildWithRetention(root, options, now);
    };
    const first = await release(1);
    expect(first).toHaveLength(1);
    const second = await release(2);
    // the first build's chunk is still there beside the new one: a tab built against it finds it
    expect(second).toEqual(expect.arrayContaining(first));
    expect(second).toHaveLength(2);
    const third = await release(3);
    expect(third).toHaveLength(3);
    // three builds kept (this one and two before): the first one's chunk goes with the fourth
    const fourth = await release(4);
    expect(fourth).toHaveLength(3);
    expect(fourth).not.toContain(first[0]);
    // and a build older than the days of retention goes whatever the count
    clock += 30 * 86_400_000;
    const later = await release(5);
    expect(later).toHaveLength(1);
    const history = JSON.parse(fs.readFileSync(path.join(root, 'dist', '.builds.json'), 'utf8')) as { files: string[] }[];
    expect(history[0]?.files).toEqual(later);
  }, 60_000);
});

describe('the entries of @gta/shared that each part bundles (build/bundledEntries.cjs)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entries = require('../build/bundledEntries.cjs') as Record<string, string>;
  const sharedDir = path.resolve(__dirname, '..');
  const repo = path.resolve(sharedDir, '..');

  it('are what the package exports, the paths TypeScript resolves and the aliases webpack and jest use', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const tsconfig = JSON.parse(fs.readFileSync(path.join(repo, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createJestConfig } = require('../build/jest-preset.cjs') as { createJestConfig(dir: string): { moduleNameMapper: Record<string, string> } };
    const jestMap = createJestConfig(sharedDir).moduleNameMapper;
    const config = build.createServerRenderConfig({ name: 'content', dir: path.join(repo, 'mfe-content'), exposes: {} });
    const aliases = (config.resolve?.alias ?? {}) as Record<string, string>;
    expect(Object.keys(entries).length).toBeGreaterThan(0);
    for (const [specifier, file] of Object.entries(entries)) {
      const absolute = path.join(sharedDir, file);
      expect(fs.existsSync(absolute)).toBe(true);
      expect(pkg.exports[`./${specifier.slice('@gta/shared/'.length)}`]).toBe(`./${file}`);
      expect(tsconfig.compilerOptions.paths[specifier]).toEqual([`./shared/${file}`]);
      expect(jestMap[`^${specifier}$`]).toBe(absolute);
      expect(aliases[`${specifier}$`]).toBe(absolute);
    }
  });

  it('are not in the federated package, which the page loads whole', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const surface = require('../build/exportSurface.cjs') as {
      currentSurface(entry?: string): Record<string, unknown>;
      readSnapshot(): { exports: Record<string, unknown> };
    };
    // the snapshot is the federated package's surface (exportSurface.test.ts fails when they differ)
    const federated = surface.readSnapshot().exports;
    for (const file of Object.values(entries)) {
      const names = Object.keys(surface.currentSurface(path.join(sharedDir, file)));
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => name in federated)).toEqual([]);
    }
  }, 60_000);
});
