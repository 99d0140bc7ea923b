// mfe-admin: the 'admin' remote. Builds alone (npm run build -w mfe-admin); the shell finds it through /config.json.
const { createAppConfig, exposesOf } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'admin',
  dir: __dirname,
  port: 3005,
  title: 'Admin remote (stand-alone harness)',
  // the modules it exposes are declared once, in shared/src/core/exposedModules.json (each is src/exposed/<Name>)
  exposes: exposesOf('admin'),
});
