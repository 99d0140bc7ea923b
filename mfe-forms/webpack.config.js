// mfe-forms: the 'forms' remote. Builds alone (npm run build -w mfe-forms); the shell finds it through /config.json.
const { createAppConfig, exposesOf } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'forms',
  dir: __dirname,
  port: 3003,
  title: 'Forms remote (stand-alone harness)',
  // the modules it exposes are declared once, in shared/src/core/exposedModules.json (each is src/exposed/<Name>)
  exposes: exposesOf('forms'),
});
