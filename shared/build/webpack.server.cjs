// The shared package's Node build (dist-server/index.js, `@gta/shared/server`): the one copy of shared that the
// shell's and the remotes' Node builds use when the server renders a first screen, as the browser shares one copy.
const path = require('path');
const { createServerRenderConfig } = require('./webpack.cjs');

module.exports = createServerRenderConfig({ name: 'shared', dir: path.resolve(__dirname, '..') });
