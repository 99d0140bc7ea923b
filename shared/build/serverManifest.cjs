// A remote's Node build, published inside its browser build: `dist/server/exposes.<hash>.js` and
// `dist/mf-server.json` ({ remote, entry, integrity, browserManifest: the browser build's mf-manifest.<hash>.json }), so a remote deployed on its own host or CDN ships both in one
// folder and the site's servers fetch, verify and load it from there (server/src/site/remoteServerBuilds.ts).
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const SERVER_MANIFEST = 'mf-server.json';

class PublishServerBuildPlugin {
  /** @param {{ remote: string, dist: string }} options the remote's name and its browser build's folder */
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PublishServerBuildPlugin', (compilation) => {
      if (!compilation.getAsset('exposes.js')) return;
      // after emit the asset's source is gone from memory: read the file written
      const bytes = fs.readFileSync(path.join(compiler.outputPath, 'exposes.js'));
      const digest = crypto.createHash('sha256').update(bytes).digest();
      const entry = `server/exposes.${digest.toString('hex').slice(0, 10)}.js`;
      const dir = path.join(this.options.dist, 'server');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(this.options.dist, entry), bytes);
      // older server builds go: a server keeps the one it loaded in memory
      for (const old of fs.readdirSync(dir)) if (`server/${old}` !== entry) fs.rmSync(path.join(dir, old), { force: true });
      // the browser build of the same run (VersionedEntryPlugin in webpack.cjs; the browser build runs first)
      let browserManifest;
      try {
        browserManifest = JSON.parse(fs.readFileSync(path.join(this.options.dist, 'mf-build.json'), 'utf8')).manifest;
      } catch {
        browserManifest = undefined;
      }
      const manifest = {
        remote: this.options.remote,
        entry,
        integrity: `sha256-${digest.toString('base64')}`,
        ...(browserManifest ? { browserManifest } : {}),
      };
      fs.writeFileSync(path.join(this.options.dist, SERVER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    });
  }
}

/** Files of dist the browser build's clean must leave: the published server build. */
function isPublishedServerBuild(name) {
  return name === SERVER_MANIFEST || name.startsWith('server/');
}

module.exports = { PublishServerBuildPlugin, isPublishedServerBuild, SERVER_MANIFEST };
