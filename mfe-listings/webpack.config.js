// mfe-listings: the 'listings' remote. Builds alone (npm run build -w mfe-listings); the shell finds it through /config.json.
const { createAppConfig, exposesOf } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'listings',
  dir: __dirname,
  port: 3001,
  title: 'Listings remote (stand-alone harness)',
  // the modules it exposes are declared once, in shared/src/core/exposedModules.json (each is src/exposed/<Name>)
  exposes: exposesOf('listings'),
});
