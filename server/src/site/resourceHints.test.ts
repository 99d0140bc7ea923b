import fs from 'node:fs';
import path from 'node:path';
import { request, startServer, tempDir } from '../testing/harness';
import { ManifestCache, computeHints, injectIntoHead, parseManifest, renderHints, type ResourceHint } from './resourceHints';

const ORIGIN = 'http://localhost:8080';

/** A manifest like the federation plugin writes (publicPath auto, global remoteEntry) with shared chunks too. */
function manifest(name: string, exposes: Record<string, string[]>, shared: string[] = [`696.${name.padEnd(10, '0').slice(0, 10)}.js`]): string {
  return JSON.stringify({
    id: name,
    name,
    metaData: { name, type: 'app', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, globalName: name, publicPath: 'auto' },
    shared: [
      { id: `${name}:react`, name: 'react', version: '18.3.1', singleton: true, assets: { js: { sync: shared, async: [] }, css: { sync: [], async: [] } } },
    ],
    remotes: [],
    exposes: Object.entries(exposes).map(([expose, sync]) => ({
      id: `${name}:${expose}`,
      name: expose,
      path: `./${expose}`,
      assets: { js: { sync, async: ['9999.aaaaaaaaaa.js'] }, css: { sync: [], async: [] } },
    })),
  });
}

function writeRemote(root: string, remote: string, exposes: Record<string, string[]>, mtime?: Date): void {
  const dist = path.join(root, `mfe-${remote}`, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  for (const file of ['remoteEntry.js', ...Object.values(exposes).flat()]) fs.writeFileSync(path.join(dist, file), `/* ${remote} ${file} */`);
  const file = path.join(dist, 'mf-manifest.json');
  fs.writeFileSync(file, manifest(remote, exposes));
  if (mtime) fs.utimesSync(file, mtime, mtime);
}

/** A built site: shell, content, listings, forms, chat and admin. */
function fakeSite(): string {
  const root = tempDir('gta-hints-');
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><link rel=preload href=/config.json as=fetch crossorigin=anonymous><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
  );
  writeRemote(root, 'content', {
    HomeHero: ['__federation_expose_HomeHero.1111111111.js'],
    HomeSections: ['__federation_expose_HomeSections.2222222222.js'],
    CallToAction: ['__federation_expose_CallToAction.3333333333.js'],
    ContactPage: ['__federation_expose_ContactPage.4444444444.js'],
  });
  writeRemote(root, 'listings', {
    FeaturedProperties: ['897.c3df3e4d4c.js', '__federation_expose_FeaturedProperties.5555555555.js'],
    ActiveListingsPage: ['897.c3df3e4d4c.js', '152.9dec0a547e.js', '__federation_expose_ActiveListingsPage.6666666666.js'],
  });
  writeRemote(root, 'forms', { ContactForm: ['523.8ca604b1d0.js', '__federation_expose_ContactForm.7777777777.js'] });
  writeRemote(root, 'chat', { createChat: ['__federation_expose_createChat.8888888888.js'] });
  writeRemote(root, 'admin', { AdminPage: ['__federation_expose_AdminPage.9999999999.js'] });
  return root;
}

const hrefs = (hints: readonly ResourceHint[]): string[] => hints.map((h) => h.href.replace(ORIGIN, ''));

