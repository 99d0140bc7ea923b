/**
 * Similar homes on a property page, never empty while other homes are for sale (issue 38): the strict rule first,
 * then wider, each home saying how it is similar (SimilarReason):
 *  1. 'similar': the strict rule below;
 *  2. 'city': for sale in the same city, any type, nearest in price;
 *  3. 'price': for sale anywhere, nearest in price.
 * The wider tiers fill the places the one before left (SIMILAR_MAX in all), each read only when needed.
 *
 * The strict rule: homes for sale in the same city (City/State, trimmed, any case), priced within
 * 20 % of this one (either way, inclusive), of a similar type (TYPE_GROUPS: a condo with condos, a townhouse with
 * townhouses, a house with detached homes...), never the home itself; the SIMILAR_MAX closest in price, the nearest
 * first. A pure module: the rule (isSimilar, pickSimilar) and the records API formulas that find the candidates.
 *
 * The nearest in price are found exactly with two small requests: the SIMILAR_MAX cheapest at or above the price
 * (Price ascending) and the SIMILAR_MAX dearest below it (Price descending); the closest SIMILAR_MAX of all are
 * among those. The rule is applied again to what comes back.
 */
import type { Listing } from '../data/listing';
import { formulaNumber, formulaString } from '@gta/shared/listing-search';

export const SIMILAR_MAX = 3;
/** How far the price may be from this one's, as a share of it. */
export const PRICE_SPREAD = 0.2;

/** Types that are alike (lower case). A type in no group is alike only to itself. */
export const TYPE_GROUPS: readonly (readonly string[])[] = [
  ['condo', 'condominium', 'apartment', 'loft', 'penthouse'],
  ['town house', 'townhouse', 'row house', 'semi-detached'],
  ['house', 'detached home', 'detached', 'residential', 'single family home', 'bungalow'],
];

const norm = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/** The types (lower case) counted as similar to `type`; null when any type will do (a listing without one). */
export function similarTypes(type: string | null): readonly string[] | null {
  const t = norm(type);
  if (!t) return null;
  return TYPE_GROUPS.find((group) => group.includes(t)) ?? [t];
}

/** The inclusive price range of similar homes, in whole dollars: 80 % to 120 % of the price. */
export function priceRange(price: number): { min: number; max: number } {
  return { min: Math.ceil(price * (1 - PRICE_SPREAD) - 1e-6), max: Math.floor(price * (1 + PRICE_SPREAD) + 1e-6) };
}

/** True when `other` is a similar home to `home` (both need a price and a city). */
export function isSimilar(home: Listing, other: Listing): boolean {
  if (other.id === home.id || home.price === null || other.price === null || !norm(home.city)) return false;
  if (other.statusTone !== 'available' || norm(other.city) !== norm(home.city)) return false;
  const { min, max } = priceRange(home.price);
  if (other.price < min || other.price > max) return false;
  const types = similarTypes(home.type);
  return types === null || types.includes(norm(other.type));
}

/** The similar homes among `candidates`, nearest in price first (then newest), at most `max`. */
export function pickSimilar(home: Listing, candidates: readonly Listing[], max = SIMILAR_MAX): Listing[] {
  const price = home.price ?? 0;
  const seen = new Set<string>();
  return candidates
    .filter((c) => isSimilar(home, c) && !seen.has(c.id) && (seen.add(c.id), true))
    .sort((a, b) => Math.abs((a.price ?? 0) - price) - Math.abs((b.price ?? 0) - price) || (b.listingDate ?? '').localeCompare(a.listingDate ?? ''))
    .slice(0, max);
}

