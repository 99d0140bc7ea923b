/**
 * Issue 34's proof: the site in Airtable mode against a fake base that keeps Airtable's published limit (5 requests a
 * second per base, then 429 for 30 s: src/testing/rateLimitedAirtable.ts) and holds 1,000 listings.
 *  - 20 simulated visitors browse search pages, property pages and searches for 30 s: every answer is good, the base
 *    answers no 429 and sees at most 1 request a second on average; an edit, an added and a deleted listing appear on
 *    the site within the staleness bound; a lead posted meanwhile is in the base, where /admin reads it, at once.
 *  - Two replicas on one PostgreSQL: one syncs, both serve, and the other takes over when it stops.
 *  - The base unreachable after the first sync: the site keeps serving the last copy (also after a restart), a lead is
 *    kept in the outbox and delivered once the base is back.
 *  - airtable.js, the library the browser uses, reads and writes through the site's records API in this mode.
 */
import Airtable from 'airtable';
import { EMPTY_LISTING_SEARCH, PROPERTIES_TABLE, listingListFormula, propertySlug, type FieldValue } from '@gta/shared/core';
import type { CreateAppOptions } from '../../app';
import type { ServerConfig } from '../../config';
import { generateListings } from '../../seed/generate';
import { RateLimitedAirtable, type RateLimitedAirtableOptions } from '../../testing/rateLimitedAirtable';
import { postJson, repoWithAShell, request, signIn, startServer, tempDir, validContact, type Reply, type TestServer } from '../../testing/harness';
import { freePort, startPostgres, type ThrowAwayPostgres } from '../../tools/throwAwayPostgres';
import { NOTIFICATION_PATH } from './changeNotifications';

jest.setTimeout(240_000);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await sleep(100);
  }
}

/** A base with `count` listings, created in Airtable's grid with its own ids. */
async function baseWith(count: number, options: RateLimitedAirtableOptions = {}): Promise<RateLimitedAirtable> {
  const base = new RateLimitedAirtable(options);
  await base.start();
  for (const listing of generateListings({ count })) base.add(PROPERTIES_TABLE, [listing.fields], new Date(listing.createdTime));
  return base;
}

const FAST_OUTBOX: CreateAppOptions['outbox'] = { initialDelayMs: 100, maxDelayMs: 1000, pollMs: 50, timeoutMs: 2000 };

function site(base: RateLimitedAirtable, overrides: Partial<ServerConfig> = {}, options: CreateAppOptions = {}): Promise<TestServer> {
  return startServer(
    {
      airtableBaseId: base.baseId,
      airtableToken: base.token,
      airtableApiUrl: base.url,
      // the simulated visitors all come from 127.0.0.1: the per-address limit of the records API is not under test
      recordsRateLimit: 0,
      repoRoot: repoWithAShell(),
      ...overrides,
    },
    { outbox: FAST_OUTBOX, airtableSync: { tickMs: 200, retryMs: 500 }, ...options },
  );
}

/**
 * /readyz with no problem but built parts missing on disk (`npm test` runs the unit suites before the build, when
 * /readyz also names the unbuilt shell and remotes): ready as far as the store and the Airtable copy go.
 */
const ready = (s: TestServer): Promise<Reply> =>
  until('the site is ready', async () => {
    const reply = await request(`${s.url}/readyz`);
    const problems = reply.json<{ problems: string[] }>().problems.filter((problem) => !/^[a-z]+: no build in /.test(problem));
    return problems.length === 0 ? reply : false;
  });

interface ListBody {
  records: { id: string; createdTime: string; fields: Record<string, FieldValue> }[];
  offset?: string;
}

const recordUrl = (s: TestServer, base: RateLimitedAirtable, id: string): string => `${s.url}/api/airtable/v0/${base.baseId}/${PROPERTIES_TABLE}/${id}`;

