/**
 * The drain of a replica (app.close, what SIGTERM runs; issue 35): /readyz answers 503 for the ready delay while
 * connections are still accepted and answered, then new connections are refused; every request whose bytes had
 * arrived is answered, those on keep-alive connections not read yet included (they used to be closed as idle: their
 * clients saw a reset). A real process under SIGTERM: e2e/tests/replicas.test.mjs.
 */
import net from 'node:net';
import { request, startServer, validContact, type TestServer } from './testing/harness';

/** An HTTP/1.1 exchange on a raw socket: what came back before the server closed it ('' and `reset` on a reset). */
function exchange(socket: net.Socket): Promise<{ answer: string; reset: boolean }> {
  return new Promise((resolve) => {
    let answer = '';
    let reset = false;
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => (reset = true));
    socket.on('close', () => resolve({ answer, reset }));
  });
}

function rawPost(body: unknown): string {
  const json = JSON.stringify(body);
  return `POST /webhook/contact-form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

describe('draining a replica', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('/readyz answers 503 during the ready delay while the replica still answers, then new connections are refused', async () => {
    server = await startServer();
    const port = Number(new URL(server.url).port);
    const base = `http://127.0.0.1:${port}`;
    expect((await request(`${base}/readyz`)).status).toBe(200);
    const closing = server.app.close({ readyDelayMs: 1500 });
    const ready = await request(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.json<{ problems: string[] }>().problems).toContain('shutting down');
    expect(ready.headers.get('connection')).toBe('close');
    // still alive and answering: liveness and a form post
    expect((await request(`${base}/healthz`)).status).toBe(200);
    const post = await request(`${base}/webhook/contact-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validContact, email: 'during-delay@example.com' }),
    });
    expect(post.status).toBe(200);
    await closing;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('keep-alive connections whose next request has arrived but is not read yet when the drain starts: every one answered and stored', async () => {
    server = await startServer();
    const app = server.app;
    const port = Number(new URL(server.url).port);
    const count = 30;
    // each connection has had one answer and is kept alive, idle: what a browser or a proxy's pool holds
    const sockets = await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
            socket.once('data', () => resolve(socket));
          }),
      ),
    );
    const answers = sockets.map(exchange);
    // the drain starts, and the next requests' bytes arrive before the server has read them
    const closing = app.close();
    sockets.forEach((s, i) => s.write(rawPost({ ...validContact, email: `drain-${i}@example.com` })));
    const results = await Promise.all(answers);
    await closing;
    expect(results.filter((r) => r.reset)).toEqual([]);
    const statuses = results.map((r) => r.answer.slice(0, 12));
    expect(statuses).toEqual(Array.from({ length: count }, () => 'HTTP/1.1 200'));
    for (const r of results) expect(r.answer).toMatch(/\r\nConnection: close\r\n/i);
    // stored: the store was closed by the drain; the data folder holds them (a new app on it reads them)
    const again = await startServer({ dataDir: server.dataDir });
    try {
      for (const r of results) {
        const { id } = JSON.parse(r.answer.slice(r.answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n/, '')) as { id: string };
        expect(await again.app.store.find('Website Submissions', id)).toBeDefined();
      }
    } finally {
      await again.close();
    }
  });
});
