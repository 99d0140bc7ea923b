/**
 * Airtable's change notifications (the Webhooks API), where the token allows them: an edit in the base reaches the
 * synced copy within seconds instead of at the next full read. The full read every AIRTABLE_SYNC_INTERVAL_MS stays
 * (it is what catches anything a notification missed); a base or token without webhooks works by polling alone.
 *
 * - The replica that syncs creates one webhook on the base (POST /v0/bases/{base}/webhooks, tableData changes) whose
 *   notification URL is the site's (PUBLIC_URL + NOTIFICATION_PATH), keeps its id, MAC secret and payload cursor in
 *   the store's meta, and refreshes it a day before its 7-day expiry. A token without the webhook:manage scope (401,
 *   403, 404 or 422) is noted, logged once, and asked again an hour later.
 * - Airtable pings the URL (any replica): the ping's X-Airtable-Content-MAC (HMAC-SHA256 of the body with the secret)
 *   is checked and the ping noted in the store; the replica that syncs then lists the payloads from its cursor
 *   (GET …/webhooks/{id}/payloads?cursor=…), removes the destroyed records from the copy and reads the created and
 *   changed ones by id (filterByFormula=OR(RECORD_ID()='…', …), 50 a request: records of other tables are simply not
 *   found), so one edit costs two requests, within the same fleet-wide budget as everything else.
 */
import crypto from 'node:crypto';
import type { FieldValue } from '@gta/shared/core';
import type { Logger } from '../../log';
import type { Store, StoredRecord } from '../../store/store';
import type { AirtableGateway } from './gateway';

/** Where Airtable sends its pings (on the site's public origin). */
export const NOTIFICATION_PATH = '/api/airtable-notifications';
export const WEBHOOK_META_KEY = 'airtable_webhook';
const NOTIFIED_META_KEY = 'airtable_webhook_notified';

interface WebhookState {
  id?: string;
  macSecretBase64?: string;
  cursor?: number;
  expirationTime?: string;
  notificationUrl?: string;
  /** The base refused webhooks (the token's scopes): why, and when to ask again. */
  unavailable?: string;
  retryAt?: number;
  /** When the payloads were last read (epoch ms). */
  readAt?: number;
}

interface PayloadTable {
  createdRecordsById?: Record<string, unknown>;
  changedRecordsById?: Record<string, unknown>;
  destroyedRecordIds?: string[];
}

export interface ChangeNotificationsOptions {
  store: Store;
  gateway: AirtableGateway;
  baseId: string;
  /** The site's public origin (PUBLIC_URL): without it Airtable has nowhere to send pings, and none is made. */
  publicUrl?: string;
  log?: Logger;
  /** Refresh this long before expiry (default 1 day). */
  refreshBeforeMs?: number;
  /** After a refusal, ask again after this long (default 1 hour). */
  retryUnavailableMs?: number;
  now?: () => number;
}

export interface NotificationChanges {
  upsert: StoredRecord[];
  remove: string[];
}

/** The MAC Airtable sends with a ping: `hmac-sha256=` and the hex HMAC-SHA256 of the body with the base64 secret. */
export function notificationMac(macSecretBase64: string, body: Buffer): string {
  return `hmac-sha256=${crypto.createHmac('sha256', Buffer.from(macSecretBase64, 'base64')).update(body).digest('hex')}`;
}

export class ChangeNotifications {
  private readonly now: () => number;
  private loggedUnavailable = false;

  constructor(private readonly options: ChangeNotificationsOptions) {
    this.now = options.now ?? Date.now;
  }

  get notificationUrl(): string | undefined {
    return this.options.publicUrl ? `${this.options.publicUrl.replace(/\/+$/, '')}${NOTIFICATION_PATH}` : undefined;
  }

  private async state(): Promise<WebhookState> {
    const raw = await this.options.store.getMeta(WEBHOOK_META_KEY);
    try {
      return raw ? (JSON.parse(raw) as WebhookState) : {};
    } catch {
      return {};
    }
  }

  private save(state: WebhookState): Promise<void> {
    return this.options.store.setMeta(WEBHOOK_META_KEY, JSON.stringify(state));
  }

  private path(rest = ''): string {
    return `/v0/bases/${encodeURIComponent(this.options.baseId)}/webhooks${rest}`;
  }

