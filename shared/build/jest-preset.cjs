// One jest setup for every package: ts-jest (transpile only; `tsc --noEmit` type-checks in each package's
// test script), jsdom for React components, @gta/shared mapped to its source so no build is needed first.
const path = require('path');
const sharedSrc = path.resolve(__dirname, '../src');

// A test's time limit fits the CI machine: 2 cores shared with other jobs, where a jsdom render of a page with 40
// cards and its awaited queries took over jest's default 5 s (mfe-listings, ActiveListingsPage). A package may ask
// for more (testTimeout); a hung test still fails, a few seconds later.
const DEFAULT_TEST_TIMEOUT_MS = 20_000;

/** @param {string} packageDir @param {{ environment?: 'jsdom' | 'node', testTimeout?: number }} [options] */
function createJestConfig(packageDir, options = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: options.environment ?? 'jsdom',
    testTimeout: options.testTimeout ?? DEFAULT_TEST_TIMEOUT_MS,
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
      '^@gta/shared/contract$': path.join(sharedSrc, 'contract.ts'),
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
