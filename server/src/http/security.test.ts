import { request, startServer, tempDir } from '../testing/harness';
import { TOUR_FRAME_ORIGINS, tourEmbed } from '@gta/shared/core';
import { contentSecurityPolicy, remoteOrigin, tileOrigins } from './security';

/** The policy as directive -> sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** What `withRemotes` adds to `base`, directive by directive (sources only; none may be taken away). */
function added(base: string, withRemotes: string): Record<string, string[]> {
  const before = directives(base);
  const after = directives(withRemotes);
  expect([...after.keys()]).toEqual([...before.keys()]);
  const diff: Record<string, string[]> = {};
  for (const [name, sources] of after) {
    const old = before.get(name) ?? [];
    expect(old.filter((s) => !sources.includes(s))).toEqual([]);
    const extra = sources.filter((s) => !old.includes(s));
    if (extra.length) diff[name] = extra;
  }
  return diff;
}

const ASSET_DIRECTIVES = ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src'];

describe('the Content-Security-Policy and the remotes served from other origins', () => {
  const base = { connectUrls: ['https://n8n.example.com/webhook/chat'], inlineScriptHashes: ["'sha256-abc='"] };

  it("adds each remote's origin to the directives of the files a remote serves, and nothing else", () => {
    const plain = contentSecurityPolicy(base);
    const csp = contentSecurityPolicy({ ...base, remoteUrls: ['http://127.0.0.1:8107/mf-manifest.json', 'https://cdn.example.com/forms/v2/mf-manifest.json'] });
    expect(added(plain, csp)).toEqual({
      'script-src': ['http://127.0.0.1:8107', 'https://cdn.example.com'],
      'style-src': ['http://127.0.0.1:8107', 'https://cdn.example.com'],
      'img-src': ['http://127.0.0.1:8107', 'https://cdn.example.com'],
      'font-src': ['http://127.0.0.1:8107', 'https://cdn.example.com'],
      'connect-src': ['http://127.0.0.1:8107', 'https://cdn.example.com'],
    });
    // frames, objects, base and form targets stay as they were
    for (const name of ['default-src', 'frame-src', 'frame-ancestors', 'base-uri', 'form-action', 'object-src'])
      expect(directives(csp).get(name)).toEqual(directives(plain).get(name));
  });

  it('names an origin once however many remotes share it, with its port, never a path', () => {
    const csp = contentSecurityPolicy({
      remoteUrls: [
        'https://cdn.example.com/forms/mf-manifest.json',
        'https://cdn.example.com/listings/mf-manifest.json',
        'https://cdn.example.com:8443/chat/mf-manifest.json',
        undefined,
      ],
    });
    for (const name of ASSET_DIRECTIVES) {
      const sources = directives(csp).get(name) ?? [];
      expect(sources.filter((s) => s === 'https://cdn.example.com')).toHaveLength(1);
      expect(sources).toContain('https://cdn.example.com:8443');
      expect(sources.some((s) => s.includes('/forms') || s.includes('mf-manifest'))).toBe(false);
    }
  });

  it("never adds a wildcard, a 'null' origin or anything that is not an http(s) origin", () => {
    const plain = contentSecurityPolicy();
    const hostile = [
      'https://*.example.com/mf-manifest.json',
      '*',
      'file:///srv/forms/mf-manifest.json',
      'data:application/json,{}',
      'javascript:alert(1)',
      '/remotes/forms/mf-manifest.json', // relative: this origin, already 'self'
      'not a url',
      "https://cdn.example.com; script-src 'unsafe-inline'",
    ];
    const csp = contentSecurityPolicy({ remoteUrls: hostile });
    expect(csp).not.toMatch(/\*/);
    expect(csp).not.toMatch(/'null'|\snull(\s|;|$)/);
    expect(added(plain, csp)).toEqual({});
    for (const url of hostile) expect(remoteOrigin(url)).toBeNull();
    expect(remoteOrigin('HTTPS://CDN.Example.com:443/forms/mf-manifest.json')).toBe('https://cdn.example.com');
    expect(remoteOrigin('http://[::1]:8107/mf-manifest.json')).toBe('http://[::1]:8107');
  });

  it('is what the server sends when REMOTE_<NAME>_URL names another origin: the same policy plus that origin', async () => {
    const repoRoot = tempDir('gta-csp-repo-');
    const plain = await startServer({ repoRoot });
    const other = await startServer(
      { repoRoot },
      {},
      { REMOTE_FORMS_URL: 'http://127.0.0.1:8107/mf-manifest.json', REMOTE_CHAT_URL: 'https://chat.cdn.example.net/v3/mf-manifest.json' },
    );
    try {
      const cspOf = async (url: string): Promise<string> => (await request(`${url}/config.json`)).headers.get('content-security-policy') ?? '';
      const config = (await request(`${other.url}/config.json`)).json<{ remotes: Record<string, string> }>();
      // the origins the browser is sent to are the ones the policy allows
      expect(config.remotes.forms).toBe('http://127.0.0.1:8107/mf-manifest.json');
      expect(config.remotes.chat).toBe('https://chat.cdn.example.net/v3/mf-manifest.json');
      const diff = added(await cspOf(plain.url), await cspOf(other.url));
      const both = ['http://127.0.0.1:8107', 'https://chat.cdn.example.net'];
      expect(diff).toEqual({ 'script-src': both, 'style-src': both, 'img-src': both, 'font-src': both, 'connect-src': both });
    } finally {
      await plain.close();
      await other.close();
    }
  });
});

