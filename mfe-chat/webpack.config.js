// mfe-chat: the 'chat' remote. Builds alone (npm run build -w mfe-chat); the shell finds it through /config.json.
const { createAppConfig } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'chat',
  dir: __dirname,
  port: 3004,
  title: 'Chat remote (stand-alone harness)',
  exposes: {
    "./createChat": "./src/exposed/createChat"
  },
});
