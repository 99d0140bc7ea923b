// mfe-listings: the 'listings' remote. Builds alone (npm run build -w mfe-listings); the shell finds it through /config.json.
const { createAppConfig } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'listings',
  dir: __dirname,
  port: 3001,
  title: 'Listings remote (stand-alone harness)',
  exposes: {
    "./FeaturedProperties": "./src/exposed/FeaturedProperties",
    "./ActiveListingsPage": "./src/exposed/ActiveListingsPage",
    "./FeaturedListingsPage": "./src/exposed/FeaturedListingsPage",
    "./PropertyPage": "./src/exposed/PropertyPage",
    "./CityListingsPage": "./src/exposed/CityListingsPage"
  },
});
