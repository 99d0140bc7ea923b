// The shell (host): navigation, footer, routes, layout. No remote URL is compiled in: it reads /config.json.
const { createAppConfig } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  title: 'Meridian Estates Group · Luxury Real Estate in the Greater Toronto Area',
});
