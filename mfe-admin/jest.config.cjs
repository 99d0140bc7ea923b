const base = require('@gta/shared/jest').createJestConfig(__dirname);

// window.fetch is a jest mock installed before any module loads: airtable.js binds window.fetch when it is first
// imported, so tests drive the real airtable.js (paging, error mapping) through this one edge.
module.exports = { ...base, setupFiles: [...(base.setupFiles ?? []), '<rootDir>/src/test/fetchEdge.cjs'] };
