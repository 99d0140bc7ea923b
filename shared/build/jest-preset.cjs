// One jest setup for every package: ts-jest (transpile only; `tsc --noEmit` type-checks in each package's
// test script), jsdom for React components, @gta/shared mapped to its source so no build is needed first.
const path = require('path');
const sharedSrc = path.resolve(__dirname, '../src');

/** @param {string} packageDir @param {{ environment?: 'jsdom' | 'node' }} [options] */
function createJestConfig(packageDir, options = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: options.environment ?? 'jsdom',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.tsx?$': [
        'ts-jest',
        {
          tsconfig: path.join(packageDir, 'tsconfig.json'),
          // type-checking happens in `tsc --noEmit`; here we only strip types, which keeps tests fast on 2 cores
          isolatedModules: true,
          diagnostics: false,
        },
      ],
    },
    moduleNameMapper: {
      '^@gta/shared$': path.join(sharedSrc, 'index.ts'),
      '^@gta/shared/core$': path.join(sharedSrc, 'core/index.ts'),
      ...Object.fromEntries(
        Object.entries(require('./bundledEntries.cjs')).map(([specifier, file]) => [`^${specifier}$`, path.resolve(__dirname, '..', file)]),
      ),
      '\\.(png|jpe?g|gif|webp|avif|svg|woff2?)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    setupFilesAfterEnv: options.environment === 'node' ? [] : [path.join(__dirname, 'jest-setup.cjs')],
    clearMocks: true,
  };
}
module.exports = { createJestConfig };
