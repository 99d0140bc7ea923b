// `npm run check:hmr`: proves that `npm run dev` hot-replaces React components in place (React Fast Refresh) in the
// shell and in the remotes loaded into its page, keeping their state. It starts `npm run dev` on free ports, opens
// /contact-us in headless Chromium, types a name into the contact form (forms remote, inside the content remote's
// page, inside the shell's layout), then changes a visible string in a source file of the forms, content and chat
// remotes and the shell in turn and checks that the new text shows WITHOUT a reload: a marker set on window before
// the edits survives, the typed name is still in its field, and the page never navigated. The listings and admin
// remotes, which have nothing on that page, are edited the same way on /favourites and /admin in a second tab (one
// file in every part, issue 37). Each edit is undone afterwards (also on failure). About 2 min on 2 busy cores.
// Kept out of the e2e run (that one tests production builds; this starts six dev servers: about 30 s on 2 cores when
// nothing else builds); run it after touching the dev set-up (shared/build/webpack.cjs, devRefresh.cjs, dev.mjs).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (line) => console.log(`check:hmr [${elapsed()}] ${line}`);

/** Whether nothing listens on the port (on any address). */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A first port with the five after it free (the shell and the five remotes), and a free port for the server. */
async function freePorts() {
  for (let tries = 0; tries < 50; tries++) {
    const devPort = 20000 + Math.floor(Math.random() * 30000);
    const all = [devPort, devPort + 1, devPort + 2, devPort + 3, devPort + 4, devPort + 5, devPort + 10];
    const free = await Promise.all(all.map(isFree));
    if (free.every(Boolean)) return { devPort, serverPort: devPort + 10 };
  }
  throw new Error('no free ports found');
}

