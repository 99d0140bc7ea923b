// Development only: the page's one react-refresh runtime (devRefresh.cjs says why), shared by the shell's bundle and
// every remote's bundle in the page. Each build gets this module as `reactRefreshRuntime.cjs?<app>` in place of
// react-refresh/runtime; the first to run creates the runtime, the others take it. Registrations are prefixed with
// the app's name, as module ids are only unique within one build.
/* global __resourceQuery */
const KEY = '__GTA_REACT_REFRESH_RUNTIME__';
const runtime = globalThis[KEY] || (globalThis[KEY] = require('react-refresh/runtime'));
const app = __resourceQuery.replace(/^\?/, '') || 'app';

module.exports = Object.assign({}, runtime, {
  register(type, id) {
    return runtime.register(type, `${app} ${id}`);
  },
  getFamilyByID(id) {
    return runtime.getFamilyByID(`${app} ${id}`);
  },
});
