// Builds the drift test's two other releases (e2e/previousRelease.mjs) ahead of the test, at the lowest CPU priority:
// run.mjs starts it beside the first test files, so the ~100 s of webpack work (on a clean CI machine, where the cache
// is empty) uses the CPU those browser tests leave idle instead of adding to the run. When done it writes the file
// named by its argument ("ok", or the error); drift.test.mjs waits for that file, then finds both builds cached.
import { writeFileSync } from 'node:fs';
import { buildAheadRemote, buildPreviousRelease, previousRelease } from './previousRelease.mjs';

const done = process.argv[2];
const started = Date.now();
const log = (line) => console.log(`drift prebuild: ${line}`);
try {
  await buildPreviousRelease(previousRelease().commit, log);
  await buildAheadRemote(log);
  writeFileSync(done, `ok in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
} catch (error) {
  writeFileSync(done, `failed: ${error.message}\n`);
}
