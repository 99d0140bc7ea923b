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
  createServerRenderConfig(app: { name: string; dir: string; exposes: Record<string, string> }): webpack.Configuration;
};

/** A checkout as Module Federation leaves it: its runtime entry named by a hash of absolute paths. */
function checkout(root: string): string {
  fs.mkdirSync(path.join(root, 'node_modules', '.federation'), { recursive: true });
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  const hash = Buffer.from(root).toString('hex').slice(-32).padStart(32, '0');
  fs.writeFileSync(path.join(root, 'node_modules', '.federation', `entry.${hash}.js`), `export const runtime = ${JSON.stringify('federation')};\n`);
  fs.writeFileSync(path.join(root, 'src', 'index.js'), `import { runtime } from '../node_modules/.federation/entry.${hash}.js';\nconsole.log(runtime, import('./lazy.js'));\n`);
  fs.writeFileSync(path.join(root, 'src', 'lazy.js'), `export default 1;\n`);
  return root;
}

function compile(root: string, plugins: webpack.WebpackPluginInstance[]): Promise<string> {
  return new Promise((resolve, reject) => {
    webpack(
      { mode: 'production', context: root, entry: './src/index.js', output: { path: path.join(root, 'dist'), filename: 'main.js' }, optimization: { moduleIds: 'deterministic', concatenateModules: false }, plugins },
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
});
