/**
 * Saved searches (listing alerts) in the store, run against both implementations: the embedded SQLite file and
 * PostgreSQL (a throw-away cluster; two stores on one database stand for two replicas).
 */
import { EMPTY_ALERT_CRITERIA } from '@gta/shared/core';
import { type NewSavedSearch, type Store } from './store';
import { bothStores, openCase, type StoreOpener } from '../testing/bothStores';

jest.setTimeout(60_000);

type Opener = StoreOpener;
const implementations = bothStores('alerts');

const search = (n: number, at = 1_000): NewSavedSearch => ({
  id: `alt${n}`,
  email: `v${n}@example.com`,
  frequency: 'instant',
  criteria: { ...EMPTY_ALERT_CRITERIA, location: 'Oakville', beds: '3' },
  summary: 'In “Oakville”, 3+ beds (for sale)',
  siteOrigin: 'https://site.example',
  confirmTokenHash: `confirm-hash-${n}`,
  unsubscribeToken: `unsubscribe-${n}`,
  createdAt: at,
});

const confirmMail = (n: number) => ({ target: 'n8n' as const, path: 'listing-alert-confirm', payload: { n } });

describe.each(implementations)('%s store: saved searches', (kind, prepare) => {
  let open: Opener;
  let store: Store;
  beforeEach(async () => ({ open, store } = await openCase(prepare)));
  afterEach(() => store.close());

  it('keeps a new search unconfirmed with its confirm delivery, in one transaction', async () => {
    await store.alerts.create(search(1), [confirmMail(1)]);
    expect(await store.alerts.get('alt1')).toMatchObject({
      email: 'v1@example.com',
      frequency: 'instant',
      criteria: { location: 'Oakville', beds: '3', status: '' },
      siteOrigin: 'https://site.example',
      unsubscribeToken: 'unsubscribe-1',
      createdAt: 1000,
      confirmedAt: null,
      unsubscribedAt: null,
      alertsSent: 0,
    });
    expect((await store.outbox.forSubmission('alt1')).map((d) => [d.path, d.payload])).toEqual([['listing-alert-confirm', { n: 1 }]]);
    // a payload that cannot be stored fails the whole create: no search, no delivery
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(store.alerts.create(search(2), [{ target: 'n8n', path: 'listing-alert-confirm', payload: cyclic }])).rejects.toThrow();
    expect(await store.alerts.get('alt2')).toBeUndefined();
    expect((await store.outbox.stats()).pending).toBe(1);
    // tokens are unique
    // (by its message, not toThrow: better-sqlite3's native binding keeps the error class of the first test file a
    // jest worker loaded it in, which is not an Error of this file's realm)
    await expect(store.alerts.create({ ...search(3), unsubscribeToken: 'unsubscribe-1' }, [])).rejects.toHaveProperty(
      'message',
      expect.stringMatching(/unique|duplicate/i),
    );
    expect(await store.alerts.active()).toEqual([]);
  });

  it('confirms once and unsubscribes once; an unsubscribed search cannot be confirmed back on', async () => {
    await store.alerts.create(search(1), []);
    await store.alerts.create(search(2), []);
    const staff = { target: 'airtable' as const, path: 'Listing Alerts', payload: { update: true, fields: { Confirmed: 'x' } } };
    const first = await store.alerts.confirm('confirm-hash-1', 2000, [staff]);
    expect(first).toMatchObject({ changed: true, search: { id: 'alt1', confirmedAt: 2000 } });
    expect(await store.alerts.confirm('confirm-hash-1', 3000, [staff])).toMatchObject({ changed: false, search: { confirmedAt: 2000 } });
    expect(await store.alerts.confirm('no-such-hash', 3000, [staff])).toBeUndefined();
    expect(await store.outbox.forSubmission('alt1')).toHaveLength(1);
    expect((await store.alerts.active()).map((s) => s.id)).toEqual(['alt1']);

    expect(await store.alerts.unsubscribe('unsubscribe-1', 4000, [])).toMatchObject({ changed: true, search: { unsubscribedAt: 4000 } });
    expect(await store.alerts.unsubscribe('unsubscribe-1', 5000, [])).toMatchObject({ changed: false, search: { unsubscribedAt: 4000 } });
    expect(await store.alerts.active()).toEqual([]);
    // unsubscribed before confirming: the confirm link no longer turns it on
    await store.alerts.unsubscribe('unsubscribe-2', 6000, []);
    expect(await store.alerts.confirm('confirm-hash-2', 7000, [])).toMatchObject({ changed: false, search: { confirmedAt: null } });
    expect((await store.alerts.list()).map((s) => s.id)).toEqual(['alt1', 'alt2']);
  });

  it('a matcher step records seen listings, the baseline and the alert with its delivery together; an inactive search is skipped', async () => {
    await store.alerts.create(search(1), []);
    const decide = jest.fn(() => ({ seen: [{ listingId: 'recA', price: 900_000, alertId: null }], baselined: true }));
    expect(await store.alerts.match('alt1', 2000, decide)).toBeNull(); // not confirmed yet
    expect(decide).not.toHaveBeenCalled();
    await store.alerts.confirm('confirm-hash-1', 2000, []);
    expect(await store.alerts.match('alt1', 3000, decide)).not.toBeNull();
    expect((await store.alerts.get('alt1'))?.baselinedAt).toBe(3000);

    const step = await store.alerts.match('alt1', 4000, (s, seen) => {
      expect(s.baselinedAt).toBe(3000);
      expect([...seen.values()]).toEqual([{ listingId: 'recA', price: 900_000, alertId: null }]);
      return {
        seen: [
          { listingId: 'recA', price: 850_000, alertId: 'alrt1' },
          { listingId: 'recB', price: null, alertId: 'alrt1' },
        ],
        alert: { id: 'alrt1', deliveries: [{ target: 'n8n', path: 'listing-alert', payload: { listings: 2 } }] },
      };
    });
    expect(step?.alert?.id).toBe('alrt1');
    expect(await store.alerts.seen('alt1')).toEqual(
      new Map([
        ['recA', { listingId: 'recA', price: 850_000, alertId: 'alrt1' }],
        ['recB', { listingId: 'recB', price: null, alertId: 'alrt1' }],
      ]),
    );
    expect(await store.alerts.get('alt1')).toMatchObject({ lastAlertAt: 4000, alertsSent: 1 });
    expect((await store.outbox.forSubmission('alrt1')).map((d) => [d.path, d.payload])).toEqual([['listing-alert', { listings: 2 }]]);

    // a step that throws records nothing
    await expect(
      store.alerts.match('alt1', 5000, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.alerts.get('alt1')).toMatchObject({ alertsSent: 1 });
    expect(await store.alerts.match('alt1', 5000, () => null)).toBeNull();

    await store.alerts.unsubscribe('unsubscribe-1', 6000, []);
    expect(await store.alerts.match('alt1', 7000, decide)).toBeNull();
  });

  if (kind === 'postgres') {
    it('two replicas matching the same searches at once announce each listing once', async () => {
      const other = await open();
      try {
        for (let n = 1; n <= 20; n++) {
          await store.alerts.create(search(n), []);
          await store.alerts.confirm(`confirm-hash-${n}`, 2000, []);
        }
        let alerts = 0;
        // the rule of the matcher: announce recA unless this search has seen it
        const step = (replica: string) => (s: { id: string }, seen: ReadonlyMap<string, unknown>) => {
          if (seen.has('recA')) return null;
          alerts++;
          const id = `alrt-${s.id}-${replica}`;
          return {
            seen: [{ listingId: 'recA', price: 1, alertId: id }],
            alert: { id, deliveries: [{ target: 'n8n' as const, path: 'listing-alert', payload: {} }] },
          };
        };
        const ids = Array.from({ length: 20 }, (_, i) => `alt${i + 1}`);
        await Promise.all([...ids.map((id) => store.alerts.match(id, 3000, step('one'))), ...ids.map((id) => other.alerts.match(id, 3000, step('two')))]);
        await Promise.all([...ids.map((id) => store.alerts.match(id, 4000, step('one'))), ...ids.map((id) => other.alerts.match(id, 4000, step('two')))]);
        expect(alerts).toBe(20);
        expect((await other.outbox.stats()).pending).toBe(20);
        expect((await other.alerts.list()).every((s) => s.alertsSent === 1)).toBe(true);
      } finally {
        await other.close();
      }
    });
  }
});
