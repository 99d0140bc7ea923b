// The after-paint loader's build (shared/src/firstScreen/afterPaintLoader.ts): one minified ES5 script with no
// webpack runtime, which the server inlines in every app page and allows by the CSP hash of these bytes
// (server/src/site/afterFirstPaint.ts). Built with the shared package (`npm run build -w @gta/shared`) into
// dist/afterPaintLoader.js (beside the core build: dist-server is cleaned by its own build); the tests build it into a
// folder of their own.
const path = require('path');

const SOURCE = path.resolve(__dirname, '../src/firstScreen/afterPaintLoader.entry.ts');
const FILENAME = 'afterPaintLoader.js';
/** Where the shared package's build writes it, and where the server reads it. */
const BUILT_FILE = path.resolve(__dirname, '../dist', FILENAME);

/** @param {string} [outDir] */
function afterPaintLoaderConfig(outDir = path.dirname(BUILT_FILE)) {
  return {
    name: 'after-paint-loader',
    mode: 'production',
    target: ['web', 'es5'],
    devtool: false,
    entry: SOURCE,
    output: { path: outDir, filename: FILENAME, iife: true, clean: false },
    resolve: { extensions: ['.ts'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          use: {
            loader: 'ts-loader',
            options: {
              configFile: path.resolve(__dirname, '../tsconfig.json'),
              transpileOnly: true,
              compilerOptions: { target: 'es5', module: 'esnext', noEmit: false, sourceMap: false },
            },
          },
        },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** Builds the loader into `outDir` (for tests); resolves with the script's text. */
function buildAfterPaintLoader(outDir) {
  const webpack = require('webpack');
  const fs = require('fs');
  return new Promise((resolve, reject) => {
    webpack(afterPaintLoaderConfig(outDir), (error, stats) => {
      if (error) return reject(error);
      if (stats && stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(fs.readFileSync(path.join(outDir, FILENAME), 'utf8'));
    });
  });
}

module.exports = { afterPaintLoaderConfig, buildAfterPaintLoader, AFTER_PAINT_LOADER_SOURCE: SOURCE, AFTER_PAINT_LOADER_FILE: BUILT_FILE };

// `node afterPaintLoader.cjs <outDir>`: the build in a process of its own (jsdom tests cannot run webpack in theirs)
if (require.main === module) {
  buildAfterPaintLoader(path.resolve(process.argv[2] || path.dirname(BUILT_FILE))).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
