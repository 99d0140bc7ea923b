/**
 * Entry point: `node server/dist/index.js`. Reads the environment (see server/README.md), opens (and on first
 * start seeds) the store, and serves the whole site. The port is listened on at once: while PostgreSQL is away the
 * replica waits and retries, unready (startup.ts). SIGTERM drains (app.close()): /readyz 503 for
 * SHUTDOWN_READY_DELAY_MS while still answering, then no new connections, every request already received answered,
 * the outbox stopped, exit 0. SIGINT (Ctrl-C) skips the delay; a second signal ends it at once.
 * With NODE_ENV=production every line on stdout and stderr is one JSON record (the banner, a start that fails, a
 * crash with its stack, Node's warnings); `npm start` keeps the friendly banner.
 */
// first: config.ts notes NODE_ENV before a page module sets it for React (site/firstScreen.ts)
import { LOG_LEVELS, readConfig, startedInProduction, type LogLevel } from './config';
import { createAnnouncer, createLogger, installJsonCrashLogging, type Announcer } from './log';
import { StoreOpenError } from './store/store';
import { plugins } from './plugins';
import { startWhenStoreOpens, type StartingServer } from './startup';
import { redactUrl } from './webhooks/outbox';
import { credentialsInUrl, describeAuth } from './http/n8nAuth';
import type { ServerApp } from './app';
import type { ServerConfig } from './config';

const json = startedInProduction();
const envLevel = process.env.LOG_LEVEL?.toLowerCase();
/** The process's own lines before the app's logger exists (and a crash's record): the app's logger's format. */
const processLog = createLogger((LOG_LEVELS as readonly string[]).includes(envLevel ?? '') ? (envLevel as LogLevel) : 'info');
const say: Announcer = createAnnouncer(json, processLog);
if (json) installJsonCrashLogging(processLog);

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    // a setting that cannot be used (an unreadable X_FILE secret, a malformed URL): say which, never a value
    const reason = (err as Error).message;
    say.fatal('the server cannot start', { reason }, [`\nThe server cannot start: ${reason}\n`]);
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
            say.warn('waiting for the database; /healthz answers, /readyz says 503 meanwhile', { reason: (err as Error).message, attempt }, [
              `  Waiting for the database (${(err as Error).message}); attempt ${attempt}, trying again every second. /healthz answers, /readyz says 503 meanwhile.`,
            ]);
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
        else if (json) processLog.error({ err }, 'shutdown failed');
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
  announce(json ? createAnnouncer(true, app.log) : say, app, config, starting.port);
}

/** The start-up banner: friendly lines at a terminal, one JSON record per fact in production. */
function announce(out: Announcer, app: ServerApp, config: ServerConfig, port: number): void {
  out.info('site running', { port, url: `http://localhost:${port}` }, [`\n  Site running at http://localhost:${port}\n`]);
  const { staffPassword } = app;
  if (staffPassword.source === 'generated') {
    // the password itself only at a terminal: a log collector keeps it for anyone who reads the logs
    out.info('staff sign-in: a password was generated for this machine; set STAFF_PASSWORD to choose one', { passwordFile: staffPassword.file }, [
      `  Staff sign-in (/admin): a password was generated for this machine: ${staffPassword.password}`,
      `  It is kept in ${staffPassword.file} (set STAFF_PASSWORD to choose your own).\n`,
    ]);
  } else if (staffPassword.source === 'file') {
    out.info('staff sign-in: the local password is in its file', { passwordFile: staffPassword.file }, [
      `  Staff sign-in (/admin): the local password is in ${staffPassword.file}\n`,
    ]);
  }
  out.info('store', { store: app.store.description }, [`  Store: ${app.store.description}`]);
  if (config.airtableBaseId && config.airtableToken)
    out.info(
      'airtable mode: the listings are synced into the store; staff tables and submissions are in the base',
      { base: config.airtableBaseId, apiUrl: config.airtableApiUrl, syncIntervalS: config.airtableSyncIntervalMs / 1000 },
      [
        `  Airtable mode: the listings of base ${config.airtableBaseId} (${config.airtableApiUrl}) are synced into the store every ${config.airtableSyncIntervalMs / 1000} s; staff tables and submissions are there`,
      ],
    );
  if (config.n8nWebhookBase) {
    const methods = describeAuth(config.n8nWebhookAuth, credentialsInUrl(config.n8nWebhookBase));
    const authentication = methods.length > 0 ? methods.join(', ') : 'none';
    out.info('form submissions are stored, then forwarded to n8n', { n8nWebhookBase: redactUrl(config.n8nWebhookBase), authentication }, [
      `  Form submissions are stored, then forwarded to ${redactUrl(config.n8nWebhookBase)} (authentication: ${authentication})`,
    ]);
  }
}

function cannotStart(err: unknown, port: number, dataDir: string): never {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE')
    say.fatal('the server cannot start: the port is already in use', { port }, [`\nPort ${port} is already in use. Set PORT to a free port.\n`]);
  else {
    const reason = err instanceof StoreOpenError ? e.message : `${e.message} (data folder ${dataDir})`;
    say.fatal('the server cannot start', { reason }, [`\nThe server cannot start: ${reason}\n`]);
  }
  process.exit(1);
}

void main();