/** The search /active-listings sends: the shared formula, a sort of the page, 20 a page. */
function searchUrl(s: TestServer, base: RateLimitedAirtable, location: string, keyword: string): string {
  const q = new URLSearchParams({ filterByFormula: listingListFormula({ ...EMPTY_LISTING_SEARCH, location, keyword }), pageSize: '20' });
  q.set('sort[0][field]', 'Price');
  q.set('sort[0][direction]', 'desc');
  q.set('sort[1][field]', 'Listing Date');
  q.set('sort[1][direction]', 'desc');
  return `${s.url}/api/airtable/v0/${base.baseId}/${PROPERTIES_TABLE}?${q}`;
}

describe('Airtable mode under 20 visitors for 30 s, against a base that keeps Airtable’s limit (1,000 listings)', () => {
  it('answers every visitor from the copy, the base sees ≤ 1 request/s and no 429, and changes arrive within the bound', async () => {
    const base = await baseWith(1000);
    const intervalMs = 20_000;
    const started = Date.now();
    const s = await site(base, { airtableSyncIntervalMs: intervalMs });
    try {
      await ready(s);
      const listings = base.table(PROPERTIES_TABLE);
      expect(listings).toHaveLength(1000);
      // the visitors browse the first 900; the test changes three of the last ones
      const browsed = listings.slice(0, 900).map((r) => ({ id: r.id, slug: propertySlug(r.fields['Property Name']) }));
      const failures: string[] = [];
      let answers = 0;
      // 30 s of load: a first read, at least one sync and the changes below within it (the issue measured 60 s: the
      // figures per second are the same, and the suite's time matters on CI)
      const loadEnd = Date.now() + 30_000;
      const cities = ['Oakville', 'Mississauga', 'Burlington', 'Milton', ''];
      const words = ['', 'pool', 'garage', 'lake'];
      const visitor = async (n: number): Promise<void> => {
        let step = n;
        while (Date.now() < loadEnd) {
          const listing = browsed[(step * 37 + n * 101) % browsed.length] as { id: string; slug: string };
          const kind = step % 4;
          const url =
            kind === 0
              ? `${s.url}/active-listings?location=${encodeURIComponent(cities[step % cities.length] as string)}`
              : kind === 1
                ? searchUrl(s, base, cities[step % cities.length] as string, words[step % words.length] as string)
                : kind === 2
                  ? `${s.url}/property/${listing.slug}`
                  : recordUrl(s, base, listing.id);
          const reply = await request(url).catch((err: unknown) => ({ status: 0, text: String(err) }) as Reply);
          answers++;
          const good =
            reply.status === 200 &&
            (kind === 1 ? Array.isArray(JSON.parse(reply.text).records) : kind === 3 ? JSON.parse(reply.text).id === listing.id : /<html/i.test(reply.text));
          if (!good) failures.push(`${url.replace(s.url, '')} → ${reply.status} ${reply.text.slice(0, 160)}`);
          step++;
          // about a page a second per visitor
          await sleep(700 + ((step * 7919) % 600));
        }
      };

      // meanwhile, the team edits a listing, adds one and deletes one in Airtable, and a visitor sends a lead
      const changes = (async () => {
        await sleep(5_000);
        const [edited, deleted] = [listings[950], listings[951]] as [(typeof listings)[number], (typeof listings)[number]];
        base.edit(PROPERTIES_TABLE, edited.id, { Price: 1_234_567 });
        base.remove(PROPERTIES_TABLE, deleted.id);
        const [added] = base.add(PROPERTIES_TABLE, [{ ...edited.fields, 'Property Name': 'Proof Added Home', Price: 2_345_678 }]);
        const changedAt = Date.now();
        await until(
          'the edit, the addition and the deletion on the site',
          async () => {
            const [e, a, d] = await Promise.all([edited.id, added?.id ?? '', deleted.id].map((id) => request(recordUrl(s, base, id))));
            return e?.json<ListBody['records'][number]>().fields.Price === 1_234_567 && a?.status === 200 && d?.status === 404;
          },
          intervalMs + 10_000,
        );
        const seenAfter = Date.now() - changedAt;
        const sitemap = await request(`${s.url}/sitemap.xml`);
        expect(sitemap.text).toContain(propertySlug('Proof Added Home'));
        expect(sitemap.text).not.toContain(`/property/${propertySlug(deleted.fields['Property Name'])}<`);

        const cookie = await signIn(s.url);
        const sentAt = Date.now();
        expect((await postJson(`${s.url}/webhook/contact-form`, { ...validContact, email: 'proof.lead@example.com' })).status).toBe(200);
        await until('the lead in the base, read by staff', async () => {
          const list = await request(`${s.url}/api/airtable/v0/${base.baseId}/Website%20Submissions`, { headers: { Cookie: cookie } });
          return list.status === 200 && list.text.includes('proof.lead@example.com');
        });
        return { seenAfter, leadAfter: Date.now() - sentAt };
      })();

      await Promise.all(Array.from({ length: 20 }, (_, n) => visitor(n)));
      const { seenAfter, leadAfter } = await changes;
      const seconds = (Date.now() - started) / 1000;
      const perSecond = base.requests.length / seconds;
      // the figures the issue asks for, in the test's output
      console.info(
        `20 visitors, 30 s: ${answers} answers, ${failures.length} failed; the base saw ${base.requests.length} requests in ${seconds.toFixed(1)} s ` +
          `(${perSecond.toFixed(2)}/s), ${base.rateLimited} answered 429; a change was on the site after ${(seenAfter / 1000).toFixed(1)} s ` +
          `(bound ${intervalMs / 1000} s), a lead was in the base for staff after ${leadAfter} ms`,
      );
      expect(failures.slice(0, 5)).toEqual([]);
      // the load happened (about 540 answers on a quiet machine; ~160 beside 30 other suites on a loaded one)
      expect(answers).toBeGreaterThan(100);
      expect(base.rateLimited).toBe(0);
      expect(perSecond).toBeLessThanOrEqual(1);
      // the staleness bound: a read starts every interval (less the last read's time); a margin for a busy machine
      expect(seenAfter).toBeLessThanOrEqual(intervalMs + 5_000);
      expect(leadAfter).toBeLessThan(5_000);
    } finally {
      await s.close();
      await base.stop();
    }
  });
});

