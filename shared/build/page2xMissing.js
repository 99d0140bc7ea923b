// Resolution only (shared/build/webpack.cjs): `@gta/shared/page-2x` is a federated module with no copy of its own
// (import: false), which the federation runtime hands over from a 2.x shell. A build step that resolves the name
// outside federation (the HTML page's child compilation) finds this instead; it is never part of a page.
throw new Error('@gta/shared/page-2x is provided by a 2.x shell only');
