/**
 * The one list of the server's features. Each is a `ServerPlugin`: a function given the ServerApp (router, store,
 * records, listings, log, staff checks, workers; src/serverApp.ts) that adds its routes with `app.route(…)` and its
 * shutdown with `app.onClose(…)`. createApp (app.ts) builds the shared services, then registers FEATURES in this
 * order (the router tries routes in the order they were added: photos before the static /media/* files); index.ts
 * adds the optional features, `plugins`, after them (tests pass the ones they need). A new feature is one function
 * in its folder and one entry here (docs/architecture.md, "How to change it").
 */
import { DEFAULT_LIMITER, FailureLimiter } from './auth/limiter';
import { registerAuthRoutes } from './auth/routes';
import { isProxyMode } from './config';
import { TokenBucketLimiter } from './http/rateLimit';
import { registerPhotos } from './media';
import { registerListingHistory } from './records/listingHistory';
import { registerRecordsApi } from './records/routes';
import { registerStaffCount } from './records/staffCount';
import { registerChangeNotifications } from './records/sync/notificationRoute';
import type { ServerApp } from './serverApp';
import { registerHosting } from './site/hosting';
import { registerSiteRoutes } from './site/routes';
import { registerDeliveryRoutes } from './webhooks/deliveryRoutes';
import { registerWebhooks } from './webhooks/receivers';
import { registerFormPosts } from './webhooks/formPosts';
import { registerAssistant } from './assistant';
import { registerAlerts } from './alerts';

export type ServerPlugin = (app: ServerApp) => void | Promise<void>;

/** Staff sign-in: /api/auth, its failure limiter shared by the replicas. */
const staffSignIn: ServerPlugin = (app) =>
  registerAuthRoutes(app.router, {
    sessions: app.sessions,
    limiter: new FailureLimiter(app.store.counters, app.options.limiter ?? DEFAULT_LIMITER),
    password: app.staffPassword.password,
  });

/** The Airtable-compatible records API (/api/airtable/v0/…). */
const recordsApi: ServerPlugin = (app) =>
  registerRecordsApi(app.router, {
    config: app.config,
    records: app.records,
    isStaff: app.isStaff,
    counters: app.store.counters,
    sync: app.airtableSync,
    gateway: app.airtableGateway,
  });

/** The forms' webhook receivers (/webhook/{path}), within FORM_RATE_LIMIT a minute per client. */
const webhookReceivers: ServerPlugin = ({ config, store, outbox, log, router }) =>
  registerWebhooks(router, {
    store,
    outbox,
    forwardToN8n: Boolean(config.n8nWebhookBase),
    airtableMode: isProxyMode(config),
    limiter:
      config.formRateLimit > 0 ? new TokenBucketLimiter(store.counters, config.formRateLimit / 60, config.formRateLimit, Date.now, 'form-rate') : undefined,
    log: log.child({ part: 'webhooks' }),
  });

/**
 * The forms posted without scripts to their page's own URL (src/webhooks/formPosts.ts): the same rules, limit
 * (the same counter) and storage as the receivers; the page back with its messages, or POST-redirect-GET.
 */
const formPosts: ServerPlugin = (app) =>
  registerFormPosts(app.router, {
    store: app.store,
    outbox: app.outbox,
    forwardToN8n: Boolean(app.config.n8nWebhookBase),
    airtableMode: isProxyMode(app.config),
    limiter:
      app.config.formRateLimit > 0
        ? new TokenBucketLimiter(app.store.counters, app.config.formRateLimit / 60, app.config.formRateLimit, Date.now, 'form-rate')
        : undefined,
    log: app.log.child({ part: 'form-posts' }),
    servePage: app.servePage,
    rewritePages: app.rewritePages,
  });

/** Pages and the built apps' files. */
const hosting: ServerPlugin = (app) => registerHosting(app.router, app.hosting);

/** Staff: deliveries not made, and "send again". */
const deliveries: ServerPlugin = (app) =>
  registerDeliveryRoutes(app.router, { store: app.store, isStaff: app.isStaff, kick: () => app.outbox?.kick(), giveUpAfterMs: app.config.outboxGiveUpMs });

/** Staff: counts of a staff table's rows. */
const staffCount: ServerPlugin = (app) => registerStaffCount(app.router, { records: app.records, isStaff: app.isStaff, proxy: isProxyMode(app.config) });

/** Price history and days on market, from the changes the site sees in Properties (/api/listings/history). */
const listingHistory: ServerPlugin = (app) => {
  const keeper = registerListingHistory(app.router, { store: app.store, records: app.records, log: app.log.child({ part: 'listing-history' }) });
  app.onClose(() => keeper.settled());
};

/** Every server always has these, registered by createApp in this order. */
export const FEATURES: readonly ServerPlugin[] = [
  registerSiteRoutes,
  staffSignIn,
  recordsApi,
  registerChangeNotifications,
  webhookReceivers,
  formPosts,
  registerPhotos,
  listingHistory,
  hosting,
  deliveries,
  staffCount,
];

/** The optional features index.ts adds: the local chat assistant (src/assistant) and listing alerts (src/alerts). */
export const plugins: ServerPlugin[] = [registerAssistant, registerAlerts];
