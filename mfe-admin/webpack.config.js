// mfe-admin: the 'admin' remote. Builds alone (npm run build -w mfe-admin); the shell finds it through /config.json.
const { createAppConfig } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'admin',
  dir: __dirname,
  port: 3005,
  title: 'Admin remote (stand-alone harness)',
  exposes: {
    "./AdminPage": "./src/exposed/AdminPage"
  },
});
