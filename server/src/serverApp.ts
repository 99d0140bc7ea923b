/**
 * What a server feature is given when it registers (src/plugins.ts): the router, the store, the records service, the
 * listings, the log, staff checks, the background workers, and the hooks to run on close. app.ts builds it.
 */
import type http from 'node:http';
import type { ServerConfig } from './config';
import type { Router } from './http/router';
import type { Logger } from './log';
import type { Store } from './store/store';
import type { ListingsSource } from './records/listingsSource';
import type { RecordsService } from './records/query';
import type { AirtableSync } from './records/sync/airtableSync';
import type { AirtableGateway } from './records/sync/gateway';
import type { StaffPassword } from './auth/password';
import type { OutboxOptions, OutboxWorker } from './webhooks/outbox';
import type { LimiterOptions } from './auth/limiter';
import type { SessionStore } from './auth/sessions';
import type { AirtableBudgetOptions } from './records/sync/budget';
import type { ChangeNotifications } from './records/sync/changeNotifications';
import type { AppPageOptions, HostingPaths } from './site/hosting';
import type { RequestContext } from './http/router';

export interface ServerApp {
  /** What createApp was given (tests shorten timings through it). */
  readonly options: Readonly<CreateAppOptions>;
  /** Staff sessions (the sign-in routes create them; isStaff reads them). */
  readonly sessions: SessionStore;
  /** Airtable mode with PUBLIC_URL: the base's change notifications (src/records/sync/changeNotifications.ts). */
  readonly airtableNotifications?: ChangeNotifications;
  /** Where the built apps and the media are served from. */
  readonly hosting: HostingPaths;
  /**
   * Answers the request with the app page of its URL (first screen, hints), as a GET would get it; `answer` sets this
   * answer's status, a rewrite of its HTML, and `private` for a page holding one visitor's values (src/webhooks/formPosts.ts).
   */
  servePage(req: http.IncomingMessage, res: http.ServerResponse, ctx: RequestContext, answer?: AppPageOptions['answer']): Promise<void>;
  /** Adds a rewrite of the pages a URL asks for (GET and HEAD; the first that answers one for the URL is applied). */
  rewritePages(fn: (url: URL) => ((html: string) => string) | undefined): void;
  /** False once the replica shuts down (/readyz answers 503). */
  isReady(): boolean;
  readonly config: ServerConfig;
  readonly router: Router;
  readonly store: Store;
  /** Listings as the pages see them (the local table, or Airtable in Airtable mode). */
  readonly listings: ListingsSource;
  readonly log: Logger;
  /**
   * Airtable-style reads and writes for server modules (the chat assistant):
   * `app.records.listRecords('Properties', { filterByFormula, sort, maxRecords })`, `app.records.createRecord(table, fields)`.
   */
  readonly records: RecordsService;
  /** The staff password and where it came from (index.ts prints a generated one). */
  readonly staffPassword: StaffPassword;
  /** True when the request carries a valid staff session. */
  isStaff(req: http.IncomingMessage): Promise<boolean>;
  /** The delivery worker (n8n when N8N_WEBHOOK_BASE is set, Airtable in Airtable mode). */
  readonly outbox?: OutboxWorker;
  /** Airtable mode: the synced copy of the public tables (src/records/sync/airtableSync.ts). */
  readonly airtableSync?: AirtableSync;
  /** Airtable mode: every request to the team's base goes through it, within the fleet-wide budget. */
  readonly airtableGateway?: AirtableGateway;
  readonly server: http.Server;
  /** Registers a route (same as router.route). */
  route: Router['route'];
  /** Starts listening; resolves with the base URL (http://localhost:PORT). */
  listen(): Promise<string>;
  /**
   * Graceful shutdown: not ready (for `readyDelayMs` while still accepting, so a load balancer stops sending; index.ts
   * passes SHUTDOWN_READY_DELAY_MS on SIGTERM), stop accepting, every request already received is answered, the
   * outbox stops, the store closes.
   */
  close(options?: { readyDelayMs?: number }): Promise<void>;
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Functions run on close (background workers register theirs). */
  onClose(fn: () => void | Promise<void>): void;
}

export interface CreateAppOptions {
  /** Extra setup run after the built-in routes are registered (tests, plugins). */
  plugins?: readonly ((app: ServerApp) => void)[];
  /** Sign-in limiter settings (tests shorten them). */
  limiter?: LimiterOptions;
  /** Outbox timing (tests shorten it). */
  outbox?: Omit<OutboxOptions, 'webhookBase' | 'airtable' | 'n8nAuth'>;
  /** Where the JSON log goes (default: stdout at config.logLevel). */
  logger?: Logger;
  /**
   * An http.Server already listening on the configured port (startup.ts answers on it while the database is away):
   * listen() takes it over, replacing its 'request' listeners with the app's, so no connection is refused meanwhile.
   */
  server?: http.Server;
  /** Airtable mode: the fleet-wide budget of requests to the base (tests shorten the 429 penalty). */
  airtableBudget?: AirtableBudgetOptions;
  /** Airtable mode: how often a replica looks at the sync lease, and the lease's length (tests). */
  airtableSync?: { tickMs?: number; leaseMs?: number; retryMs?: number; webhookRefreshBeforeMs?: number };
}
