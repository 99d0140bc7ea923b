/**
 * Similar homes on a property page: homes for sale in the same city (City/State, trimmed, any case), priced within
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
