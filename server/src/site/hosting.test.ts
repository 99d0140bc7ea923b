import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { request, startServer, tempDir, type TestServer } from '../testing/harness';
import { isHashedFile, pickEncoding } from '../http/static';
import { afterPaintLoader } from './afterFirstPaint';

/** A brotli copy marked so a test can tell it from the server's own compression (a trailing metadata block). */
function prebuilt(text: string): Buffer {
  return zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 10 } });
}

/** A fake repo: shell/dist and mfe-forms/dist built; mfe-admin never built. */
function fakeRepo(): string {
  const root = tempDir('gta-repo-');
  const write = (rel: string, content: string): void => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write('shell/dist/index.html', '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>');
  write('shell/dist/main.js', 'console.log("shell");'.repeat(100));
  write('shell/dist/512.0123456789.js', 'export const chunk = 1;'.repeat(200));
  write('mfe-forms/dist/mf-manifest.json', JSON.stringify({ name: 'forms', exposes: [] }));
  write('mfe-forms/dist/remoteEntry.js', 'var forms;'.repeat(100));
  // the build's brotli copies: one matching its file, one left from an older build of a fixed-name file
  fs.writeFileSync(path.join(root, 'mfe-forms/dist/remoteEntry.js.br'), prebuilt('var forms;'.repeat(100)));
  fs.writeFileSync(path.join(root, 'shell/dist/main.js.br'), prebuilt('console.log("old shell");'.repeat(100)));
  write('mfe-forms/dist/128.a65e780886.js', 'console.log("chunk");'.repeat(300));
  write('mfe-forms/dist/fonts/inter.a1b2c3d4e5.woff2', 'wOF2');
  // the build's history of hashed files (shared/build/webpack.cjs keeps previous builds' chunks): never served
  write('mfe-forms/dist/.builds.json', '[]');
  return root;
}