/** The two requests' formulas (at or above the price; below it), or null when the home has no price or city. */
export function similarHomesFormulas(home: Listing): { above: string; below: string } | null {
  if (home.price === null || home.price <= 0 || !norm(home.city)) return null;
  const { min, max } = priceRange(home.price);
  const price = formulaNumber(home.price);
  const types = similarTypes(home.type);
  const common = [
    `LOWER(TRIM({City/State}&'')) = ${formulaString(norm(home.city))}`,
    ...(types === null ? [] : [`OR(${types.map((t) => `LOWER(TRIM({Property Type}&'')) = ${formulaString(t)}`).join(', ')})`]),
    `LOWER(TRIM({Status}&'')) = "available"`,
    `RECORD_ID() != ${formulaString(home.id)}`,
  ];
  return {
    above: `AND({Price} >= ${price}, {Price} <= ${formulaNumber(max)}, ${common.join(', ')})`,
    below: `AND({Price} >= ${formulaNumber(min)}, {Price} < ${price}, ${common.join(', ')})`,
  };
}

/** How a home shown under 'Similar homes' is similar to this one (the tier of the rule that found it). */
export type SimilarReason = 'similar' | 'city' | 'price';

export interface SimilarHome {
  listing: Listing;
  reason: SimilarReason;
}

/** What a card says of its home: how it is similar. */
export function similarReasonText(reason: SimilarReason, home: Listing): string {
  const city = (home.city ?? '').replace(/,\s*[A-Z]{2}$/, '').trim();
  switch (reason) {
    case 'similar':
      return `Similar type and price in ${city}`;
    case 'city':
      return `Also for sale in ${city}`;
    case 'price':
      return 'Close to this price';
  }
}

/** For sale, another home. */
function othersFor(home: Listing): string[] {
  return [`LOWER(TRIM({Status}&'')) = "available"`, `RECORD_ID() != ${formulaString(home.id)}`];
}

/**
 * A wider tier's two requests (at or above the price; below it), nearest in price: 'city' keeps the city, 'price'
 * any city. Null when the home has no price (or, for 'city', no city).
 */
export function widerFormulas(home: Listing, reason: Exclude<SimilarReason, 'similar'>): { above: string; below: string } | null {
  if (home.price === null || home.price <= 0) return null;
  if (reason === 'city' && !norm(home.city)) return null;
  const price = formulaNumber(home.price);
  const common = [...(reason === 'city' ? [`LOWER(TRIM({City/State}&'')) = ${formulaString(norm(home.city))}`] : []), ...othersFor(home)];
  return { above: `AND({Price} >= ${price}, ${common.join(', ')})`, below: `AND({Price} < ${price}, ${common.join(', ')})` };
}

/** True when `other` belongs to a wider tier of `home` (for sale, not the home, with a price; 'city': same city). */
function isWider(home: Listing, other: Listing, reason: Exclude<SimilarReason, 'similar'>): boolean {
  if (other.id === home.id || other.price === null || other.statusTone !== 'available') return false;
  return reason === 'price' || (norm(home.city) !== '' && norm(other.city) === norm(home.city));
}

const byNearest = (home: Listing) => {
  const price = home.price ?? 0;
  return (a: Listing, b: Listing) =>
    Math.abs((a.price ?? 0) - price) - Math.abs((b.price ?? 0) - price) || (b.listingDate ?? '').localeCompare(a.listingDate ?? '');
};

/**
 * The homes to show, SIMILAR_MAX at most: the strict rule's (nearest in price first), then the same city's, then the
 * nearest in price anywhere, each home once, under the first tier that found it.
 */
export function pickSimilarWithFallback(
  home: Listing,
  tiers: { similar: readonly Listing[]; city?: readonly Listing[]; price?: readonly Listing[] },
  max = SIMILAR_MAX,
): SimilarHome[] {
  const out: SimilarHome[] = pickSimilar(home, tiers.similar, max).map((listing) => ({ listing, reason: 'similar' }));
  const seen = new Set(out.map((s) => s.listing.id));
  for (const reason of ['city', 'price'] as const) {
    if (out.length >= max) break;
    const more = (tiers[reason] ?? []).filter((c) => isWider(home, c, reason) && !seen.has(c.id) && (seen.add(c.id), true)).sort(byNearest(home));
    out.push(...more.slice(0, max - out.length).map((listing) => ({ listing, reason })));
  }
  return out;
}
