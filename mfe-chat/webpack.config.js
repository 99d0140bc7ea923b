// mfe-chat: the 'chat' remote. Builds alone (npm run build -w mfe-chat); the shell finds it through /config.json.
const { createAppConfig, exposesOf } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'chat',
  dir: __dirname,
  port: 3004,
  title: 'Chat remote (stand-alone harness)',
  // the modules it exposes are declared once, in shared/src/core/exposedModules.json (each is src/exposed/<Name>)
  exposes: exposesOf('chat'),
});