describe('two replicas on one PostgreSQL', () => {
  let pg: ThrowAwayPostgres;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it('one syncs, both serve the shared copy; when it stops, the other takes the sync over', async () => {
    const base = await baseWith(250);
    const url = await pg.createDatabase('sync_replicas');
    const config = { databaseUrl: url, airtableSyncIntervalMs: 3_000 };
    const a = await site(base, config);
    const b = await site(base, config);
    let closedA = false;
    try {
      await Promise.all([ready(a), ready(b)]);
      await sleep(4_000);
      const readers = [a, b].filter((s) => (s.app.airtableGateway?.sent ?? 0) > 0);
      expect(readers).toHaveLength(1);
      const firstPage = async (s: TestServer): Promise<string[]> =>
        (await request(`${s.url}/api/airtable/v0/${base.baseId}/${PROPERTIES_TABLE}?pageSize=100`)).json<ListBody>().records.map((r) => r.id);
      const expected = base
        .table(PROPERTIES_TABLE)
        .slice(0, 100)
        .map((r) => r.id);
      expect(await firstPage(a)).toEqual(expected);
      expect(await firstPage(b)).toEqual(expected);

      const edited = base.table(PROPERTIES_TABLE)[10] as { id: string };
      base.edit(PROPERTIES_TABLE, edited.id, { Price: 987_654 });
      for (const s of [a, b])
        await until(
          'the edit on both replicas',
          async () => (await request(recordUrl(s, base, edited.id))).json<ListBody['records'][number]>().fields.Price === 987_654,
          10_000,
        );

      const [leader, other] = readers[0] === a ? [a, b] : [b, a];
      const sentBefore = other.app.airtableGateway?.sent ?? 0;
      await leader.close();
      closedA = leader === a;
      const [added] = base.add(PROPERTIES_TABLE, [{ 'Property Name': 'Taken Over Home', City: 'Oakville', Status: 'Available', Price: 1_000_000 }]);
      await until('the addition on the remaining replica', async () => (await request(recordUrl(other, base, added?.id ?? ''))).status === 200, 10_000);
      expect(other.app.airtableGateway?.sent ?? 0).toBeGreaterThan(sentBefore);
      expect(base.rateLimited).toBe(0);
    } finally {
      if (!closedA) await a.close().catch(() => undefined);
      await b.close().catch(() => undefined);
      await base.stop();
    }
  });
});

