import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '@gta/shared/core';
import { FirstScreenRenderer, applyFirstScreen, sharedVersionSatisfies, type FirstScreen } from './firstScreen';

const PAGE = '<!doctype html><html><head><title>Site</title><meta name=description content="Default"></head><body><div id=root></div></body></html>';
const config: RuntimeConfig = {
  remotes: { listings: '/l', content: '/c', forms: '/f', chat: '/ch', admin: '/a' },
  airtable: { endpointUrl: 'http://localhost/api/airtable', baseId: 'app' },
  webhookBase: '/webhook',
  chatWebhookUrl: '/chat/webhook',
};

describe('applyFirstScreen', () => {
  const screen: FirstScreen = {
    html: '<main><h1>Active Listings</h1></main>',
    modules: ['listings/ActiveListingsPage'],
    onSight: { _R_1_: ['forms/PropertyInquiryForm'] },
    meta: { title: 'Active Listings', description: 'Homes "for sale" & more', canonical: '/active-listings' },
    data: { 'properties:all': [{ name: '</script><script>alert(1)</script>' }] },
  };

  it('puts the markup in #root, and the modules (those to hydrate with, those of each part on sight) and data in a JSON script nothing inside can close', () => {
    const page = applyFirstScreen(PAGE, screen, 'https://example.test', '/active-listings', 'Team');
    expect(page).toContain('<div id="root"><main><h1>Active Listings</h1></main></div>');
    const json = /<script type="application\/json" id="gta-first-screen">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ modules: screen.modules, onSight: screen.onSight, data: screen.data });
    // a shell built before parts loaded their own modules: none on sight, the page hydrates as before
    const older = applyFirstScreen(PAGE, { ...screen, onSight: undefined }, 'https://example.test', '/active-listings', 'Team');
    expect(JSON.parse(/id="gta-first-screen">(.*?)<\/script>/.exec(older)?.[1] ?? '').onSight).toEqual({});
  });

  it("writes the page's title, description, canonical URL and robots into the head, escaped", () => {
    const page = applyFirstScreen(PAGE, screen, 'https://example.test', '/active-listings', 'Team');
    expect(page).toContain('<title>Active Listings | Team</title>');
    expect(page).toContain('<meta name="description" content="Homes &quot;for sale&quot; &amp; more" />');
    expect(page).toContain('<link rel="canonical" href="https://example.test/active-listings" />');
    expect(page).toContain('<meta name="robots" content="index, follow" />');
    expect(page).not.toContain('content="Default"');
  });

  it("writes link-preview tags (og:title, og:description, og:image, og:url, twitter:card): the page's photo, else the site's share image (issue 26)", () => {
    const page = applyFirstScreen(PAGE, screen, 'https://example.test', '/active-listings', 'Team');
    expect(page).toContain('<meta property="og:title" content="Active Listings | Team" />');
    expect(page).toContain('<meta property="og:description" content="Homes &quot;for sale&quot; &amp; more" />');
    expect(page).toContain('<meta property="og:url" content="https://example.test/active-listings" />');
    expect(page).toContain('<meta property="og:image" content="https://example.test/media/site/share.jpg" />');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const property = applyFirstScreen(
      PAGE,
      {
        ...screen,
        meta: {
          title: 'Lakeview Estate · Oakville',
          description: '$4,250,000 · 5 bedrooms',
          canonical: '/property/lakeview',
          image: '/media/listings/W1/1.svg',
        },
      },
      'https://www.site.test',
      '/property/lakeview',
      'Team',
    );
    // social networks show no SVG: a drawing's page gets the branded JPEG
    expect(property).toContain('<meta property="og:image" content="https://www.site.test/media/site/share.jpg" />');
    expect(property).toContain('<meta property="og:description" content="$4,250,000 · 5 bedrooms" />');
    expect(property).toContain('<meta property="og:title" content="Lakeview Estate · Oakville | Team" />');
  });

  it("a listing photo's link preview is its 1200 x 630 JPEG from the image pipeline, with size, type and alt (issue 36)", () => {
    const meta = { title: 'Lakeview Estate', description: 'Five bedrooms', canonical: '/property/lakeview', image: '/media/photos/recAbc123/attXyz789' };
    const page = applyFirstScreen(PAGE, { ...screen, meta }, 'https://www.site.test', '/property/lakeview', 'Team');
    expect(page).toContain('<meta property="og:image" content="https://www.site.test/media/photos/recAbc123/attXyz789/share.jpg" />');
    expect(page).toContain('<meta property="og:image:type" content="image/jpeg" />');
    expect(page).toContain('<meta property="og:image:width" content="1200" /><meta property="og:image:height" content="630" />');
    expect(page).toContain('<meta property="og:image:alt" content="Lakeview Estate" />');
    expect(page).toContain('<meta name="twitter:image" content="https://www.site.test/media/photos/recAbc123/attXyz789/share.jpg" />');
  });
});

