/**
 * POST /api/airtable-notifications (Airtable mode with PUBLIC_URL): Airtable's ping that the base changed, checked by
 * its MAC (changeNotifications.ts); the replica that syncs then reads the changes.
 */
import { readBody, sendJson } from '../../http/respond';
import type { ServerApp } from '../../serverApp';
import { NOTIFICATION_PATH } from './changeNotifications';

export function registerChangeNotifications(app: ServerApp): void {
  const { airtableNotifications, airtableSync } = app;
  if (!airtableNotifications) return;
  app.router.route('POST', NOTIFICATION_PATH, async (req, res) => {
    const body = await readBody(req, 64 * 1024).catch(() => undefined);
    const mac = req.headers['x-airtable-content-mac'];
    if (!body || !(await airtableNotifications.notified(body, typeof mac === 'string' ? mac : undefined)))
      return sendJson(res, 401, { error: 'The notification is not signed by the base.' });
    airtableSync?.kick();
    res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
  });
}
