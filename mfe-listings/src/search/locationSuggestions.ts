/**
 * The location box's suggestions (issue 38), from the listings' own values: the cities, the neighbourhoods with
 * their city ('Lorne Park, Mississauga'), the streets with their city ('Chartwell Road, Oakville'), the postal
 * areas (a postal code's first three characters, 'L5H'), the addresses and the property IDs, each with the number
 * of homes it finds. Every suggestion is a location the search finds its homes with (the location rule of
 * shared/src/core/listingSearch.ts: each comma-separated part in the address, neighbourhood, city, postal code or
 * property ID). Pure: the box draws what these return.
 */

export type LocationKind = 'City' | 'Neighbourhood' | 'Street' | 'Postal area' | 'Address' | 'Property ID';

export interface LocationSuggestion {
  /** What goes in the box (and the URL). */
  value: string;
  kind: LocationKind;
  /** Homes among those read that it finds. */
  count: number;
}

/** The order kinds are offered in, for suggestions that match alike. */
const KIND_ORDER: readonly LocationKind[] = ['City', 'Neighbourhood', 'Street', 'Postal area', 'Address', 'Property ID'];

/** The most suggestions the box shows. */
export const SUGGESTIONS_MAX = 8;

const text = (v: unknown): string => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : typeof v === 'number' ? String(v) : '');

/** 'Oakville, ON' is Oakville. */
export function cityOf(cityState: string): string {
  return cityState.replace(/,\s*[A-Za-z]{2}\.?$/, '').trim();
}

/** The street of an address: '1276 Chartwell Road, Oakville, ON' and 'PH303 - 2228 Chartwell Road' are Chartwell Road. */
export function streetOf(address: string): string {
  const first = (address.split(',')[0] ?? '').replace(/^.*\s-\s/, '');
  return first.replace(/^\d+[A-Za-z]?\s+/, '').trim();
}

/** The distinct locations of the listings' fields, with how many listings each names. */
export function locationIndex(records: readonly Readonly<Record<string, unknown>>[]): LocationSuggestion[] {
  const found = new Map<string, LocationSuggestion>();
  const add = (value: string, kind: LocationKind) => {
    if (!value) return;
    const key = `${kind}:${value.toLowerCase()}`;
    const entry = found.get(key);
    if (entry) entry.count += 1;
    else found.set(key, { value, kind, count: 1 });
  };
  for (const fields of records) {
    const city = cityOf(text(fields['City/State']));
    const address = text(fields.Address);
    const street = streetOf(address);
    const postal = text(fields['Postal Code']).toUpperCase();
    const inCity = (value: string) => (value && city ? `${value}, ${city}` : value);
    // each kind once a listing, so a count is a count of homes
    const kinds: [string, LocationKind][] = [
      [city, 'City'],
      [inCity(text(fields.Location)), 'Neighbourhood'],
      [street && /[A-Za-z]/.test(street) ? inCity(street) : '', 'Street'],
      [/^[A-Z]\d[A-Z]/.test(postal) ? postal.slice(0, 3) : '', 'Postal area'],
      [inCity((address.split(',')[0] ?? '').trim()), 'Address'],
      [text(fields['Property ID']), 'Property ID'],
    ];
    const seen = new Set<string>();
    for (const [value, kind] of kinds) {
      const key = `${kind}:${value.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add(value, kind);
    }
  }
  return [...found.values()];
}

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[\s,]+/u)
    .filter(Boolean);

/**
 * The suggestions for what was typed: those where every typed word starts a word of the suggestion ('lorne park,
 * miss' finds 'Lorne Park, Mississauga'; 'l5h' the postal area L5H). Those that start with the whole text first,
 * then by kind (cities, neighbourhoods, streets, postal areas, addresses, IDs), the most homes first; at most `max`.
 */
export function suggestLocations(index: readonly LocationSuggestion[], typed: string, max = SUGGESTIONS_MAX): LocationSuggestion[] {
  const whole = typed.toLowerCase().replace(/\s+/g, ' ').trim();
  const typedWords = wordsOf(whole);
  if (typedWords.length === 0) return [];
  const matching = index.filter((s) => {
    const words = wordsOf(s.value);
    return typedWords.every((t) => words.some((w) => w.startsWith(t)));
  });
  const rank = (s: LocationSuggestion) => (s.value.toLowerCase().startsWith(whole) ? 0 : 1);
  return matching
    .sort((a, b) => rank(a) - rank(b) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, max);
}