describe('the base unreachable after the first sync', () => {
  it('keeps serving the last copy (after a restart too), keeps a lead in the outbox and delivers it once the base is back', async () => {
    const base = await baseWith(200);
    const dataDir = tempDir();
    const config = { airtableSyncIntervalMs: 2_000, dataDir };
    let s = await site(base, config);
    try {
      await ready(s);
      const ids = base.table(PROPERTIES_TABLE).map((r) => r.id);
      base.unreachable = true;
      await until('the failed read in /readyz', async () => {
        const r = await request(`${s.url}/readyz`);
        return (await ready(s)) && r.json<{ airtable: { copy: string } }>().airtable.copy.startsWith('stale');
      });
      const all = async (): Promise<string[]> => {
        const out: string[] = [];
        let offset: string | undefined;
        do {
          const page = (
            await request(`${s.url}/api/airtable/v0/${base.baseId}/${PROPERTIES_TABLE}?pageSize=100${offset ? `&offset=${encodeURIComponent(offset)}` : ''}`)
          ).json<ListBody>();
          out.push(...page.records.map((r) => r.id));
          offset = page.offset;
        } while (offset);
        return out;
      };
      expect(await all()).toEqual(ids);
      expect((await request(`${s.url}/active-listings`)).status).toBe(200);
      const slug = propertySlug(base.table(PROPERTIES_TABLE)[3]?.fields['Property Name']);
      expect((await request(`${s.url}/property/${slug}`)).status).toBe(200);

      const lead = await postJson(`${s.url}/webhook/contact-form`, { ...validContact, email: 'while.down@example.com' });
      expect(lead.status).toBe(200);
      await sleep(1_000);
      expect((await s.app.store.outbox.stats()).pending).toBe(1);

      // a restart during the outage serves the copy it has
      await s.close();
      s = await site(base, config);
      const readiness = await ready(s);
      expect(readiness.json<{ airtable: { copy: string } }>().airtable.copy).not.toBe('none');
      expect(await all()).toEqual(ids);

      base.unreachable = false;
      await until('the lead delivered', async () => (await s.app.store.outbox.stats()).delivered === 1, 30_000);
      expect(base.table('Website Submissions').map((r) => r.fields.email)).toEqual(['while.down@example.com']);
      await until('the copy current again', async () => (await request(`${s.url}/readyz`)).json<{ airtable: { copy: string } }>().airtable.copy === 'current');
    } finally {
      await s.close();
      await base.stop();
    }
  });
});

describe("airtable.js against the site's records API in Airtable mode", () => {
  it('reads the copy page by page and writes to the base with the server token; the copy shows the write at once', async () => {
    const base = await baseWith(150);
    const s = await site(base, { recordsApiToken: 'server-token', airtableSyncIntervalMs: 60_000 });
    try {
      await ready(s);
      const table = new Airtable({ apiKey: 'server-token', endpointUrl: `${s.url}/api/airtable`, noRetryIfRateLimited: true })
        .base(base.baseId)
        .table(PROPERTIES_TABLE);
      const read = await table.select({ pageSize: 40 }).all();
      expect(read.map((r) => r.id)).toEqual(base.table(PROPERTIES_TABLE).map((r) => r.id));
      const target = read[7]!;
      const updated = await table.update(target.id, { Price: 1_111_111 });
      expect(updated.get('Price')).toBe(1_111_111);
      // in the base, and in the copy at once, long before the next full read (60 s)
      expect(base.table(PROPERTIES_TABLE).find((r) => r.id === target.id)?.fields.Price).toBe(1_111_111);
      expect((await table.find(target.id)).get('Price')).toBe(1_111_111);
      // a change the sync brings is announced like a write (the alert matcher looks at new listings)
      const announced: string[] = [];
      s.app.records.onWrite((t) => announced.push(t));
      await s.app.airtableSync?.syncNow();
      expect(announced).toEqual([]);
      base.add(PROPERTIES_TABLE, [{ 'Property Name': 'Announced Home', City: 'Oakville', Status: 'Available', Price: 900_000 }]);
      await s.app.airtableSync?.syncNow();
      expect(announced).toEqual([PROPERTIES_TABLE]);
    } finally {
      await s.close();
      await base.stop();
    }
  });
});

