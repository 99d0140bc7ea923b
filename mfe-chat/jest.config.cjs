const path = require('path');
const base = require('@gta/shared/jest').createJestConfig(__dirname);
// marked ships only an ES module build: tests use its UMD build (same code)
module.exports = {
  ...base,
  moduleNameMapper: { '^marked$': path.join(path.dirname(require.resolve('marked/package.json')), 'lib/marked.umd.js'), ...base.moduleNameMapper },
};
