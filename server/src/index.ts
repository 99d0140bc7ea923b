/**
 * Entry point: `node server/dist/index.js`. Reads the environment (see server/README.md), opens (and on first
 * start seeds) the store, and serves the whole site.
 */
import { readConfig } from './config';
import { createApp } from './app';
import { StoreOpenError } from './store/store';
import { plugins } from './plugins';

async function main(): Promise<void> {
  const config = readConfig();
  let app;
  try {
    app = createApp(config, { plugins });
  } catch (err) {
    const message = err instanceof StoreOpenError ? err.message : `${(err as Error).message} (data folder ${config.dataDir})`;
    console.error(`\nThe server cannot start: ${message}\n`);
    process.exit(1);
  }
  const url = await app.listen().catch((err: NodeJS.ErrnoException) => {
    console.error(err.code === 'EADDRINUSE' ? `\nPort ${config.port} is already in use. Set PORT to a free port.\n` : `\nThe server cannot listen: ${err.message}\n`);
    process.exit(1);
  });
  console.log(`\n  Site running at ${url}\n`);
  if (app.staffPassword.source === 'generated') {
    console.log(`  Staff sign-in (/admin): a password was generated for this machine: ${app.staffPassword.password}`);
    console.log(`  It is kept in ${app.staffPassword.file} (set STAFF_PASSWORD to choose your own).\n`);
  } else if (app.staffPassword.source === 'file') {
    console.log(`  Staff sign-in (/admin): the local password is in ${app.staffPassword.file}\n`);
  }
  if (config.airtableBaseId && config.airtableToken) console.log(`  Records API: proxy to ${config.airtableApiUrl} (base ${config.airtableBaseId})`);
  if (config.n8nWebhookBase) console.log(`  Form submissions are stored, then forwarded to ${config.n8nWebhookBase}`);
  const shutdown = (signal: string): void => {
    console.log(`\n${signal}: shutting down`);
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
