/**
 * Price history and days on market, kept by the site from the changes it sees in the listings table
 * (store/listingHistory.ts keeps them). The keeper looks at Properties at start and after every change of it: a write
 * through the records API (local mode: staff) or the Airtable sync's change of its copy (both reach
 * RecordsService.written). A look compares every listing with what was last seen of it, so a look missed (a crash, a
 * change made on another replica) is made up by the next one; looks never overlap within a process, and a change
 * during a look brings one more look after it.
 *
 * GET /api/listings/history?ids=rec…,rec… (1 to 24 record ids, the only parameter) answers, for each listing with a
 * history, its events oldest first: `{ listings: { [id]: [{ at, kind, price, previousPrice, status, previousStatus }] } }`
 * (at: ISO time). A fixed shape, read by the property page, the cards' 'Price reduced' badge and the compare page.
 */
import { PROPERTIES_TABLE, toNumber } from '@gta/shared/core';
import type { Router } from '../http/router';
import { sendJson } from '../http/respond';
import type { Logger } from '../log';
import type { ListingEvent, ListingSnapshot, Store, StoredRecord } from '../store/store';
import type { RecordsService } from './query';

export const LISTING_HISTORY_PATH = '/api/listings/history';
/** The most ids one request may name (a page of cards, a compare of four, a property page). */
export const LISTING_HISTORY_MAX_IDS = 24;
const RECORD_ID = /^rec[A-Za-z0-9]{14}$/;

/** What the history keeps of a record: its price (a number, or text such as '1,234,000') and its status. */
export function listingSnapshot(record: StoredRecord): ListingSnapshot {
  const status = record.fields.Status;
  return { id: record.id, price: toNumber(record.fields.Price), status: typeof status === 'string' && status.trim() !== '' ? status.trim() : null };
}

export class ListingHistoryKeeper {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Looks at the listings now (or once more after the look under way); resolves when the table was looked at. */
  look(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        const listings = await this.store.all(PROPERTIES_TABLE);
        const events = await this.store.listingHistory.observe(listings.map(listingSnapshot), this.now());
        const changes = events.filter((e) => e.kind !== 'listed').length;
        if (changes > 0) this.log.info({ part: 'listing-history', changes }, 'recorded listing changes');
      } while (this.again);
    };
    this.running = run()
      .catch((err: unknown) => this.log.warn({ part: 'listing-history', err }, 'the listings could not be looked at'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Resolves once no look is under way (an answer waits for a change just written to be recorded). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }
}

function eventJson(e: ListingEvent): Record<string, unknown> {
  return {
    at: new Date(e.at).toISOString(),
    kind: e.kind,
    price: e.price,
    previousPrice: e.previousPrice,
    status: e.status,
    previousStatus: e.previousStatus,
  };
}

export interface ListingHistoryDeps {
  store: Store;
  records: RecordsService;
  log: Logger;
}

/** Registers the public endpoint, and the looks at start and after each change of Properties. */
export function registerListingHistory(router: Router, deps: ListingHistoryDeps): ListingHistoryKeeper {
  const keeper = new ListingHistoryKeeper(deps.store, deps.log);
  deps.records.onWrite((table) => {
    if (table === PROPERTIES_TABLE) void keeper.look();
  });
  void keeper.look();
  router.route('GET', LISTING_HISTORY_PATH, async (_req, res, ctx) => {
    const params = [...ctx.url.searchParams.keys()];
    const raw = ctx.url.searchParams.get('ids') ?? '';
    const ids = [...new Set(raw.split(','))];
    if (
      params.some((p) => p !== 'ids') ||
      ctx.url.searchParams.getAll('ids').length !== 1 ||
      ids.length > LISTING_HISTORY_MAX_IDS ||
      !ids.every((id) => RECORD_ID.test(id))
    ) {
      return sendJson(res, 400, { error: `Ask with ids: 1 to ${LISTING_HISTORY_MAX_IDS} listing record ids, comma-separated.` });
    }
    await keeper.settled();
    const history = await deps.store.listingHistory.forListings(ids);
    const listings: Record<string, unknown[]> = {};
    for (const [id, events] of history) if (events.length > 0) listings[id] = events.map(eventJson);
    sendJson(res, 200, { listings }, { 'Cache-Control': 'no-cache' });
  });
  return keeper;
}
