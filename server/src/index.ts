/**
 * Entry point: `node server/dist/index.js`. Reads the environment (see server/README.md), opens (and on first
 * start seeds) the store, and serves the whole site. The port is listened on at once: while PostgreSQL is away the
 * replica waits and retries, unready (startup.ts). SIGTERM drains (app.close()): /readyz 503 for
 * SHUTDOWN_READY_DELAY_MS while still answering, then no new connections, every request already received answered,
 * the outbox stopped, exit 0. SIGINT (Ctrl-C) skips the delay; a second signal ends it at once.
 */
import { readConfig } from './config';
import { StoreOpenError } from './store/store';
import { plugins } from './plugins';
import { startWhenStoreOpens, type StartingServer } from './startup';
import { redactUrl } from './webhooks/outbox';
import { credentialsInUrl, describeAuth } from './http/n8nAuth';
import type { ServerApp } from './app';

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    // a setting that cannot be used (an unreadable X_FILE secret, a malformed URL): say which, never a value
    console.error(`\nThe server cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const shutdownReadyDelayMs = config.shutdownReadyDelayMs;
  let starting: StartingServer;
  try {
    starting = await startWhenStoreOpens(
      config,
      { plugins },
      {
        onWait: (err, attempt) => {
          if (attempt === 1 || attempt % 10 === 0)
            console.warn(
              `  Waiting for the database (${(err as Error).message}); attempt ${attempt}, trying again every second. /healthz answers, /readyz says 503 meanwhile.`,
            );
        },
      },
    );
  } catch (err) {
    cannotStart(err, config.port, config.dataDir);
  }
  // the app once it is up (signals may come while it waits for the database)
  const up: { app?: ServerApp } = {};
  let signalled = false;
  const shutdown = (signal: string): void => {
    if (signalled) {
      up.app?.log.warn({ signal }, 'second signal: stopping now');
      process.exit(1);
    }
    signalled = true;
    up.app?.log.info({ signal }, 'shutting down');
    // SIGTERM comes from an orchestrator with a load balancer in front: let it see /readyz 503 before the port closes
    starting
      .close({ readyDelayMs: signal === 'SIGTERM' ? shutdownReadyDelayMs : 0 })
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        if (up.app) up.app.log.error({ err }, 'shutdown failed');
        else console.error(`shutdown failed: ${(err as Error).message}`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  let app: ServerApp;
  try {
    app = await starting.ready;
  } catch (err) {
    if (signalled) return; // stopped while waiting for the database: shutdown() exits
    cannotStart(err, config.port, config.dataDir);
  }
  up.app = app;
  console.log(`\n  Site running at http://localhost:${starting.port}\n`);
  if (app.staffPassword.source === 'generated') {
    console.log(`  Staff sign-in (/admin): a password was generated for this machine: ${app.staffPassword.password}`);
    console.log(`  It is kept in ${app.staffPassword.file} (set STAFF_PASSWORD to choose your own).\n`);
  } else if (app.staffPassword.source === 'file') {
    console.log(`  Staff sign-in (/admin): the local password is in ${app.staffPassword.file}\n`);
  }
  console.log(`  Store: ${app.store.description}`);
  if (config.airtableBaseId && config.airtableToken)
    console.log(
      `  Airtable mode: the listings of base ${config.airtableBaseId} (${config.airtableApiUrl}) are synced into the store every ${config.airtableSyncIntervalMs / 1000} s; staff tables and submissions are there`,
    );
  if (config.n8nWebhookBase) {
    const methods = describeAuth(config.n8nWebhookAuth, credentialsInUrl(config.n8nWebhookBase));
    console.log(
      `  Form submissions are stored, then forwarded to ${redactUrl(config.n8nWebhookBase)} (authentication: ${methods.length > 0 ? methods.join(', ') : 'none'})`,
    );
  }
}

function cannotStart(err: unknown, port: number, dataDir: string): never {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') console.error(`\nPort ${port} is already in use. Set PORT to a free port.\n`);
  else console.error(`\nThe server cannot start: ${err instanceof StoreOpenError ? e.message : `${e.message} (data folder ${dataDir})`}\n`);
  process.exit(1);
}

void main();