/** Raw GET without automatic decompression. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ repoRoot: fakeRepo(), n8nChatUrl: 'https://n8n.example.com/webhook/chat', n8nWebhookBase: 'https://hooks.example.org/webhook' });
});
afterAll(() => server.close());

describe('runtime config', () => {
  it('answers absolute URLs from the request host, no-store', async () => {
    const reply = await request(`${server.url}/config.json`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const origin = server.url.replace('localhost', 'localhost');
    expect(reply.json()).toEqual({
      remotes: {
        listings: `${origin}/remotes/listings/mf-manifest.json`,
        content: `${origin}/remotes/content/mf-manifest.json`,
        forms: `${origin}/remotes/forms/mf-manifest.json`,
        chat: `${origin}/remotes/chat/mf-manifest.json`,
        admin: `${origin}/remotes/admin/mf-manifest.json`,
      },
      airtable: { endpointUrl: `${origin}/api/airtable`, baseId: 'appLocalBase' },
      webhookBase: `${origin}/webhook`,
      chatWebhookUrl: 'https://n8n.example.com/webhook/chat',
      // CHAT_REPLY_TIMEOUT_SECONDS unset: 2 minutes, time for an n8n AI Agent (issue 39)
      chatReplyTimeoutMs: 120_000,
      authBase: `${origin}/api/auth`,
    });
  });

  it('uses REMOTE_<NAME>_URL overrides', async () => {
    const other = await startServer(
      { repoRoot: fakeRepo() },
      {},
      { REMOTE_FORMS_URL: 'https://cdn.example.com/forms/mf-manifest.json', CHAT_REPLY_TIMEOUT_SECONDS: '300' },
    );
    try {
      const config = (await request(`${other.url}/config.json`)).json<{
        remotes: Record<string, string>;
        chatWebhookUrl: string;
        chatReplyTimeoutMs: number;
      }>();
      expect(config.remotes.forms).toBe('https://cdn.example.com/forms/mf-manifest.json');
      expect(config.chatReplyTimeoutMs).toBe(300_000);
      expect(config.chatWebhookUrl).toBe(`${other.url}/chat/webhook`);
    } finally {
      await other.close();
    }
  });
});

describe('static hosting', () => {
  it('serves hashed files immutable and entry files no-cache with validators (304 on revalidation)', async () => {
    const chunk = await request(`${server.url}/remotes/forms/128.a65e780886.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const reply = await request(`${server.url}/remotes/forms/${file}`);
      expect(reply.headers.get('cache-control')).toBe('no-cache');
      const etag = reply.headers.get('etag') as string;
      expect(etag).toBeTruthy();
      expect(reply.headers.get('last-modified')).toBeTruthy();
      const again = await request(`${server.url}/remotes/forms/${file}`, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
    }
    const main = await request(`${server.url}/main.js`);
    expect(main.headers.get('cache-control')).toBe('no-cache');
    expect((await request(`${server.url}/512.0123456789.js`)).headers.get('cache-control')).toContain('immutable');
  });

  it('CORS on /remotes/*, including errors and preflight', async () => {
    expect((await request(`${server.url}/remotes/forms/mf-manifest.json`)).headers.get('access-control-allow-origin')).toBe('*');
    expect((await request(`${server.url}/remotes/forms/nope.js`)).headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await request(`${server.url}/remotes/forms/mf-manifest.json`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('compresses text with brotli when accepted, else gzip, else not at all', async () => {
    const br = await rawGet(`${server.url}/remotes/forms/128.a65e780886.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe('console.log("chunk");'.repeat(300));
    // no PUBLIC_URL here: answers vary on Host as well (a cache keeps one per host)
    expect(br.headers.vary).toBe('Host, Accept-Encoding');
    const gz = await rawGet(`${server.url}/remotes/forms/128.a65e780886.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe('console.log("chunk");'.repeat(300));
    const plain = await rawGet(`${server.url}/remotes/forms/128.a65e780886.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const font = await rawGet(`${server.url}/remotes/forms/fonts/inter.a1b2c3d4e5.woff2`, { 'Accept-Encoding': 'br' });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's brotli copy of a file when it matches the file, never one left by an older build", async () => {
    const entry = await rawGet(`${server.url}/remotes/forms/remoteEntry.js`, { 'Accept-Encoding': 'br' });
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.body.equals(prebuilt('var forms;'.repeat(100)))).toBe(true);
    const main = await rawGet(`${server.url}/main.js`, { 'Accept-Encoding': 'br' });
    expect(main.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(main.body).toString()).toBe('console.log("shell");'.repeat(100));
  });

  it('a remote whose dist folder is missing answers a clear 503, not a crash', async () => {
    const reply = await request(`${server.url}/remotes/admin/mf-manifest.json`);
    expect(reply.status).toBe(503);
    expect(reply.text).toContain('npm run build -w mfe-admin');
    expect((await request(`${server.url}/remotes/nothing/mf-manifest.json`)).status).toBe(404);
  });

  it('refuses path traversal', async () => {
    const reply = await rawGet(`${server.url}/remotes/forms/..%2f..%2fshell/dist/index.html`, {});
    expect(reply.status).toBe(404);
    expect((await rawGet(`${server.url}/media/..%2f..%2fpackage.json`, {})).status).toBe(404);
  });

  it("never serves dot files (the build history beside a remote's files)", async () => {
    expect((await rawGet(`${server.url}/remotes/forms/.builds.json`, {})).status).toBe(404);
    expect((await rawGet(`${server.url}/remotes/forms/remoteEntry.js`, {})).status).toBe(200);
  });

  it('HEAD answers headers without a body', async () => {
    const head = await rawGet(`${server.url}/remotes/forms/mf-manifest.json`, {}).then(
      () => new Promise<http.IncomingMessage>((resolve) => http.request(`${server.url}/remotes/forms/mf-manifest.json`, { method: 'HEAD' }, resolve).end()),
    );
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });
});

describe('SPA fallback', () => {
  it('answers the app page with 200 for known routes and deep links, 404 (still the app) for unknown paths', async () => {
    for (const route of [
      '/',
      '/active-listings',
      '/property/lakeview-estate-at-12-lakeshore-road-east',
      '/listings/oakville',
      '/blog/some-post',
      '/admin',
      '/contact',
    ]) {
      const reply = await request(`${server.url}${route}`, { headers: { Accept: 'text/html' } });
      expect([route, reply.status]).toEqual([route, 200]);
      expect(reply.text).toContain('<div id="root">');
      // a CDN may keep a public page a short while (cachePolicy.ts); the staff page never
      expect(reply.headers.get('cache-control')).toBe(route === '/admin' ? 'private, no-store' : 'public, max-age=0, s-maxage=10, stale-while-revalidate=10');
    }
    const unknown = await request(`${server.url}/no-such-page`, { headers: { Accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('<div id="root">');
    expect((await request(`${server.url}/missing.js`, { headers: { Accept: '*/*' } })).status).toBe(404);
    expect((await request(`${server.url}/api/nothing`, { headers: { Accept: 'text/html' } })).status).toBe(404);
  });

  it("/admin's HTML carries its own title and noindex before any script runs (issue 26)", async () => {
    const reply = await request(`${server.url}/admin`, { headers: { Accept: 'text/html' } });
    expect(reply.text).toMatch(/<title>Admin \| [^<]+<\/title>/);
    expect(reply.text).toContain('<meta name="robots" content="noindex, nofollow" />');
    const home = await request(`${server.url}/`, { headers: { Accept: 'text/html' } });
    expect(home.text).not.toContain('<title>Admin');
  });

  it('503 with a clear text when the shell is not built', async () => {
    const bare = await startServer({ repoRoot: tempDir('gta-empty-repo-') });
    try {
      const reply = await request(`${bare.url}/about-us`, { headers: { Accept: 'text/html' } });
      expect(reply.status).toBe(503);
      expect(reply.text).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('security headers', () => {
  it('scripts, stylesheets and fonts carry nosniff but not the headers only a document obeys', async () => {
    for (const url of ['/main.js', '/512.0123456789.js', '/remotes/forms/remoteEntry.js', '/remotes/forms/fonts/inter.a1b2c3d4e5.woff2']) {
      const reply = await request(`${server.url}${url}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(reply.headers.get('content-security-policy')).toBeNull();
      expect(reply.headers.get('x-frame-options')).toBeNull();
    }
  });

  it('are on every response, with the n8n origins allowed for connections', async () => {
    for (const url of ['/', '/config.json', '/remotes/forms/mf-manifest.json', '/api/airtable/v0/appLocalBase/Properties?maxRecords=1', '/nope']) {
      const reply = await request(`${server.url}${url}`);
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      // the after-paint loader is the one inline script allowed, by its hash (no 'unsafe-inline')
      expect(csp).toContain(`script-src 'self' ${afterPaintLoader()?.cspSource ?? 'missing'} https://www.instagram.com`);
      expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
      // the chat widget talks to n8n's chat trigger; the webhook base is the server's alone, never the browser's
      expect(csp).toContain("connect-src 'self' https://n8n.example.com;");
      expect(csp).not.toContain('hooks.example.org');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('permissions-policy')).toContain('camera=()');
    }
  });
});

describe('media, sitemap and robots', () => {
  it('serves the site images and generated listing photos', async () => {
    const agent = await request(`${server.url}/media/site/agent.svg`);
    expect(agent.status).toBe(200);
    expect(agent.headers.get('content-type')).toBe('image/svg+xml');
    const fallback = await request(`${server.url}/media/fallback/property.svg`);
    expect(fallback.status).toBe(200);
    const [listing] = await server.app.store.all('Properties');
    const photos = listing?.fields.Photos as { url: string }[];
    // the stored URL names the camera-weight original (served through /media/photos, src/media); the drawing stays at .svg
    expect(photos[0]?.url).toMatch(/^\/media\/listings\/[A-Z]\d+\/1\.jpg$/);
    const photo = await request(`${server.url}${photos[0]?.url.replace(/\.jpg$/, '.svg')}`);
    expect(photo.status).toBe(200);
    expect(photo.text).toMatch(/^<svg[^>]+width="1200" height="800" viewBox="0 0 1200 800"/);
    expect(photo.headers.get('cache-control')).toContain('immutable');
    expect((await request(`${server.url}/media/listings/W1/99.svg`)).status).toBe(404);
  });

  it('sitemap lists every static route and each available listing, never /admin; robots disallows /admin', async () => {
    const sitemap = await request(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain(`<loc>${server.url}/active-listings</loc>`);
    expect(sitemap.text).toContain(`<loc>${server.url}/listings/oakville</loc>`);
    expect(sitemap.text).not.toContain('/admin');
    const properties = await server.app.store.all('Properties');
    const available = properties.filter((p) => String(p.fields.Status).trim().toLowerCase() === 'available');
    const sold = properties.find((p) => p.fields.Status === 'Sold');
    const count = (sitemap.text.match(/\/property\//g) ?? []).length;
    expect(count).toBe(available.length);
    expect(sold).toBeDefined();
    const robots = await request(`${server.url}/robots.txt`);
    expect(robots.text).not.toContain('/admin'); // crawlers may fetch it, to read its noindex header
    const staffPage = await request(`${server.url}/admin`, { headers: { Accept: 'text/html' } });
    expect(staffPage.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const publicPage = await request(`${server.url}/active-listings`, { headers: { Accept: 'text/html' } });
    expect(publicPage.headers.get('x-robots-tag')).toBeNull();
    expect(robots.text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe('helpers', () => {
  it('recognises content-hashed names', () => {
    expect(isHashedFile('128.a65e780886.js')).toBe(true);
    expect(isHashedFile('fonts/inter-latin-400.a1b2c3d4e5.woff2')).toBe(true);
    expect(isHashedFile('251.8ed891f0ef.js.LICENSE.txt')).toBe(true);
    expect(isHashedFile('remoteEntry.js')).toBe(false);
    expect(isHashedFile('mf-manifest.json')).toBe(false);
  });
  it('negotiates encodings with q-values', () => {
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
