/**
 * Starting a replica whose database may be away (PostgreSQL stopped, restarting, failing over). When the store opens,
 * nothing changes: the port opens once the app is ready (a proxy meanwhile finds it refused and tries another
 * replica). When it cannot be opened because the database is away, the port is listened on then, and answers:
 * `/healthz` 200, so the orchestrator does not restart the process; `/readyz` 503 with the reason, so no traffic is
 * sent; everything else 503 with Retry-After, as JSON (a page needs the database for its listings, a form post could
 * not be stored). Opening the store is tried again every `retryMs` until it works; then the app takes over the same
 * listening socket, so no connection is refused meanwhile. An error that waiting cannot mend (a wrong password, a
 * missing database, a failed migration, the port in use, any SQLite error: a local file does not come back by
 * waiting) ends the start with that error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type CreateAppOptions, type ServerApp } from './app';
import type { ServerConfig } from './config';
import { sendJson } from './http/respond';
import { isStoreUnavailable, STORE_RETRY_AFTER_SECONDS } from './store/unavailable';

export interface StartingServer {
  /** The port listened on (from the start when the database was away). */
  readonly port: number;
  /** The app, once the store is open and the app answers on the port; rejects with an error waiting cannot mend. */
  readonly ready: Promise<ServerApp>;
  /** Stops waiting (the app is not created), or closes the app when it is up (same options as app.close). */
  close(options?: { readyDelayMs?: number }): Promise<void>;
}

export interface StartOptions {
  /** Between attempts to open the store (default 1 s: the site is back within a second or so of its database). */
  retryMs?: number;
  /** Told of each failed attempt while waiting (index.ts logs the first and then every tenth). */
  onWait?: (err: unknown, attempt: number) => void;
}

/** Creates the app and listens; while the database is away, listens at once, unready, and creates the app when it is back. */
export async function startWhenStoreOpens(config: ServerConfig, options: CreateAppOptions = {}, start: StartOptions = {}): Promise<StartingServer> {
  const retryMs = start.retryMs ?? 1000;
  let reason = 'starting';
  let firstError: unknown;
  try {
    const app = await createApp(config, options);
    await app.listen();
    return { port: (app.server.address() as AddressInfo).port, ready: Promise.resolve(app), close: (closeOptions) => app.close(closeOptions) };
  } catch (err) {
    // SQLite is a file of this machine: nothing comes back by waiting (a folder held by another process included)
    if (!config.databaseUrl || !isStoreUnavailable(err)) throw err;
    firstError = err;
    reason = `database: ${(err as Error).message}`;
  }
  const waiting = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const pathname = (req.url ?? '/').split('?')[0];
    res.setHeader('Cache-Control', 'no-store');
    if (pathname === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (pathname === '/readyz') return sendJson(res, 503, { status: 'not ready', problems: [reason] });
    sendJson(
      res,
      503,
      {
        ok: false,
        error: { type: 'SERVICE_UNAVAILABLE', message: 'The site is starting and cannot save or show anything yet. Please try again in a few seconds.' },
        retryAfter: STORE_RETRY_AFTER_SECONDS,
      },
      { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
    );
  };
  const server = http.createServer(waiting);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let stopping = false;
  let wake: (() => void) | undefined;
  let app: ServerApp | undefined;

  const ready = (async (): Promise<ServerApp> => {
    start.onWait?.(firstError, 1);
    for (let attempt = 2; ; attempt++) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, retryMs).unref();
      });
      if (stopping) throw new Error('stopped before the database was reachable');
      try {
        // the app answers on the port the waiting server holds (config.port may be 0: the one it was given)
        const created = await createApp({ ...config, port }, { ...options, server });
        app = created;
        await created.listen();
        return created;
      } catch (err) {
        if (stopping || !isStoreUnavailable(err)) {
          if (!app) server.close();
          throw err;
        }
        reason = `database: ${(err as Error).message}`;
        start.onWait?.(err, attempt);
      }
    }
  })();
  // the caller may be told through `ready` only; a rejection nobody awaits must not end the process by itself
  ready.catch(() => undefined);

  return {
    port,
    ready,
    async close(closeOptions) {
      stopping = true;
      wake?.();
      // the app is being created: let it finish (or fail) and close it, rather than leave its store open
      await ready.catch(() => undefined);
      if (app) return app.close(closeOptions);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