describe("Airtable's change notifications (a token with webhook:manage)", () => {
  it('an edit, an addition and a deletion reach the copy within seconds, two requests each; the webhook is refreshed before it expires', async () => {
    // a webhook living 4 s, refreshed when 3 s are left: the refresh is seen within the test
    const base = await baseWith(300, { webhooks: true, webhookLifetimeMs: 4_000 });
    const port = await freePort();
    const s = await site(
      base,
      { port, publicUrl: `http://127.0.0.1:${port}`, airtableSyncIntervalMs: 120_000 },
      { airtableSync: { tickMs: 200, retryMs: 500, webhookRefreshBeforeMs: 3_000 } },
    );
    try {
      await ready(s);
      const hook = await until('the webhook', () => base.webhooks[0]);
      expect(hook.notificationUrl).toBe(`http://127.0.0.1:${port}${NOTIFICATION_PATH}`);
      const rows = base.table(PROPERTIES_TABLE);
      const [edited, deleted] = [rows[5], rows[6]] as [(typeof rows)[number], (typeof rows)[number]];
      const price = async (id: string): Promise<FieldValue | undefined> => {
        const r = await request(recordUrl(s, base, id));
        return r.status === 200 ? r.json<ListBody['records'][number]>().fields.Price : undefined;
      };

      const before = base.requests.length;
      const t0 = Date.now();
      base.edit(PROPERTIES_TABLE, edited.id, { Price: 3_210_000 });
      await until('the notified edit', async () => (await price(edited.id)) === 3_210_000, 5_000);
      const editMs = Date.now() - t0;
      // the payloads and the changed record, not a full read (3 pages)
      expect(base.requests.length - before).toBeLessThanOrEqual(3);

      const [added] = base.add(PROPERTIES_TABLE, [{ 'Property Name': 'Notified Home', City: 'Oakville', Status: 'Available', Price: 777_000 }]);
      base.remove(PROPERTIES_TABLE, deleted.id);
      await until(
        'the notified addition and deletion',
        async () => (await price(added?.id ?? '')) === 777_000 && (await price(deleted.id)) === undefined,
        5_000,
      );

      // past the first lifetime: refreshed, so the next edit is still notified
      await sleep(5_000);
      expect(hook.refreshes).toBeGreaterThanOrEqual(1);
      base.edit(PROPERTIES_TABLE, edited.id, { Price: 3_100_000 });
      await until('an edit after the refresh', async () => (await price(edited.id)) === 3_100_000, 5_000);

      // a ping not signed with the webhook's secret is refused and changes nothing
      const forged = await postJson(
        `${s.url}${NOTIFICATION_PATH}`,
        { base: { id: base.baseId }, webhook: { id: hook.id } },
        { 'X-Airtable-Content-MAC': 'hmac-sha256=00' },
      );
      expect(forged.status).toBe(401);
      expect(base.pings.every((status) => status === 204)).toBe(true);
      expect(base.rateLimited).toBe(0);
      console.info(`change notifications: an edit was on the site ${editMs} ms after it was made (full reads every 120 s)`);
    } finally {
      await s.close();
      await base.stop();
    }
  });
});