async function waitFor(what, test, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await test().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One visible-string edit in an app's source, undone by string replacement (other edits to the file are kept). */
function editor(relativePath, from, to) {
  const file = join(root, relativePath);
  let applied = false;
  return {
    file: relativePath,
    apply() {
      const text = readFileSync(file, 'utf8');
      if (!text.includes(from)) throw new Error(`${relativePath} no longer contains ${JSON.stringify(from)}: update e2e/checkHmr.mjs`);
      writeFileSync(file, text.replace(from, to));
      applied = true;
    },
    undo() {
      if (!applied) return;
      const text = readFileSync(file, 'utf8');
      if (text.includes(to)) writeFileSync(file, text.replace(to, from));
      applied = false;
    },
  };
}

const stamp = `hot ${process.pid}`;
const edits = [
  // forms remote: the contact form's submit button (the form whose field holds the typed name)
  {
    app: 'forms',
    ...editor('mfe-forms/src/exposed/ContactForm.tsx', 'label="Send Message"', `label="Send Message (${stamp})"`),
    shows: `Send Message (${stamp})`,
  },
  // content remote: the contact page's heading above the form
  {
    app: 'content',
    ...editor('mfe-content/src/exposed/ContactPage.tsx', 'title="Send us a message"', `title="Send us a message (${stamp})"`),
    shows: `Send us a message (${stamp})`,
  },
  // chat remote: the launcher's tooltip (the launcher is on the page once the visitor has typed)
  {
    app: 'chat',
    ...editor('mfe-chat/src/chat/ChatWidget.tsx', "'Chat with us'", `'Chat with us (${stamp})'`),
    shows: `Chat with us (${stamp})`,
    selector: `[title="Chat with us (${stamp})"]`,
  },
  // shell: the footer
  { app: 'shell', ...editor('shell/src/Footer.tsx', 'All rights reserved.', `All rights reserved (${stamp}).`), shows: `All rights reserved (${stamp}).` },
];
// parts with nothing on /contact-us: each on its own page (a second tab), with the same no-reload checks
const pageEdits = [
  {
    app: 'listings',
    path: '/favourites',
    before: 'No favourites yet',
    ...editor('mfe-listings/src/exposed/FavouritesPage.tsx', 'title="No favourites yet"', `title="No favourites yet (${stamp})"`),
    shows: `No favourites yet (${stamp})`,
  },
  {
    app: 'admin',
    path: '/admin',
    before: 'Admin Panel',
    ...editor('mfe-admin/src/exposed/AdminPage.tsx', 'title="Admin Panel"', `title="Admin Panel (${stamp})"`),
    shows: `Admin Panel (${stamp})`,
  },
];

const { devPort, serverPort } = await freePorts();
log(`starting npm run dev: shell on :${devPort}, remotes on :${devPort + 1}-:${devPort + 5}, server on :${serverPort}`);
const devLog = [];
const dev = spawn(process.execPath, [join(root, 'shared/build/dev.mjs')], {
  cwd: root,
  env: { ...process.env, DEV_PORT: String(devPort), PORT: String(serverPort) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [dev.stdout, dev.stderr]) stream.on('data', (chunk) => devLog.push(String(chunk)));
const devExited = new Promise((resolve) => dev.once('exit', resolve));

let browser;
let failed = false;
try {
  const ok = async (url) => (await fetch(url)).ok;
  await waitFor(
    'the shell and the five remotes to compile',
    async () => {
      if (dev.exitCode !== null) throw new Error(`npm run dev exited (${dev.exitCode})`);
      const urls = [
        `http://localhost:${devPort}/`,
        ...[1, 2, 3, 4, 5].map((i) => `http://localhost:${devPort + i}/remoteEntry.js`),
        `http://localhost:${serverPort}/config.json`,
      ];
      return (await Promise.all(urls.map(ok))).every(Boolean);
    },
    240_000,
  );
  log('every dev server is up');

  browser = await launchBrowser();
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  const hmrLog = [];
  page.on('console', (msg) => {
    if (/HMR|React Refresh|webpack-dev-server/.test(msg.text())) hmrLog.push(msg.text());
  });
  // full page loads (a reload fires one; the router's same-document navigations do not)
  let navigations = 0;
  page.on('load', () => navigations++);

  await page.goto(`http://localhost:${devPort}/contact-us`);
  const name = page.locator('form input[autocomplete="name"]').first(); // the contact form's Name field
  await name.waitFor({ timeout: 60_000 });
  await name.fill('Ada Lovelace');
  await page.evaluate(() => {
    window.__hmrMarker = 'kept';
  });
  const navigationsBefore = navigations;
  log('contact page open, name typed, marker set');

  for (const edit of edits) {
    const t0 = Date.now();
    edit.apply();
    try {
      await (edit.selector ? page.locator(edit.selector) : page.getByText(edit.shows, { exact: false }))
        .first()
        .waitFor({ state: 'attached', timeout: 30_000 });
    } catch {
      throw new Error(`${edit.app}: "${edit.shows}" did not appear after editing ${edit.file}\n${hmrLog.slice(-10).join('\n')}`);
    }
    const marker = await page.evaluate(() => window.__hmrMarker);
    const typed = await name.inputValue();
    if (marker !== 'kept' || navigations !== navigationsBefore)
      throw new Error(
        `${edit.app}: the page reloaded on an edit of ${edit.file} (marker ${marker}, ${navigations - navigationsBefore} page loads)\n${hmrLog.slice(-10).join('\n')}`,
      );
    if (typed !== 'Ada Lovelace') throw new Error(`${edit.app}: the typed name was lost on an edit of ${edit.file} (field holds "${typed}")`);
    log(`${edit.app}: ${edit.file} edited, new text shown in ${Date.now() - t0} ms without a reload, typed name kept`);
  }
  for (const edit of pageEdits) {
    const other = await browser.newPage();
    other.on('pageerror', (err) => errors.push(`${edit.path}: ${String(err)}`));
    let loads = 0;
    other.on('load', () => loads++);
    await other.goto(`http://localhost:${devPort}${edit.path}`);
    await other.getByText(edit.before, { exact: false }).first().waitFor({ timeout: 60_000 });
    await other.evaluate(() => {
      window.__hmrMarker = 'kept';
    });
    const loadsBefore = loads;
    const t0 = Date.now();
    edit.apply();
    try {
      await other.getByText(edit.shows, { exact: false }).first().waitFor({ timeout: 30_000 });
    } catch {
      throw new Error(`${edit.app}: "${edit.shows}" did not appear after editing ${edit.file}`);
    }
    const marker = await other.evaluate(() => window.__hmrMarker);
    if (marker !== 'kept' || loads !== loadsBefore)
      throw new Error(`${edit.app}: the page reloaded on an edit of ${edit.file} (marker ${marker}, ${loads - loadsBefore} page loads)`);
    log(`${edit.app}: ${edit.file} edited, new text shown on ${edit.path} in ${Date.now() - t0} ms without a reload`);
    edit.undo();
    await other.close();
  }
  if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('\n')}`);
  log('PASS: the shell and the five remotes hot-replace their components in place');
} catch (error) {
  failed = true;
  console.error(`check:hmr FAILED: ${error.stack ?? error}`);
  console.error('last lines of npm run dev:\n' + devLog.join('').split('\n').slice(-30).join('\n'));
} finally {
  for (const edit of [...edits, ...pageEdits]) edit.undo();
  await browser?.close();
  if (dev.exitCode === null) dev.kill('SIGTERM'); // dev.mjs stops every dev server and the server it started
  await devExited;
  log(`stopped npm run dev`);
}
process.exit(failed ? 1 : 0);
