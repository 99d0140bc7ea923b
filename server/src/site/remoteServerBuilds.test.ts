import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RemoteServerBuilds, integrityOf, parseServerManifest, SERVER_MANIFEST } from './remoteServerBuilds';

/** A remote's deployment: mf-server.json and its Node build, as the remote's build writes them into dist. */
function deployment() {
  const files = new Map<string, { body: Buffer; etag?: string }>();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.url} ${req.headers['if-none-match'] ?? ''}`.trim());
    const file = files.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    if (file.etag && req.headers['if-none-match'] === file.etag) return void res.writeHead(304).end();
    res.writeHead(200, file.etag ? { ETag: file.etag } : {}).end(file.body);
  });
  const publish = (source: string, opts: { integrity?: string; remote?: string; browserManifest?: string } = {}) => {
    const body = Buffer.from(source);
    const entry = `server/exposes.${integrityOf(body).slice(7, 15).replace(/[+/]/g, '_')}.js`;
    files.set(`/forms/${entry}`, { body });
    const manifest = {
      remote: opts.remote ?? 'forms',
      entry,
      integrity: opts.integrity ?? integrityOf(body),
      ...(opts.browserManifest ? { browserManifest: opts.browserManifest } : {}),
    };
    files.set(`/forms/${SERVER_MANIFEST}`, { body: Buffer.from(JSON.stringify(manifest)), etag: `"${manifest.integrity}"` });
  };
  return {
    files,
    hits,
    publish,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/forms/mf-manifest.json`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// a Node build as the remotes' server builds are: CommonJS, React from the server's node_modules
const build = (greeting: string) => `
const React = require('react');
let publicPath = '';
exports.setPublicPath = (p) => { publicPath = p; };
exports.modules = { Greeting: async () => ({ default: () => React.createElement('p', null, ${JSON.stringify(greeting)} + ' ' + publicPath) }) };
`;

