/**
 * The rule of listing alerts, pure (the matcher runs it under the saved search's row lock, store.alerts.match):
 *  - a listing that matches the search and that the search has not seen is new, and announced;
 *  - a listing it has seen is announced again only when its price is below the lowest price it had when seen
 *    (a price cut); a price that goes up and back down to a price already seen is not a cut;
 *  - the first look (the baseline, after the visitor confirmed): listings created before the search was saved are
 *    taken as known and not announced; those created since are new;
 *  - instant searches are announced on every run that finds something; daily and weekly ones at most once per 24 h
 *    or 7 days (rolling, from the last alert): what is found meanwhile waits, unseen, for the next allowed run;
 *  - one alert per visitor per period: a visitor's saved searches (one email, any case) of one frequency are matched
 *    together (decideVisitorStep) and what they found goes in one alert, each search with its listings; the period
 *    runs from the visitor's last alert of that frequency (the latest of those searches' last alerts), so a search
 *    saved since does not bring a second email in the same day or week;
 *  - every listing found is marked as announced for the search that found it (the body lists up to
 *    MAX_LISTINGS_PER_ALERT per search and in all).
 * Every listing announced is recorded (listing id + price) in the same transaction as the alert's outbox row, so a
 * run repeated after a crash or by another replica finds nothing twice (per search: a listing two searches match is
 * announced once in the alert, and marked seen for both).
 */
import { formatPrice, normalisePhotos, propertyPath, toNumber, type AlertFrequency } from '@gta/shared/core';
import type { NewDelivery, SavedSearch, SeenListing, StoredRecord, VisitorStep } from '../store/store';

export const ALERT_PERIOD_MS: Readonly<Record<AlertFrequency, number>> = {
  instant: 0,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

/** The most listings one alert's body carries (an import of hundreds would make an unreadable email). */
export const MAX_LISTINGS_PER_ALERT = 25;

export type AlertReason = 'new' | 'price-reduced';

export interface FoundListing {
  record: StoredRecord;
  reason: AlertReason;
  price: number | null;
  /** The price it was seen at before a cut; null for a new listing. */
  previousPrice: number | null;
}

/** What the matcher found for a search on this run, before the frequency says whether to send it. */
export function findAnnouncements(
  search: SavedSearch,
  seen: ReadonlyMap<string, SeenListing>,
  matches: readonly StoredRecord[],
): { found: FoundListing[]; known: SeenListing[] } {
  const found: FoundListing[] = [];
  const known: SeenListing[] = [];
  const baseline = search.baselinedAt === null;
  for (const record of matches) {
    const price = toNumber(record.fields.Price);
    const before = seen.get(record.id);
    if (!before) {
      const created = Date.parse(record.createdTime);
      if (baseline && Number.isFinite(created) && created < search.createdAt) known.push({ listingId: record.id, price, alertId: null });
      else found.push({ record, reason: 'new', price, previousPrice: null });
    } else if (price !== null && before.price !== null && price < before.price) {
      found.push({ record, reason: 'price-reduced', price, previousPrice: before.price });
    } else if (price !== null && before.price === null) {
      // the listing has a price now: remember it, so a later cut below it is one
      known.push({ listingId: record.id, price, alertId: before.alertId });
    }
  }
  return { found, known };
}

/** May this search be sent an alert now (its frequency's period since the last one has passed)? */
export function alertDue(search: SavedSearch, now: number): boolean {
  return search.lastAlertAt === null || now - search.lastAlertAt >= ALERT_PERIOD_MS[search.frequency];
}

/** A saved search of a visitor, with what the matcher found for it on this run (before the store's transaction). */
export interface VisitorSearch {
  search: SavedSearch;
  seen: ReadonlyMap<string, SeenListing>;
  matches: readonly StoredRecord[];
}

/** What one search of an alert found (deliveries.ts makes the body of it). */
export interface SearchFindings {
  search: SavedSearch;
  found: readonly FoundListing[];
}

/** The key of a visitor's searches of one frequency: they share one alert per period. */
export function visitorGroup(search: Pick<SavedSearch, 'email' | 'frequency'>): string {
  return `${search.email.trim().toLowerCase()}\n${search.frequency}`;
}

/**
 * May this visitor's searches of one frequency be sent an alert now: the period since the latest alert of any of
 * them has passed (instant: always).
 */
export function visitorDue(searches: readonly SavedSearch[], now: number): boolean {
  const last = searches.reduce<number | null>(
    (latest, s) => (s.lastAlertAt !== null && (latest === null || s.lastAlertAt > latest) ? s.lastAlertAt : latest),
    null,
  );
  const frequency = searches[0]?.frequency ?? 'instant';
  return last === null || now - last >= ALERT_PERIOD_MS[frequency];
}

/**
 * One matcher step for a visitor's searches of one frequency: per search what to record, and the one alert with
 * what every search found (its deliveries built by `deliveries`), or null when there is nothing to record.
 */
export function decideVisitorStep(
  members: readonly VisitorSearch[],
  now: number,
  newAlertId: () => string,
  deliveries: (findings: readonly SearchFindings[], alertId: string) => readonly NewDelivery[],
): VisitorStep | null {
  const looked = members.map((m) => ({ member: m, ...findAnnouncements(m.search, m.seen, m.matches) }));
  const findings = looked.filter((l) => l.found.length > 0);
  const send =
    findings.length > 0 &&
    visitorDue(
      members.map((m) => m.search),
      now,
    );
  const id = send ? newAlertId() : null;
  const searches = looked.map(({ member, found, known }) => ({
    searchId: member.search.id,
    seen: id !== null ? [...known, ...found.map((f) => ({ listingId: f.record.id, price: f.price, alertId: id }))] : known,
    baselined: member.search.baselinedAt === null,
    alerted: id !== null && found.length > 0,
  }));
  if (id !== null) {
    return {
      searches,
      alert: {
        id,
        deliveries: deliveries(
          findings.map((l) => ({ search: l.member.search, found: l.found })),
          id,
        ),
      },
    };
  }
  return searches.some((s) => s.seen.length > 0 || s.baselined) ? { searches } : null;
}

/** A listing as the `listing-alert` webhook carries it (README: Listing alerts). */
export interface AlertListingBody {
  id: string;
  propertyId: string | null;
  name: string;
  url: string;
  reason: AlertReason;
  price: number | null;
  priceText: string;
  previousPrice: number | null;
  previousPriceText: string | null;
  status: string | null;
  propertyType: string | null;
  address: string | null;
  location: string | null;
  city: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  sizeSqft: number | null;
  photo: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}

export function listingBody(found: FoundListing, origin: string): AlertListingBody {
  const f = found.record.fields;
  const photo = normalisePhotos(f.Photos)[0];
  return {
    id: found.record.id,
    propertyId: text(f['Property ID']),
    name: text(f['Property Name']) ?? 'Property',
    url: absolute(propertyPath(f['Property Name']), origin),
    reason: found.reason,
    price: found.price,
    priceText: formatPrice(found.price),
    previousPrice: found.previousPrice,
    previousPriceText: found.previousPrice === null ? null : formatPrice(found.previousPrice),
    status: text(f.Status),
    propertyType: text(f['Property Type']),
    address: text(f.Address),
    location: text(f.Location),
    city: text(f['City/State']),
    bedrooms: toNumber(f.Bedrooms),
    bathrooms: toNumber(f.Bathrooms),
    sizeSqft: toNumber(f['Size (sq ft)']),
    photo: photo ? absolute(photo, origin) : null,
  };
}