describe('resource hints', () => {
  const root = fakeSite();
  const source = { repoRoot: root, remoteOverrides: {}, mode: 'all' as const };

  it("'/': each remote's manifest (fetch, anonymous), its remoteEntry and the exposed modules' sync JS (script, no crossorigin); the hero's first, the rest low priority", () => {
    const hints = computeHints('/', source, ORIGIN, new ManifestCache());
    expect(hrefs(hints)).toEqual([
      '/remotes/content/mf-manifest.json',
      '/remotes/content/remoteEntry.js',
      '/remotes/content/__federation_expose_HomeHero.1111111111.js',
      '/remotes/listings/mf-manifest.json',
      '/remotes/forms/mf-manifest.json',
      '/remotes/listings/remoteEntry.js',
      '/remotes/forms/remoteEntry.js',
      '/remotes/listings/897.c3df3e4d4c.js',
      '/remotes/listings/__federation_expose_FeaturedProperties.5555555555.js',
      '/remotes/content/__federation_expose_HomeSections.2222222222.js',
      '/remotes/content/__federation_expose_CallToAction.3333333333.js',
      '/remotes/forms/523.8ca604b1d0.js',
      '/remotes/forms/__federation_expose_ContactForm.7777777777.js',
    ]);
    hints.forEach((hint, i) => {
      const priority = i < 3 ? {} : { fetchpriority: 'low' };
      if (hint.href.endsWith('mf-manifest.json')) expect(hint).toEqual({ href: hint.href, as: 'fetch', crossorigin: 'anonymous', ...priority });
      else expect(hint).toEqual({ href: hint.href, as: 'script', ...priority });
      expect(hint.href.startsWith(`${ORIGIN}/remotes/`)).toBe(true);
    });
    // shared chunks come from the shell ('loaded-first'), other exposes' files are not needed
    expect(hints.some((h) => /696\.|9999\.|ContactPage|ActiveListings/.test(h.href))).toBe(false);
  });

  it("mode 'first' (the default): the files of the route's first region only; 'off': none", () => {
    const first = { repoRoot: root, remoteOverrides: {}, recordsBase: `${ORIGIN}/api/airtable/v0/appLocalBase` };
    expect(computeHints('/', first, ORIGIN, new ManifestCache())).toEqual([
      { href: `${ORIGIN}/remotes/content/mf-manifest.json`, as: 'fetch', crossorigin: 'anonymous' },
      { href: `${ORIGIN}/remotes/content/remoteEntry.js`, as: 'script' },
      { href: `${ORIGIN}/remotes/content/__federation_expose_HomeHero.1111111111.js`, as: 'script' },
    ]);
    expect(hrefs(computeHints('/contact-us', first, ORIGIN, new ManifestCache()))).toEqual([
      '/remotes/content/mf-manifest.json',
      '/remotes/content/remoteEntry.js',
      '/remotes/content/__federation_expose_ContactPage.4444444444.js',
    ]);
    expect(hrefs(computeHints('/active-listings', first, ORIGIN, new ManifestCache()))).toEqual(
      hrefs(computeHints('/active-listings', source, ORIGIN, new ManifestCache())),
    );
    expect(computeHints('/admin', first, ORIGIN, new ManifestCache())).toEqual([]);
    expect(computeHints('/', { ...first, mode: 'off' }, ORIGIN, new ManifestCache())).toEqual([]);
  });

  it("'/active-listings': the listings remote only, each shared file once", () => {
    expect(hrefs(computeHints('/active-listings', source, ORIGIN, new ManifestCache()))).toEqual([
      '/remotes/listings/mf-manifest.json',
      '/remotes/listings/remoteEntry.js',
      '/remotes/listings/897.c3df3e4d4c.js',
      '/remotes/listings/152.9dec0a547e.js',
      '/remotes/listings/__federation_expose_ActiveListingsPage.6666666666.js',
    ]);
  });

  it("'/': the featured properties' first records request last, only where the records base is known", () => {
    const withData = computeHints('/', { ...source, recordsBase: `${ORIGIN}/api/airtable/v0/appLocalBase` }, ORIGIN, new ManifestCache());
    expect(withData.at(-1)).toEqual({
      href: `${ORIGIN}/api/airtable/v0/appLocalBase/Properties?pageSize=9&filterByFormula=LOWER(TRIM(%7BStatus%7D%26''))+%3D+%22available%22&sort%5B0%5D%5Bfield%5D=Listing+Date&sort%5B0%5D%5Bdirection%5D=desc`,
      as: 'fetch',
      crossorigin: 'anonymous',
      fetchpriority: 'low',
    });
    expect(withData.filter((h) => h.href.includes('/api/'))).toHaveLength(1);
    expect(
      computeHints('/active-listings', { ...source, recordsBase: `${ORIGIN}/api/airtable/v0/appLocalBase` }, ORIGIN, new ManifestCache()).some((h) =>
        h.href.includes('/api/'),
      ),
    ).toBe(false);
    const unbuilt = fakeSite();
    fs.rmSync(path.join(unbuilt, 'mfe-listings'), { recursive: true });
    expect(
      computeHints(
        '/',
        { repoRoot: unbuilt, remoteOverrides: {}, mode: 'all', recordsBase: `${ORIGIN}/api/airtable/v0/appLocalBase` },
        ORIGIN,
        new ManifestCache(),
      ).some((h) => h.href.includes('/api/')),
    ).toBe(false);
  });

  it('never hints the admin or the chat remote; nothing for the 404 page', () => {
    const cache = new ManifestCache();
    expect(computeHints('/admin', source, ORIGIN, cache)).toEqual([]);
    expect(computeHints('/no-such-page', source, ORIGIN, cache)).toEqual([]);
    for (const route of ['/', '/active-listings', '/contact-us', '/blogs', '/property/x']) {
      expect(computeHints(route, source, ORIGIN, cache).some((h) => /\/remotes\/(admin|chat)\//.test(h.href))).toBe(false);
    }
  });

  it('picks up a rebuilt remote on the next page, and skips a remote that is not built', () => {
    const site = fakeSite();
    const cache = new ManifestCache();
    const src = { repoRoot: site, remoteOverrides: {}, mode: 'all' as const };
    expect(hrefs(computeHints('/contact-us', src, ORIGIN, cache))).toContain('/remotes/forms/__federation_expose_ContactForm.7777777777.js');
    writeRemote(site, 'forms', { ContactForm: ['__federation_expose_ContactForm.abcdefabcd.js'] }, new Date(Date.now() + 5000));
    const after = hrefs(computeHints('/contact-us', src, ORIGIN, cache));
    expect(after).toContain('/remotes/forms/__federation_expose_ContactForm.abcdefabcd.js');
    expect(after).not.toContain('/remotes/forms/__federation_expose_ContactForm.7777777777.js');
    expect(after).not.toContain('/remotes/forms/523.8ca604b1d0.js');
    fs.rmSync(path.join(site, 'mfe-forms'), { recursive: true });
    expect(hrefs(computeHints('/contact-us', src, ORIGIN, cache))).toEqual([
      '/remotes/content/mf-manifest.json',
      '/remotes/content/remoteEntry.js',
      '/remotes/content/__federation_expose_ContactPage.4444444444.js',
    ]);
  });

  it('does not hint a file the manifest names but the folder lacks (a rebuild half-way)', () => {
    const site = fakeSite();
    fs.rmSync(path.join(site, 'mfe-listings', 'dist', '897.c3df3e4d4c.js'));
    const list = hrefs(computeHints('/active-listings', { repoRoot: site, remoteOverrides: {} }, ORIGIN, new ManifestCache()));
    expect(list).toContain('/remotes/listings/152.9dec0a547e.js');
    expect(list).not.toContain('/remotes/listings/897.c3df3e4d4c.js');
    // once the build has finished writing, the same manifest is read again and the file hinted
    const cache = new ManifestCache();
    expect(hrefs(computeHints('/active-listings', { repoRoot: site, remoteOverrides: {} }, ORIGIN, cache))).not.toContain(
      '/remotes/listings/897.c3df3e4d4c.js',
    );
    fs.writeFileSync(path.join(site, 'mfe-listings', 'dist', '897.c3df3e4d4c.js'), '/* chunk */');
    expect(hrefs(computeHints('/active-listings', { repoRoot: site, remoteOverrides: {} }, ORIGIN, cache))).toContain('/remotes/listings/897.c3df3e4d4c.js');
  });

  it('a remote deployed elsewhere (REMOTE_<NAME>_URL): its manifest preload only', () => {
    const hints = computeHints(
      '/',
      { repoRoot: root, remoteOverrides: { forms: 'https://cdn.example.com/forms/mf-manifest.json' }, mode: 'all' },
      ORIGIN,
      new ManifestCache(),
    );
    expect(hints).toContainEqual({ href: 'https://cdn.example.com/forms/mf-manifest.json', as: 'fetch', crossorigin: 'anonymous', fetchpriority: 'low' });
    expect(hints.some((h) => h.href.includes('/remotes/forms/'))).toBe(false);
  });

  it('reads only manifests whose files sit next to them', () => {
    expect(parseManifest('not json')).toBeUndefined();
    expect(
      parseManifest(JSON.stringify({ metaData: { publicPath: 'https://cdn.example.com/x/', remoteEntry: { name: 'remoteEntry.js', path: '' } } })),
    ).toBeUndefined();
    expect(parseManifest(JSON.stringify({ metaData: { getPublicPath: 'return "/x/"' } }))).toBeUndefined();
    const esm = parseManifest(
      JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.mjs', path: '', type: 'module' } }, exposes: [] }),
    );
    expect(esm?.remoteEntry).toBeUndefined();
    const nested = parseManifest(
      JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: 'entry/', type: 'global' } }, exposes: [] }),
    );
    expect(nested?.remoteEntry).toBe('entry/remoteEntry.js');
  });

  it('renders links and puts them at the end of the head', () => {
    const markup = renderHints([
      { href: 'http://x/remotes/a/mf-manifest.json', as: 'fetch', crossorigin: 'anonymous' },
      { href: 'http://x/remotes/a/remoteEntry.js?a=1&b="2"', as: 'script' },
    ]);
    expect(markup).toBe(
      '<link rel="preload" as="fetch" href="http://x/remotes/a/mf-manifest.json" crossorigin="anonymous"><link rel="preload" as="script" href="http://x/remotes/a/remoteEntry.js?a=1&amp;b=&quot;2&quot;">',
    );
    expect(renderHints([{ href: '/a.js', as: 'script', fetchpriority: 'low' }])).toBe('<link rel="preload" as="script" href="/a.js" fetchpriority="low">');
    expect(injectIntoHead('<html><head><title>t</title><script defer src=/main.js></script></head><body></body></html>', '<L>')).toBe(
      '<html><head><title>t</title><script defer src=/main.js></script><L></head><body></body></html>',
    );
    expect(injectIntoHead('<html><body><script src=/main.js></script></body></html>', '<L>')).toBe(
      '<html><L><body><script src=/main.js></script></body></html>',
    );
    expect(injectIntoHead('<p>x</p>', '')).toBe('<p>x</p>');
  });
});

