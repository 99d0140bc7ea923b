/**
 * Entry point: `node server/dist/index.js`. Reads the environment (see server/README.md), opens (and on first
 * start seeds) the store, and serves the whole site. SIGTERM or SIGINT shut it down gracefully (app.close()):
 * requests in flight finish, nothing acknowledged is lost; a second signal ends it at once.
 */
import { readConfig } from './config';
import { createApp } from './app';
import { StoreOpenError } from './store/store';
import { plugins } from './plugins';
import { redactUrl } from './webhooks/outbox';
import { credentialsInUrl, describeAuth } from './webhooks/auth';

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    // a setting that cannot be used (an unreadable X_FILE secret, a malformed URL): say which, never a value
    console.error(`\nThe server cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  let app;
  try {
    app = await createApp(config, { plugins });
  } catch (err) {
    const message = err instanceof StoreOpenError ? err.message : `${(err as Error).message} (data folder ${config.dataDir})`;
    console.error(`\nThe server cannot start: ${message}\n`);
    process.exit(1);
  }
  const url = await app.listen().catch((err: NodeJS.ErrnoException) => {
    console.error(
      err.code === 'EADDRINUSE' ? `\nPort ${config.port} is already in use. Set PORT to a free port.\n` : `\nThe server cannot listen: ${err.message}\n`,
    );
    process.exit(1);
  });
  console.log(`\n  Site running at ${url}\n`);
  if (app.staffPassword.source === 'generated') {
    console.log(`  Staff sign-in (/admin): a password was generated for this machine: ${app.staffPassword.password}`);
    console.log(`  It is kept in ${app.staffPassword.file} (set STAFF_PASSWORD to choose your own).\n`);
  } else if (app.staffPassword.source === 'file') {
    console.log(`  Staff sign-in (/admin): the local password is in ${app.staffPassword.file}\n`);
  }
  console.log(`  Store: ${app.store.description}`);
  if (config.airtableBaseId && config.airtableToken)
    console.log(`  Airtable mode: records API proxied to ${config.airtableApiUrl} (base ${config.airtableBaseId}); submissions are created there`);
  if (config.n8nWebhookBase) {
    const methods = describeAuth(config.n8nWebhookAuth, credentialsInUrl(config.n8nWebhookBase));
    console.log(
      `  Form submissions are stored, then forwarded to ${redactUrl(config.n8nWebhookBase)} (authentication: ${methods.length > 0 ? methods.join(', ') : 'none'})`,
    );
  }
  const running = app;
  let signalled = false;
  const shutdown = (signal: string): void => {
    if (signalled) {
      running.log.warn({ signal }, 'second signal: stopping now');
      process.exit(1);
    }
    signalled = true;
    running.log.info({ signal }, 'shutting down');
    running
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        running.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