  /** A ping from Airtable (any replica): true when its MAC is right; the syncing replica reads the payloads. */
  async notified(body: Buffer, mac: string | undefined): Promise<boolean> {
    const state = await this.state();
    if (!state.macSecretBase64 || !mac) return false;
    const expected = Buffer.from(notificationMac(state.macSecretBase64, body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return false;
    await this.options.store.setMeta(NOTIFIED_META_KEY, String(this.now()));
    return true;
  }

  /** The syncing replica: creates or refreshes the webhook when due. Never throws (polling goes on regardless). */
  async maintain(): Promise<void> {
    const url = this.notificationUrl;
    if (!url) return;
    const { gateway, log } = this.options;
    let state = await this.state();
    const t = this.now();
    try {
      if (state.unavailable && (state.retryAt ?? 0) > t) return;
      if (!state.id || state.notificationUrl !== url) {
        const reply = await gateway.send(
          {
            method: 'POST',
            path: this.path(),
            search: '',
            body: Buffer.from(JSON.stringify({ notificationUrl: url, specification: { options: { filters: { dataTypes: ['tableData'] } } } })),
          },
          { priority: 'sync', maxWaitMs: 5000, throwOnNetworkError: true },
        );
        if (reply.status === 200) {
          const made = JSON.parse(reply.body.toString('utf8')) as { id: string; macSecretBase64: string; expirationTime: string };
          // payloads start after the create: the copy is current up to the last full read
          state = { id: made.id, macSecretBase64: made.macSecretBase64, expirationTime: made.expirationTime, notificationUrl: url, cursor: 1, readAt: t };
          await this.save(state);
          log?.info({ part: 'sync', webhook: made.id, expires: made.expirationTime }, 'sync: Airtable notifies this site of changes to the base');
          this.loggedUnavailable = false;
        } else if ([401, 403, 404, 422].includes(reply.status)) {
          await this.save({ unavailable: `Airtable answered ${reply.status}`, retryAt: t + (this.options.retryUnavailableMs ?? 3_600_000) });
          if (!this.loggedUnavailable)
            log?.info(
              { part: 'sync', status: reply.status },
              'sync: the token cannot create webhooks on the base (scope webhook:manage): changes arrive by polling alone',
            );
          this.loggedUnavailable = true;
        }
        return;
      }
      const expires = Date.parse(state.expirationTime ?? '');
      if (Number.isFinite(expires) && expires - t < (this.options.refreshBeforeMs ?? 86_400_000)) {
        const reply = await gateway.send(
          { method: 'POST', path: this.path(`/${encodeURIComponent(state.id)}/refresh`), search: '' },
          { priority: 'sync', maxWaitMs: 5000, throwOnNetworkError: true },
        );
        if (reply.status === 200) {
          const { expirationTime } = JSON.parse(reply.body.toString('utf8')) as { expirationTime: string };
          await this.save({ ...state, expirationTime });
        } else if (reply.status === 404) {
          // expired or deleted in Airtable: made again on the next look
          await this.save({});
        }
      }
    } catch (err) {
      log?.warn({ part: 'sync', err }, 'sync: the webhook could not be kept; changes arrive by polling');
    }
  }

  /** True when a ping arrived since the payloads were last read. */
  async pending(): Promise<boolean> {
    const state = await this.state();
    if (!state.id) return false;
    return Number((await this.options.store.getMeta(NOTIFIED_META_KEY)) ?? 0) >= (state.readAt ?? 0);
  }

  /**
   * Reads the payloads since the cursor and the records they name in each of `tables`: what to apply to each copy.
   * Throws when the base cannot be read (the cursor stays; the next ping or the full read catches up).
   */
  async changes(tables: readonly string[]): Promise<Map<string, NotificationChanges>> {
    const readAt = this.now();
    try {
      return await this.collect(tables, readAt);
    } catch (err) {
      // not asked again at every tick: the next ping, or the next full read, brings the changes
      const state = await this.state();
      if (state.id) await this.save({ ...state, readAt });
      throw err;
    }
  }

  private async collect(tables: readonly string[], readAt: number): Promise<Map<string, NotificationChanges>> {
    const { gateway } = this.options;
    const state = await this.state();
    const out = new Map<string, NotificationChanges>();
    if (!state.id) return out;
    const touched = new Set<string>();
    const destroyed = new Set<string>();
    let cursor = state.cursor ?? 1;
    for (let page = 0; page < 100; page++) {
      const reply = await gateway.send(
        { method: 'GET', path: this.path(`/${encodeURIComponent(state.id)}/payloads`), search: `?cursor=${cursor}` },
        { priority: 'sync', maxWaitMs: 10_000, throwOnNetworkError: true },
      );
      if (reply.status === 404) {
        // the webhook expired or was deleted in Airtable: made again on the next look; the full read catches up
        await this.save({});
        return out;
      }
      if (reply.status !== 200) throw new Error(`Airtable answered ${reply.status} for the webhook's payloads`);
      const body = JSON.parse(reply.body.toString('utf8')) as {
        payloads?: { changedTablesById?: Record<string, PayloadTable> }[];
        cursor?: number;
        mightHaveMore?: boolean;
      };
      for (const payload of body.payloads ?? [])
        for (const changes of Object.values(payload.changedTablesById ?? {})) {
          for (const id of Object.keys(changes.createdRecordsById ?? {})) touched.add(id);
          for (const id of Object.keys(changes.changedRecordsById ?? {})) touched.add(id);
          for (const id of changes.destroyedRecordIds ?? []) destroyed.add(id);
        }
      if (typeof body.cursor === 'number') cursor = body.cursor;
      if (!body.mightHaveMore) break;
    }
    for (const id of destroyed) touched.delete(id);
    const ids = [...touched].filter((id) => /^rec[A-Za-z0-9]+$/.test(id));
    for (const table of tables) out.set(table, { upsert: await this.read(table, ids), remove: [...destroyed] });
    await this.save({ ...(await this.state()), cursor, readAt });
    return out;
  }

  /** The records of `table` among `ids` (the others are in other tables). */
  private async read(table: string, ids: readonly string[]): Promise<StoredRecord[]> {
    const { gateway } = this.options;
    const upsert: StoredRecord[] = [];
    for (let i = 0; i < ids.length; i += 50) {
      const formula = `OR(${ids
        .slice(i, i + 50)
        .map((id) => `RECORD_ID()='${id}'`)
        .join(',')})`;
      const reply = await gateway.send(
        { method: 'GET', path: gateway.tablePath(table), search: `?${new URLSearchParams({ filterByFormula: formula, pageSize: '100' })}` },
        { priority: 'sync', maxWaitMs: 10_000, throwOnNetworkError: true },
      );
      if (reply.status !== 200) throw new Error(`Airtable answered ${reply.status} for the changed records`);
      const body = JSON.parse(reply.body.toString('utf8')) as { records?: { id: string; createdTime: string; fields: Record<string, FieldValue> }[] };
      for (const r of body.records ?? []) upsert.push({ id: r.id, createdTime: r.createdTime, fields: r.fields ?? {} });
    }
    return upsert;
  }
}