describe('the app page carries the hints', () => {
  it("answers '/' and deep links with the route's preloads (RESOURCE_HINTS=all), revalidated by a hash of the page", async () => {
    const site = fakeSite();
    // the hints in <head>, as the build writes the page (the default moves them after the first paint: below)
    const server = await startServer({ repoRoot: site }, {}, { RESOURCE_HINTS: 'all', SCRIPTS_AFTER_FIRST_PAINT: 'off' });
    try {
      const home = await request(`${server.url}/`, { headers: { accept: 'text/html' } });
      expect(home.status).toBe(200);
      expect(home.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=10');
      expect(home.text).toContain(`<link rel="preload" as="fetch" href="${server.url}/remotes/content/mf-manifest.json" crossorigin="anonymous">`);
      expect(home.text).toContain(`<link rel="preload" as="script" href="${server.url}/remotes/content/__federation_expose_HomeHero.1111111111.js">`);
      expect(home.text).toContain(
        `<link rel="preload" as="script" href="${server.url}/remotes/forms/__federation_expose_ContactForm.7777777777.js" fetchpriority="low">`,
      );
      expect(home.text).not.toMatch(/remotes\/(admin|chat)\//);
      expect(home.text).toContain(
        `<link rel="preload" as="fetch" href="${server.url}/api/airtable/v0/appLocalBase/Properties?pageSize=9&amp;filterByFormula=LOWER(TRIM(%7BStatus%7D%26''))+%3D+%22available%22&amp;sort%5B0%5D%5Bfield%5D=Listing+Date&amp;sort%5B0%5D%5Bdirection%5D=desc" crossorigin="anonymous" fetchpriority="low">`,
      );
      expect(home.text.indexOf('<link rel="preload" as="fetch" href="http')).toBeGreaterThan(home.text.indexOf('/main.js'));

      const listings = await request(`${server.url}/active-listings`, { headers: { accept: 'text/html' } });
      expect(listings.text).toContain('/remotes/listings/__federation_expose_ActiveListingsPage.6666666666.js');
      expect(listings.text).not.toContain('/remotes/content/');

      const admin = await request(`${server.url}/admin`, { headers: { accept: 'text/html' } });
      expect(admin.status).toBe(200);
      expect(admin.text).not.toContain('rel="preload" as="script"');
      const missing = await request(`${server.url}/no-such-page`, { headers: { accept: 'text/html' } });
      expect(missing.status).toBe(404);
      expect(missing.text).not.toContain('rel="preload" as="script"');

      const etag = home.headers.get('etag') ?? '';
      expect(etag).toMatch(/^".+"$/);
      expect((await request(`${server.url}/`, { headers: { accept: 'text/html', 'if-none-match': etag } })).status).toBe(304);
      // redeploying a remote changes the page (no stale 304)
      writeRemote(site, 'content', { HomeHero: ['__federation_expose_HomeHero.feedfacefe.js'] }, new Date(Date.now() + 5000));
      const rebuilt = await request(`${server.url}/`, { headers: { accept: 'text/html', 'if-none-match': etag } });
      expect(rebuilt.status).toBe(200);
      expect(rebuilt.text).toContain('/remotes/content/__federation_expose_HomeHero.feedfacefe.js');
    } finally {
      await server.close();
    }
  });

  it('by default hints the first region only, started after the first paint with main.js', async () => {
    const server = await startServer({ repoRoot: fakeSite() });
    try {
      const home = await request(`${server.url}/`, { headers: { accept: 'text/html' } });
      const head = home.text.slice(0, home.text.indexOf('</head>'));
      expect(head).not.toMatch(/rel="?preload|main\.js/); // nothing competes with the first paint
      const plan = JSON.parse(/<script type="application\/json" id="gta-after-paint">([^<]*)<\/script>/.exec(home.text)?.[1] ?? '{}') as {
        preloads: { href: string }[];
        scripts: string[];
      };
      expect(plan.scripts).toEqual(['/main.js']);
      // the config, then content's manifest, entry and hero chunk
      expect(plan.preloads.map((p) => p.href)).toEqual([
        '/config.json',
        `${server.url}/remotes/content/mf-manifest.json`,
        `${server.url}/remotes/content/remoteEntry.js`,
        `${server.url}/remotes/content/__federation_expose_HomeHero.1111111111.js`,
      ]);
      expect(home.text).not.toMatch(/remotes\/(listings|forms|admin|chat)\/|\/api\//);
    } finally {
      await server.close();
    }
    const inHead = await startServer({ repoRoot: fakeSite() }, {}, { SCRIPTS_AFTER_FIRST_PAINT: 'off' });
    try {
      const home = await request(`${inHead.url}/`, { headers: { accept: 'text/html' } });
      expect(home.text.match(/<link rel="preload" as=/g)).toHaveLength(3); // content's manifest, entry and hero chunk
      expect(home.text).toContain(`<link rel="preload" as="script" href="${inHead.url}/remotes/content/__federation_expose_HomeHero.1111111111.js">`);
      expect(home.text).not.toContain('gta-after-paint');
    } finally {
      await inHead.close();
    }
  });
});
