// The server inlines the after-paint loader as the shared package's build writes it (shared/dist/afterPaintLoader.js):
// the tests build it first when it is missing or older than its source, as `npm run build -w @gta/shared` would.
const fs = require('fs');
const path = require('path');
const { buildAfterPaintLoader, AFTER_PAINT_LOADER_FILE } = require(
  path.join(path.dirname(require.resolve('@gta/shared/package.json')), 'build', 'afterPaintLoader.cjs'),
);

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

module.exports = async function buildLoaderIfStale() {
  const sources = path.resolve(path.dirname(AFTER_PAINT_LOADER_FILE), '../src/firstScreen');
  const newest = Math.max(
    ...fs
      .readdirSync(sources)
      .filter((f) => f.startsWith('afterPaintLoader'))
      .map((f) => mtime(path.join(sources, f))),
  );
  if (mtime(AFTER_PAINT_LOADER_FILE) >= newest) return;
  await buildAfterPaintLoader(path.dirname(AFTER_PAINT_LOADER_FILE));
};
