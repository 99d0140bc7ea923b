// What the frame of the site does when a remote's files change under it (issue 2): a remote whose build is gone
// degrades only its region, and rebuilding one remote shows on the next page load with the shell untouched. Both
// change the built folders every other test reads, so run.mjs runs this file alone, after the others.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, renameSync, existsSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, launchBrowser, newPage, pageHeading } from '../lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('a remote that is down degrades only its region; navigation, footer and other remotes keep working', async () => {
  const dist = join(root, 'mfe-listings', 'dist');
  const aside = `${dist}.down`;
  renameSync(dist, aside); // the server stops serving the listings remote
  try {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    // the featured listings, just below the hero, load once the visitor scrolls towards them
    await page.mouse.wheel(0, 400);
    await page.waitForSelector('[data-testid="remote-error"]', { timeout: 20_000 });
    assert.match(await page.locator('[data-testid="remote-error"]').first().textContent(), /couldn't load the featured properties/);
    await page.waitForSelector('#call-to-action', { timeout: 20_000 }); // content + forms still render
    assert.ok(await page.locator('[data-testid="site-footer"]').isVisible());
    await page.goto(`${baseUrl}/our-offices`);
    await pageHeading(page);
    await page.goto(`${baseUrl}/active-listings`);
    await page.waitForSelector('[data-testid="remote-error"] >> role=button[name="Try again"]', { timeout: 20_000 });
    renameSync(aside, dist); // the remote is back: the retry button recovers without a reload
    await page.click('[data-testid="remote-error"] >> role=button[name="Try again"]');
    await pageHeading(page);
    // the page's hero can draw a moment before the rest of it replaces the message
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="remote-error"]').length === 0, undefined, { timeout: 10_000 });
    await page.context().close();
  } finally {
    if (existsSync(aside)) renameSync(aside, dist);
  }
});

function hashTree(dir) {
  const hash = createHash('sha256');
  for (const name of readdirSync(dir, { recursive: true }).sort()) {
    const file = join(dir, String(name));
    try {
      hash.update(String(name)).update(readFileSync(file));
    } catch {
      /* a folder */
    }
  }
  return hash.digest('hex');
}

test('rebuilding one remote shows its change on the next page load, with the shell untouched', { timeout: 240_000 }, async () => {
  const source = join(root, 'mfe-content', 'src', 'exposed', 'PrivacyPolicyPage.tsx');
  const original = readFileSync(source, 'utf8');
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/privacy-policy`);
  const before = await pageHeading(page);
  assert.ok(original.includes(before), `the heading "${before}" is written in ${source}`);
  const marker = `${before} ${Date.now().toString(36)}`;
  const shellBefore = hashTree(join(root, 'shell', 'dist'));
  try {
    writeFileSync(source, original.replaceAll(before, marker));
    execFileSync('npm', ['run', 'build', '-w', 'mfe-content'], { cwd: root, stdio: 'pipe' });
    await page.goto(`${baseUrl}/privacy-policy`);
    assert.equal(await pageHeading(page), marker, 'the new build is live on the next load');
    assert.equal(hashTree(join(root, 'shell', 'dist')), shellBefore, 'the shell was not rebuilt');
  } finally {
    writeFileSync(source, original);
    execFileSync('npm', ['run', 'build', '-w', 'mfe-content'], { cwd: root, stdio: 'pipe' });
    await page.context().close();
  }
});