describe('FirstScreenRenderer', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    const later = new Date(Date.now() + Math.floor(Math.random() * 100_000)); // a new mtime, as a rebuild gives
    fs.utimesSync(file, later, later);
  };
  // a shell render that lists the modules it was given and the records endpoint: enough to see what the server passes
  const shellRender = (label: string) =>
    `exports.renderFirstScreen = async (r) => ${label === 'throws' ? '{ throw new Error("boom"); }' : `({ html: '${label} ' + [...r.modules.keys()].sort().join(','), modules: [], meta: null, data: { endpoint: r.recordsEndpointUrl } })`};`;
  const remote = (names: string[], text: string) =>
    `let p = ''; exports.setPublicPath = (x) => { p = x; }; exports.modules = { ${names.map((n) => `${n}: async () => ({ default: '${text}', publicPath: p })`).join(', ')} };`;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-first-screen-'));
    write('shared/dist-server/index.js', 'module.exports = {};');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const renderer = (overrides: Partial<Record<'content' | 'listings', string>> = {}) =>
    new FirstScreenRenderer({ repoRoot: root, remoteOverrides: overrides, recordsEndpointUrl: () => 'http://127.0.0.1:9/api/airtable' });
  const url = new URL('http://localhost/');

  it('renders nothing when the shell has no Node build', async () => {
    await expect(renderer().render(url, config)).resolves.toBeNull();
  });

  it("hands the shell every local remote's modules, and the loopback records endpoint", async () => {
    write('shell/dist-server/render.js', shellRender('v1'));
    write('mfe-content/dist-server/exposes.js', remote(['HomeHero'], 'hero'));
    write('mfe-listings/dist-server/exposes.js', remote(['FeaturedProperties'], 'featured'));
    const screen = await renderer().render(url, config);
    expect(screen?.html).toBe('v1 content/HomeHero,listings/FeaturedProperties');
    expect(screen?.data).toEqual({ endpoint: 'http://127.0.0.1:9/api/airtable' });
  });

  it('leaves out a remote deployed elsewhere, and one whose build is gone', async () => {
    write('shell/dist-server/render.js', shellRender('v1'));
    write('mfe-content/dist-server/exposes.js', remote(['HomeHero'], 'hero'));
    write('mfe-listings/dist-server/exposes.js', remote(['FeaturedProperties'], 'featured'));
    expect((await renderer({ listings: 'https://cdn.example/listings/mf-manifest.json' }).render(url, config))?.html).toBe('v1 content/HomeHero');
    const r = renderer();
    expect((await r.render(url, config))?.html).toContain('listings/FeaturedProperties');
    fs.rmSync(path.join(root, 'mfe-listings'), { recursive: true });
    expect((await r.render(url, config))?.html).toBe('v1 content/HomeHero');
  });

  it('loads a rebuilt shell or remote again on the next page', async () => {
    write('shell/dist-server/render.js', shellRender('v1'));
    write('mfe-content/dist-server/exposes.js', remote(['HomeHero'], 'hero'));
    const r = renderer();
    expect((await r.render(url, config))?.html).toBe('v1 content/HomeHero');
    // jest keeps its own module registry, which Node's require.cache does not reach: drop it as Node does
    jest.resetModules();
    write('mfe-content/dist-server/exposes.js', remote(['HomeHero', 'HomeSections'], 'hero'));
    expect((await r.render(url, config))?.html).toBe('v1 content/HomeHero,content/HomeSections');
    jest.resetModules();
    write('shell/dist-server/render.js', shellRender('v2'));
    expect((await r.render(url, config))?.html).toBe('v2 content/HomeHero,content/HomeSections');
  });

  it('renders a remote of the release its shared build bridges (a 2.x remote under a 3.x server), and no other major', async () => {
    write('shared/dist-server/build.json', JSON.stringify({ package: '@gta/shared', version: '3.0.0', bridges: ['2.0.0'] }));
    write('shell/dist-server/render.js', shellRender('v1'));
    write('mfe-content/dist-server/exposes.js', `${remote(['HomeHero'], 'hero')} exports.sharedRange = '^1.2.0 || ^2.0.0';`);
    write('mfe-listings/dist-server/exposes.js', `${remote(['FeaturedProperties'], 'x')} exports.sharedRange = '^1.2.0';`);
    const log = jest.fn();
    const r = new FirstScreenRenderer({ repoRoot: root, remoteOverrides: {}, recordsEndpointUrl: () => undefined, log });
    expect((await r.render(url, config))?.html).toBe('v1 content/HomeHero');
    expect(log.mock.calls.map(([message]) => message)).toContainEqual(
      "[first screen] the listings remote's Node build could not be loaded; its regions load in the browser: Error: it needs @gta/shared ^1.2.0 and this server's is 3.0.0 (docs/shared-package.md)",
    );
  });

  it("leaves out a remote built against a newer @gta/shared than the server's (its regions render in the browser), and says why once", async () => {
    // the version of the shared build the server runs counts, not the source tree's (already at 1.4.0, not built)
    write('shared/package.json', JSON.stringify({ name: '@gta/shared', version: '1.4.0' }));
    write('shared/dist-server/build.json', JSON.stringify({ package: '@gta/shared', version: '1.3.0' }));
    write('shell/dist-server/render.js', shellRender('v1'));
    write('mfe-content/dist-server/exposes.js', `${remote(['HomeHero'], 'hero')} exports.sharedRange = '^1.2.0';`);
    // its modules are never loaded: one that called an export this copy lacks would throw a TypeError
    write(
      'mfe-listings/dist-server/exposes.js',
      `exports.sharedRange = '^1.4.0'; exports.setPublicPath = () => {}; exports.modules = { FeaturedProperties: async () => { throw new TypeError('x is not a function'); } };`,
    );
    const log = jest.fn();
    const r = new FirstScreenRenderer({ repoRoot: root, remoteOverrides: {}, recordsEndpointUrl: () => undefined, log });
    expect((await r.render(url, config))?.html).toBe('v1 content/HomeHero');
    expect((await r.render(new URL('http://localhost/about-us'), config))?.html).toBe('v1 content/HomeHero');
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      "[first screen] the listings remote's Node build could not be loaded; its regions load in the browser: Error: it needs @gta/shared ^1.4.0 and this server's is 1.3.0 (docs/shared-package.md)",
      expect.stringContaining('mfe-forms/dist-server/exposes.js is missing'),
    ]);
  });

  it('reads the ranges the builds write as the browser does: same major, not older, any of several joined by ||', () => {
    expect(sharedVersionSatisfies('1.3.0', '^1.2.0')).toBe(true);
    expect(sharedVersionSatisfies('1.2.0', '^1.2.0')).toBe(true);
    expect(sharedVersionSatisfies('1.1.9', '^1.2.0')).toBe(false);
    expect(sharedVersionSatisfies('2.0.0', '^1.2.0')).toBe(false);
    expect(sharedVersionSatisfies('1.2.1', '^1.2.3')).toBe(false);
    // a remote that uses only names both majors have takes either
    expect(sharedVersionSatisfies('1.4.0', '^1.2.0 || ^2.0.0')).toBe(true);
    expect(sharedVersionSatisfies('2.1.0', '^1.2.0 || ^2.0.0')).toBe(true);
    expect(sharedVersionSatisfies('1.1.0', '^1.2.0 || ^2.0.0')).toBe(false);
    expect(sharedVersionSatisfies('3.0.0', '^1.2.0 || ^2.0.0')).toBe(false);
  });

  it('sends the page without a first screen when the render throws', async () => {
    write('shell/dist-server/render.js', shellRender('throws'));
    await expect(renderer().render(url, config)).resolves.toBeNull();
  });
});