describe("the Content-Security-Policy and the map's tile provider (MAP_STYLE_URL)", () => {
  it('adds the tile origin to img-src and connect-src only, and each {s} subdomain Leaflet uses', () => {
    const plain = contentSecurityPolicy();
    expect(added(plain, contentSecurityPolicy({ mapTileUrl: 'http://tiles.internal:8080/styles/gta/{z}/{x}/{y}.png' }))).toEqual({
      'img-src': ['http://tiles.internal:8080'],
      'connect-src': ['http://tiles.internal:8080'],
    });
    expect(tileOrigins('https://{s}.tile.example.com/{z}/{x}/{y}{r}.png')).toEqual([
      'https://a.tile.example.com',
      'https://b.tile.example.com',
      'https://c.tile.example.com',
    ]);
    // https origins are already covered by img-src's https: in the policy, and are still named for connect-src
    expect(added(plain, contentSecurityPolicy({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' }))).toEqual({
      'img-src': ['https://tiles.example.com'],
      'connect-src': ['https://tiles.example.com'],
    });
  });

  it('adds nothing for a template that is not an http(s) URL with a plain host', () => {
    const plain = contentSecurityPolicy();
    for (const url of ['https://*.example.com/{z}/{x}/{y}.png', 'file:///tiles/{z}/{x}/{y}.png', 'not a url', undefined]) {
      expect(added(plain, contentSecurityPolicy({ mapTileUrl: url }))).toEqual({});
    }
  });

  it('is what the server sends, with the template and its attribution in /config.json; a template without {z}/{x}/{y} is left out', async () => {
    const repoRoot = tempDir('gta-csp-map-');
    const withTiles = await startServer({ repoRoot }, {}, { MAP_STYLE_URL: 'http://127.0.0.1:8181/tiles/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Example Tiles' });
    const wrong = await startServer({ repoRoot }, {}, { MAP_STYLE_URL: 'https://tiles.example.com/style.json' });
    try {
      const answer = await request(`${withTiles.url}/config.json`);
      expect(answer.json<{ map?: unknown }>().map).toEqual({ tileUrl: 'http://127.0.0.1:8181/tiles/{z}/{x}/{y}.png', attribution: '© Example Tiles' });
      const csp = directives(answer.headers.get('content-security-policy') ?? '');
      expect(csp.get('img-src')).toContain('http://127.0.0.1:8181');
      expect(csp.get('connect-src')).toContain('http://127.0.0.1:8181');
      const other = await request(`${wrong.url}/config.json`);
      expect(other.json<{ map?: unknown }>().map).toBeUndefined();
      expect(other.headers.get('content-security-policy')).not.toContain('tiles.example.com');
    } finally {
      await withTiles.close();
      await wrong.close();
    }
  });
});

describe("the maps' vector-tile archive (MAP_PMTILES_URL) and a raster provider's key (MAP_TILE_KEY)", () => {
  it('adds the archive origin to connect-src only (read with fetch and range requests, drawn on a canvas)', () => {
    const plain = contentSecurityPolicy();
    expect(added(plain, contentSecurityPolicy({ pmtilesUrl: 'https://cdn.example.net/maps/gta-2026-11.pmtiles' }))).toEqual({
      'connect-src': ['https://cdn.example.net'],
    });
    expect(added(plain, contentSecurityPolicy({ pmtilesUrl: 'https://*.example.net/a.pmtiles' }))).toEqual({});
  });

  it('is what the server sends: the archive in /config.json and its origin in connect-src; it wins over MAP_STYLE_URL', async () => {
    const repoRoot = tempDir('gta-csp-pmtiles-');
    const server = await startServer(
      { repoRoot },
      {},
      { MAP_PMTILES_URL: 'http://127.0.0.1:8182/maps/region.pmtiles', MAP_STYLE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' },
    );
    const wrong = await startServer({ repoRoot }, {}, { MAP_PMTILES_URL: 'http://127.0.0.1:8182/maps/region.json' });
    try {
      const answer = await request(`${server.url}/config.json`);
      const map = answer.json<{ map?: { pmtilesUrl?: string; attribution?: string } }>().map;
      expect(map?.pmtilesUrl).toBe('http://127.0.0.1:8182/maps/region.pmtiles');
      expect(map?.attribution).toMatch(/OpenStreetMap/);
      const csp = directives(answer.headers.get('content-security-policy') ?? '');
      expect(csp.get('connect-src')).toContain('http://127.0.0.1:8182');
      expect(answer.headers.get('content-security-policy')).not.toContain('tiles.example.com');
      const other = await request(`${wrong.url}/config.json`);
      expect(other.json<{ map?: unknown }>().map).toBeUndefined();
      expect(other.headers.get('content-security-policy')).not.toContain('127.0.0.1:8182');
    } finally {
      await server.close();
      await wrong.close();
    }
  });

  it("fills a raster template's {key} from MAP_TILE_KEY at run time; without the key the provider is not used", async () => {
    const repoRoot = tempDir('gta-csp-key-');
    const keyed = await startServer(
      { repoRoot },
      {},
      { MAP_STYLE_URL: 'https://maps.example.org/streets/{z}/{x}/{y}.png?key={key}', MAP_TILE_KEY: 'k 1&2', MAP_ATTRIBUTION: '© Example' },
    );
    const keyless = await startServer({ repoRoot }, {}, { MAP_STYLE_URL: 'https://maps.example.org/streets/{z}/{x}/{y}.png?key={key}' });
    try {
      const answer = await request(`${keyed.url}/config.json`);
      expect(answer.json<{ map?: unknown }>().map).toEqual({
        tileUrl: 'https://maps.example.org/streets/{z}/{x}/{y}.png?key=k%201%262',
        attribution: '© Example',
      });
      const csp = directives(answer.headers.get('content-security-policy') ?? '');
      expect(csp.get('img-src')).toContain('https://maps.example.org');
      expect(csp.get('connect-src')).toContain('https://maps.example.org');
      const other = await request(`${keyless.url}/config.json`);
      expect(other.json<{ map?: unknown }>().map).toBeUndefined();
    } finally {
      await keyed.close();
      await keyless.close();
    }
  });
});

describe('connect-src names only what the browser contacts', () => {
  it("the n8n webhook origin never (forms post to this server, which forwards); n8n's chat URL only when the widget talks to it", async () => {
    const repoRoot = tempDir('gta-csp-n8n-');
    const forwarding = await startServer({ repoRoot, n8nWebhookBase: 'https://n8n.internal.example/webhook' });
    const directChat = await startServer({
      repoRoot,
      n8nWebhookBase: 'https://n8n.internal.example/webhook',
      n8nChatUrl: 'https://chat.n8n.example/webhook/4f1c/chat',
    });
    try {
      const forwardingAnswer = await request(`${forwarding.url}/config.json`);
      const forwardingCsp = directives(forwardingAnswer.headers.get('content-security-policy') ?? '');
      expect(forwardingCsp.get('connect-src')).toEqual(["'self'"]);
      // what the page is told to contact: this origin only
      expect(forwardingAnswer.text).not.toContain('n8n.internal.example');
      const chatAnswer = await request(`${directChat.url}/config.json`);
      expect(chatAnswer.json<{ chatWebhookUrl: string }>().chatWebhookUrl).toBe('https://chat.n8n.example/webhook/4f1c/chat');
      expect(directives(chatAnswer.headers.get('content-security-policy') ?? '').get('connect-src')).toEqual(["'self'", 'https://chat.n8n.example']);
    } finally {
      await forwarding.close();
      await directChat.close();
    }
  });
});

describe("frame-src and a listing's virtual tour (listingDetails.ts: loaded on click)", () => {
  it("names exactly the social embeds and the allow-listed tour players' origins, https only, no wildcard", () => {
    const frames = directives(contentSecurityPolicy()).get('frame-src');
    expect(frames).toEqual([
      'https://www.instagram.com',
      'https://www.facebook.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://my.matterport.com',
    ]);
    for (const origin of TOUR_FRAME_ORIGINS) expect(frames).toContain(origin);
    // every player URL tourEmbed gives is on one of them
    for (const url of ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871', 'https://my.matterport.com/show/?m=SxQL3iGyoDo'])
      expect(frames).toContain(new URL(tourEmbed(url)?.embedUrl ?? 'about:blank').origin);
  });
});
