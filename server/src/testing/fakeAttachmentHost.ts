/**
 * Airtable's attachment file host, faked on loopback: files are read through signed URLs that expire
 * (`/v3/u/{token}/{name}`), as Airtable's attachment URLs do after a few hours. `sign(name)` gives a fresh URL (what a
 * read of the record hands out); `expireAll()` lets every URL given so far expire: they answer 410 from then on.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class FakeAttachmentHost {
  url = '';
  private readonly files = new Map<string, { body: Buffer; type: string }>();
  private readonly tokens = new Map<string, string>();
  /** Every request: the file's name (or '?') and the status it got. */
  readonly requests: { name: string; status: number }[] = [];
  private readonly server = http.createServer((req, res) => {
    const m = /^\/v3\/u\/([a-f0-9]+)\/([^/?]+)/.exec(req.url ?? '');
    const name = m ? this.tokens.get(m[1] as string) : undefined;
    const file = name && name === decodeURIComponent(m?.[2] ?? '') ? this.files.get(name) : undefined;
    if (!file) {
      // an expired or unknown URL, as Airtable's file host answers it
      this.requests.push({ name: m ? decodeURIComponent(m[2] as string) : '?', status: 410 });
      res.writeHead(410, { 'Content-Type': 'text/plain' }).end('Gone');
      return;
    }
    this.requests.push({ name: name as string, status: 200 });
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': String(file.body.length) }).end(file.body);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  put(name: string, body: Buffer, type = 'image/jpeg'): void {
    this.files.set(name, { body, type });
  }

  /** A fresh signed URL of a file. */
  sign(name: string): string {
    const token = crypto.randomBytes(12).toString('hex');
    this.tokens.set(token, name);
    return `${this.url}/v3/u/${token}/${encodeURIComponent(name)}`;
  }

  expireAll(): void {
    this.tokens.clear();
  }
}
