// A remote on another origin redeployed while pages load (issue 37, item 3): the server renders each page with the
// Node build it has and names in the page the browser build made with it (mf-server.json's browserManifest, the
// first screen's `remotes`), and the browser loads that build: no hydration mismatch, whichever build the remote's
// fixed manifest holds a moment later. Two deployments of the forms remote are made from its dist (the second with
// the contact form's button reading "Send Now", in its Node build and in its browser chunks alike), and the served
// folder flips to the other one each time the server has read mf-server.json, while /contact-us loads 20 times: the
// server's checks (at most every 1 s) alternate between the builds, and every page rendered between two checks is
// loaded while the remote's fixed manifest already holds the other build. (A flip every 600 ms instead made the test
// depend on luck: when the pages came every ~400 ms the server checked every 1.2 s, in step with the flips, and
// every check could find the same build.)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, newPage } from '../lib.mjs';
import { repoRoot, startServer } from '../server.mjs';
import { startStaticServer } from '../staticServer.mjs';

const sha = (bytes) => crypto.createHash('sha256').update(bytes);
const hex10 = (bytes) => sha(bytes).digest('hex').slice(0, 10);

/** dist copied to `a`, and to `b` with `from` replaced by `to` in its Node build and its browser chunks (renamed). */
function twoDeployments(dist, root, from, to) {
  const a = join(root, 'a');
  const b = join(root, 'b');
  cpSync(dist, a, { recursive: true });
  cpSync(dist, b, { recursive: true });
  const server = JSON.parse(readFileSync(join(b, 'mf-server.json'), 'utf8'));
  const serverBuild = readFileSync(join(b, server.entry), 'utf8');
  assert.ok(serverBuild.includes(from), `the forms Node build contains ${from}`);
  const newServer = serverBuild.replaceAll(from, to);
  server.entry = `server/exposes.${hex10(newServer)}.js`;
  server.integrity = `sha256-${sha(newServer).digest('base64')}`;
  writeFileSync(join(b, server.entry), newServer);
  let entry = readFileSync(join(b, 'remoteEntry.js'), 'utf8');
  let manifest = readFileSync(join(b, 'mf-manifest.json'), 'utf8');
  const added = [];
  for (const file of readdirSync(b)) {
    const match = /\.([0-9a-f]{10})\.js$/.exec(file);
    if (!match || file.startsWith('remoteEntry.')) continue;
    const text = readFileSync(join(b, file), 'utf8');
    if (!text.includes(from)) continue;
    const newHash = hex10(text.replaceAll(from, to));
    const renamed = file.replace(match[1], newHash);
    writeFileSync(join(b, renamed), text.replaceAll(from, to));
    added.push(renamed);
    entry = entry.replaceAll(match[1], newHash);
    manifest = manifest.replaceAll(match[1], newHash);
  }
  assert.ok(added.length > 0, `a browser chunk of forms contains ${from}`);
  const entryName = `remoteEntry.${hex10(entry)}.js`;
  writeFileSync(join(b, 'remoteEntry.js'), entry);
  writeFileSync(join(b, entryName), entry);
  const json = JSON.parse(manifest);
  writeFileSync(join(b, 'mf-manifest.json'), manifest);
  json.metaData.remoteEntry.name = entryName;
  const versioned = JSON.stringify(json, null, 2);
  const manifestName = `mf-manifest.${hex10(versioned)}.json`;
  writeFileSync(join(b, manifestName), versioned);
  server.browserManifest = manifestName;
  writeFileSync(join(b, 'mf-server.json'), JSON.stringify(server));
  // the hashed files of each deployment stay in the other (a deploy keeps its predecessors' files)
  for (const file of [...added, entryName, manifestName, server.entry]) cpSync(join(b, file), join(a, file));
  return { a, b };
}

describe('a remote on another origin redeployed while pages load', () => {
  let browser;
  let cdn;
  let site;
  let root;
  let link;
  before(async () => {
    browser = await launchBrowser();
    root = mkdtempSync(join(tmpdir(), 'gta-redeploy-'));
    const { a, b } = twoDeployments(join(repoRoot, 'mfe-forms', 'dist'), root, 'Send Message', 'Send Now');
    link = join(root, 'current');
    symlinkSync(a, link);
    let onB = false;
    const flip = () => {
      onB = !onB;
      const next = join(root, `next-${onB ? 'b' : 'a'}`);
      symlinkSync(onB ? b : a, next);
      renameSync(next, link); // atomic: a request sees one deployment or the other
    };
    // the deployment changes right after the server read which one is there (mf-server.json is read by the server only)
    cdn = await startStaticServer(link, { onServed: (pathname) => pathname === '/mf-server.json' && flip() });
    site = await startServer({ env: { REMOTE_FORMS_URL: `${cdn.origin}/mf-manifest.json` } });
  });
  after(async () => {
    site?.stop();
    await cdn?.close();
    await browser?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('20 loads of /contact-us: no hydration warning, and the button the server rendered is the one hydrated', { timeout: 180_000 }, async (t) => {
    const page = await newPage(browser);
    const seen = new Set();
    const problems = [];
    for (let load = 0; load < 20; load += 1) {
      page.consoleErrors.length = 0;
      const warnings = [];
      const onConsole = (msg) => {
        if (/drawn again|#418|#423|#425|hydrat/i.test(msg.text())) warnings.push(msg.text().split('\n')[0]);
      };
      page.on('console', onConsole);
      const response = await page.goto(`${site.baseUrl}/contact-us`);
      const html = await response.text();
      const rendered = /Send (Message|Now)/.exec(html)?.[0];
      await page.locator('[data-testid="contact-form"] button[type="submit"]').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300); // hydration settles
      const shown = (await page.locator('[data-testid="contact-form"] button[type="submit"]').textContent())?.trim();
      page.off('console', onConsole);
      seen.add(rendered);
      const errors = [...warnings, ...page.consoleErrors.filter((e) => /#418|#423|#425|hydrat/i.test(e))];
      if (errors.length > 0) problems.push(`load ${load + 1}: ${errors.join(' | ')}`);
      if (!rendered || !shown?.includes(rendered)) problems.push(`load ${load + 1}: the server rendered "${rendered}", the page shows "${shown}"`);
    }
    t.diagnostic(`builds rendered: ${[...seen].join(', ')}`);
    if (seen.size < 2)
      t.diagnostic(
        site
          .log()
          .split('\n')
          .filter((l) => /first screen/.test(l))
          .slice(-8)
          .join('\n'),
      );
    assert.deepEqual(problems, []);
    assert.equal(seen.size, 2, 'both deployments were rendered during the loads');
    await page.context().close();
  });
});
