/** Suites that compare timings measured in the same run (src/http/attack.test.ts: the home page's p95 under attack). */
const ALONE = ['/src/http/attack\\.test\\.ts$'];

module.exports = {
  ...require('@gta/shared/jest').createJestConfig(__dirname, { environment: 'node' }),
  // the after-paint loader the pages inline is a build of the shared package (jest.globalSetup.cjs)
  globalSetup: '<rootDir>/jest.globalSetup.cjs',
  // Most suites wait on sockets, timers and throw-away PostgreSQL clusters, not the CPU: two workers on the 2-core CI
  // machine instead of jest's default (cores - 1 = one, in band). The suites that time the server against itself
  // (ALONE) run afterwards by themselves: `npm test` leaves them out of the parallel run (GTA_JEST_SKIP_ALONE=1) and
  // runs them in a second jest call, so no other suite's load skews them.
  maxWorkers: 2,
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.GTA_JEST_SKIP_ALONE === '1' ? ALONE : [])],
};
