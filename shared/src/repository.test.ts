/**
 * Guard-rails for the whole repository: no two source files whose paths differ only by case (on macOS and Windows
 * `./navigation` would resolve to either `navigation.ts` or `Navigation.tsx`).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'dist-server', 'data', 'coverage', '.git', '.cache']);
const SOURCE = /\.(tsx?|mjs|cjs|js|json|md|css)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.ci') continue;
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(entry.name)) out.push(path.relative(ROOT, full));
  }
  return out;
}

describe('repository', () => {
  it('has no two modules whose import paths differ only by case', () => {
    const byKey = new Map<string, string[]>();
    for (const file of sourceFiles(ROOT)) {
      // an import names a module without its extension: navigation.ts and Navigation.tsx collide
      const key = file.replace(/\.(tsx?|mjs|cjs|js)$/, '').toLowerCase();
      byKey.set(key, [...(byKey.get(key) ?? []), file]);
    }
    const collisions = [...byKey.values()].filter((files) => files.length > 1 && new Set(files.map((f) => f.replace(/\.(tsx?|mjs|cjs|js)$/, ''))).size > 1);
    expect(collisions).toEqual([]);
  });
});

describe('exposed modules', () => {
  it('each declared module is a file in its remote’s src/exposed, and each file there is declared', async () => {
    const { EXPOSED_MODULES } = await import('./core/modules');
    for (const [remote, modules] of Object.entries(EXPOSED_MODULES)) {
      const dir = path.join(ROOT, `mfe-${remote}`, 'src', 'exposed');
      const files = fs
        .readdirSync(dir)
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        .map((f) => f.replace(/\.tsx?$/, ''))
        .sort();
      expect({ remote, files }).toEqual({ remote, files: Object.keys(modules).sort() });
    }
  });
});
