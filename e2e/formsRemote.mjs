// The forms remote deployed on its own origin, for the tests of remotes served from elsewhere
// (remote-origin.test.mjs, remote-stopped.test.mjs): a browser, the remote's built dist/ on a static server with
// CORS on another loopback port (a CDN), and the site started with REMOTE_FORMS_URL pointing at it.
import { after, before } from 'node:test';
import { join } from 'node:path';
import { launchBrowser } from './lib.mjs';
import { repoRoot, startServer } from './server.mjs';
import { startStaticServer } from './staticServer.mjs';

/**
 * Registers the suite's before and after hooks (call it inside a describe) and returns the object they fill:
 * `browser`, `cdn` (the static server: origin, requests, close) and `site` (baseUrl, stop), set once before has run.
 */
export function formsRemoteElsewhere() {
  const setup = { browser: undefined, cdn: undefined, site: undefined };
  before(async () => {
    setup.browser = await launchBrowser();
    setup.cdn = await startStaticServer(join(repoRoot, 'mfe-forms', 'dist'));
    setup.site = await startServer({ env: { REMOTE_FORMS_URL: `${setup.cdn.origin}/mf-manifest.json` } });
  });
  after(async () => {
    setup.site?.stop();
    await setup.cdn?.close();
    await setup.browser?.close();
  });
  return setup;
}
