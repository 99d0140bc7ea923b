/**
 * The site the listing-alert tests drive (alerts.test.ts, visitorAlerts.test.ts): listing alerts registered, the
 * outbox delivering quickly to a fake n8n Webhook node with header auth, and the server token for records writes.
 */
import { registerAlerts } from '../alerts';
import { startFakeN8nWebhook, type FakeN8nWebhook } from './fakeN8nWebhook';
import { startServer, type TestServer } from './harness';

export const ALERTS_SERVER_TOKEN = 'server-token';

/** Alerts on, and an outbox that retries within a tenth of a second. */
export const FAST_ALERTS = { plugins: [registerAlerts], outbox: { initialDelayMs: 20, maxDelayMs: 100, pollMs: 20 } };

/** Waits for `check` to give a value (every 20 ms), or fails after `ms`. */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The fake n8n (both alert webhooks active, header auth) and a server delivering to it. */
export async function startAlertsSite(): Promise<{ n8n: FakeN8nWebhook; server: TestServer }> {
  const n8n = await startFakeN8nWebhook({
    auth: { type: 'headerAuth', name: 'X-N8N-Key', value: 'n8n-secret' },
    activePaths: ['listing-alert-confirm', 'listing-alert'],
  });
  const server = await startServer({ n8nWebhookBase: n8n.base, recordsApiToken: ALERTS_SERVER_TOKEN, recordsRateLimit: 0, alertsIntervalMs: 0 }, FAST_ALERTS, {
    N8N_WEBHOOK_HEADER_NAME: 'X-N8N-Key',
    N8N_WEBHOOK_HEADER_VALUE: 'n8n-secret',
  });
  return { n8n, server };
}
