// A plain static file server on 127.0.0.1 with CORS, as a CDN would serve a remote's dist/: for tests that deploy a
// part somewhere other than the site's server (remote-origin.test.mjs, drift.test.mjs).
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { freePort } from './server.mjs';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.txt': 'text/plain',
};

/**
 * Serves `dir`, or with `{ prefix: dir, … }` each folder under its own first path segment (`/listings/x.js` from
 * the `listings` folder). Returns the origin, the paths asked for, and close(). `onServed(pathname)` is called once a
 * file's bytes are all sent (a test may change the folder then: the file was read whole).
 * @param {string | Record<string, string>} dirs
 * @param {{ onServed?: (pathname: string) => void }} [options]
 */
export async function startStaticServer(dirs, options = {}) {
  const roots = typeof dirs === 'string' ? { '': resolve(dirs) } : Object.fromEntries(Object.entries(dirs).map(([prefix, dir]) => [prefix, resolve(dir)]));
  const requests = [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(pathname);
    const [, first = '', ...rest] = pathname.split('/');
    const [root, inside] = '' in roots ? [roots[''], pathname] : [roots[first], `/${rest.join('/')}`];
    let stat;
    const file = root ? resolve(root, `.${inside}`) : '';
    try {
      stat = root && file.startsWith(root + sep) ? statSync(file) : undefined;
    } catch {
      stat = undefined;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!stat?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': stat.size, 'Cache-Control': 'no-cache' });
    if (options.onServed) res.on('finish', () => options.onServed(pathname));
    createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(r)) };
}