describe("a remote's server build from its own deployment", () => {
  const remote = deployment();
  let url: string;
  const logs: string[] = [];
  const builds = () => new RemoteServerBuilds({ resolveFrom: __filename, log: (_key, message) => logs.push(message), checkEveryMs: 0 });
  beforeAll(async () => {
    url = await remote.start();
  });
  afterAll(() => remote.close());
  beforeEach(() => {
    logs.length = 0;
    remote.files.clear();
  });

  it("fetches mf-server.json and the build, checks its integrity, and compiles it with the server's own React", async () => {
    remote.publish(build('Hello'));
    const b = await builds().current('forms', url, true);
    expect(b?.publicPath).toBe(new URL('.', url).href);
    const exports = b?.exports as {
      modules: Record<string, () => Promise<{ default: () => { props: { children: string } } }>>;
      setPublicPath(p: string): void;
    };
    exports.setPublicPath('https://cdn.example/forms/');
    const Greeting = (await exports.modules.Greeting!()).default;
    expect(Greeting().props.children).toBe('Hello https://cdn.example/forms/');
    expect(logs.join('\n')).toMatch(/is loaded; its first screen is rendered here/);
  });

  it('names the browser build made with the Node build (mf-manifest.<hash>.json beside it), for the page to load', async () => {
    remote.publish(build('Paired'), { browserManifest: 'mf-manifest.0123456789.json' });
    const b = await builds().current('forms', url, true);
    expect(b?.browserManifestUrl).toBe(new URL('mf-manifest.0123456789.json', url).href);
    const integrity = integrityOf(Buffer.from('x'));
    expect(() => parseServerManifest({ remote: 'forms', entry: 'server/x.js', integrity, browserManifest: '../mf-manifest.json' }, 'forms')).toThrow(
      /browserManifest/,
    );
  });

  it('refuses a build whose bytes do not match the manifest, and one that names another remote', async () => {
    remote.publish(build('Tampered'), { integrity: integrityOf(Buffer.from('something else')) });
    expect(await builds().current('forms', url, true)).toBeUndefined();
    expect(logs.join('\n')).toMatch(/does not match mf-server.json/);
    expect(() => parseServerManifest({ remote: 'content', entry: 'server/x.js', integrity: integrityOf(Buffer.from('x')) }, 'forms')).toThrow(/not of "forms"/);
    expect(() => parseServerManifest({ remote: 'forms', entry: '../../etc/passwd', integrity: integrityOf(Buffer.from('x')) }, 'forms')).toThrow(
      /relative path/,
    );
    expect(() => parseServerManifest({ remote: 'forms', entry: 'https://evil.example/x.js', integrity: integrityOf(Buffer.from('x')) }, 'forms')).toThrow(
      /relative path/,
    );
  });

  it('a remote without a server build renders in the browser, and says so once', async () => {
    const b = builds();
    expect(await b.current('forms', url, true)).toBeUndefined();
    expect(logs).toEqual([expect.stringMatching(/ships no mf-server.json: its regions render in the browser/)]);
  });

  it('revalidates with the ETag, and loads the new build when the remote is redeployed', async () => {
    remote.publish(build('One'));
    const b = builds();
    const first = await b.current('forms', url, true);
    remote.hits.length = 0;
    const same = await b.current('forms', url, true);
    expect(same).toBe(first);
    expect(remote.hits).toEqual([`/forms/${SERVER_MANIFEST} "${first?.stamp}"`]);
    remote.publish(build('Two'));
    const second = await b.current('forms', url, true);
    expect(second?.stamp).not.toBe(first?.stamp);
    const exports = second?.exports as { modules: Record<string, () => Promise<{ default: () => { props: { children: string } } }>> };
    expect((await exports.modules.Greeting!()).default().props.children).toMatch(/^Two/);
  });

  it('before a page, checks again once the last check is older than checkEveryMs and renders with the redeployed build (issue 37)', async () => {
    remote.publish(build('One'));
    const b = new RemoteServerBuilds({ resolveFrom: __filename, log: (_key, message) => logs.push(message), checkEveryMs: 40 });
    const first = await b.current('forms', url, 'start-up');
    remote.publish(build('Two')); // the remote is redeployed; browsers load Two from now on
    await new Promise((resolve) => setTimeout(resolve, 60));
    remote.hits.length = 0;
    const page = await b.current('forms', url, 'page');
    expect(page?.stamp).not.toBe(first?.stamp);
    const exports = page?.exports as { modules: Record<string, () => Promise<{ default: () => { props: { children: string } } }>> };
    expect((await exports.modules.Greeting!()).default().props.children).toMatch(/^Two/);
    expect(remote.hits[0]).toBe(`/forms/${SERVER_MANIFEST} "${first?.stamp}"`); // a conditional request
  });

  it('a page waits at most pageWaitMs for a slow remote, then goes on with the build loaded; the check ends in the background', async () => {
    remote.publish(build('Old'));
    let slow = false;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowFetch: typeof fetch = async (input, init) => {
      if (slow) await held;
      return fetch(input, init);
    };
    const b = new RemoteServerBuilds({ resolveFrom: __filename, log: () => undefined, fetch: slowFetch, checkEveryMs: 0, pageWaitMs: 30 });
    const old = await b.current('forms', url, 'start-up');
    remote.publish(build('New'));
    slow = true;
    expect((await b.current('forms', url, 'page'))?.stamp).toBe(old?.stamp);
    release();
    slow = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await b.current('forms', url, 'none'))?.stamp).not.toBe(old?.stamp);
  });

  it('a network failure keeps the build loaded before', async () => {
    remote.publish(build('Kept'));
    const b = builds();
    const loaded = await b.current('forms', url, true);
    await remote.close();
    expect(await b.current('forms', url, true)).toBe(loaded);
    expect(logs.join('\n')).toMatch(/the one loaded before stays in use/);
    url = await remote.start();
  });
});
