// mfe-content: the 'content' remote. Builds alone (npm run build -w mfe-content); the shell finds it through /config.json.
const { createAppConfig, exposesOf } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'content',
  dir: __dirname,
  port: 3002,
  title: 'Content remote (stand-alone harness)',
  // the modules it exposes are declared once, in shared/src/core/exposedModules.json (each is src/exposed/<Name>)
  exposes: exposesOf('content'),
});
