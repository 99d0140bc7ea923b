/** Matching Available listings for the visitor's criteria, written as markdown links to their pages. */
import { CITY_SLUGS, formatPrice, isAvailable, propertyPath, toNumber, type PropertyRecord } from '@gta/shared/core';
import type { Criteria, PropertyKind } from './intent';

export interface ListingMatch {
  name: string;
  path: string;
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  type: string;
  city: string;
  location: string;
  listingDate: string;
}

export interface SearchResult {
  matches: ListingMatch[];
  total: number;
}

function norm(text: unknown): string {
  return typeof text === 'string' ? text.toLowerCase().replace(/[\s-]+/g, '') : '';
}

export function kindMatches(kind: PropertyKind, propertyType: unknown): boolean {
  const t = norm(propertyType);
  const town = t.includes('townhouse') || t.includes('townhome');
  switch (kind) {
    case 'condo':
      return t.includes('condo') || t.includes('apartment');
    case 'townhouse':
      return town;
    case 'detached':
      return t.includes('detached') || t === 'house';
    case 'house':
      return !town && (t.includes('house') || t.includes('detached') || t.includes('residential') || t.includes('bungalow'));
    case 'commercial':
      return t.includes('commercial');
    case 'residential':
      return !t.includes('commercial');
  }
}

function cityOf(record: PropertyRecord): string {
  const cityState = record.fields['City/State'];
  return typeof cityState === 'string' ? cityState.split(',')[0]!.trim() : '';
}

export function cityMatches(city: string, record: PropertyRecord): boolean {
  const wanted = norm(city).replace(/\./g, '');
  const own = norm(cityOf(record)).replace(/\./g, '');
  const location = norm(record.fields.Location).replace(/\./g, '');
  return own === wanted || (wanted.length > 3 && location.includes(wanted));
}

function toMatch(record: PropertyRecord): ListingMatch {
  const f = record.fields;
  const name = String(f['Property Name'] ?? 'Property');
  return {
    name,
    path: propertyPath(name),
    price: toNumber(f.Price),
    bedrooms: toNumber(f.Bedrooms),
    bathrooms: toNumber(f.Bathrooms),
    type: typeof f['Property Type'] === 'string' ? f['Property Type'] : '',
    city: cityOf(record),
    location: typeof f.Location === 'string' ? f.Location : '',
    listingDate: typeof f['Listing Date'] === 'string' ? f['Listing Date'] : '',
  };
}

/** Available listings meeting every criterion; priced ones within a budget come most expensive first, else newest first. */
export function searchListings(records: readonly PropertyRecord[], criteria: Criteria, limit = 5): SearchResult {
  const found = records
    .filter((r) => isAvailable(r.fields.Status))
    .filter((r) => criteria.cities.length === 0 || criteria.cities.some((c) => cityMatches(c, r)))
    .filter((r) => !criteria.kind || kindMatches(criteria.kind, r.fields['Property Type']))
    .map(toMatch)
    .filter((m) => criteria.minBedrooms === undefined || (m.bedrooms !== null && m.bedrooms >= criteria.minBedrooms))
    .filter((m) => criteria.minBathrooms === undefined || (m.bathrooms !== null && m.bathrooms >= criteria.minBathrooms))
    .filter((m) => criteria.maxPrice === undefined || (m.price !== null && m.price <= criteria.maxPrice))
    .filter((m) => criteria.minPrice === undefined || (m.price !== null && m.price >= criteria.minPrice));
  if (criteria.maxPrice !== undefined) found.sort((a, b) => (b.price ?? 0) - (a.price ?? 0));
  else found.sort((a, b) => b.listingDate.localeCompare(a.listingDate));
  return { matches: found.slice(0, limit), total: found.length };
}

/** Escapes text for a markdown link label. */
function label(text: string): string {
  return text.replace(/([\\[\]*_`<>])/g, '\\$1');
}

export function listingLine(m: ListingMatch): string {
  const facts = [
    m.price !== null ? formatPrice(m.price) : null,
    m.bedrooms !== null ? `${m.bedrooms} bed` : null,
    m.bathrooms !== null ? `${m.bathrooms} bath` : null,
    m.type || null,
    [m.location, m.city].filter(Boolean).join(', ') || null,
  ].filter(Boolean);
  return `- [${label(m.name)}](${m.path}) — ${facts.join(' · ')}`;
}

/** Words for the criteria: 'homes in Oakville with 3+ bedrooms under $2,000,000'. */
export function describeCriteria(c: Criteria): string {
  const noun: Record<PropertyKind, string> = {
    condo: 'condos',
    townhouse: 'townhouses',
    detached: 'detached homes',
    house: 'houses',
    commercial: 'commercial properties',
    residential: 'homes',
  };
  const parts = [c.kind ? noun[c.kind] : 'homes'];
  if (c.cities.length > 0) parts.push(`in ${c.cities.join(' or ')}`);
  const rooms = [c.minBedrooms !== undefined ? `${c.minBedrooms}+ bedrooms` : '', c.minBathrooms !== undefined ? `${c.minBathrooms}+ bathrooms` : ''].filter(
    Boolean,
  );
  if (rooms.length > 0) parts.push(`with ${rooms.join(' and ')}`);
  if (c.minPrice !== undefined && c.maxPrice !== undefined) parts.push(`between ${formatPrice(c.minPrice)} and ${formatPrice(c.maxPrice)}`);
  else if (c.maxPrice !== undefined) parts.push(`under ${formatPrice(c.maxPrice)}`);
  else if (c.minPrice !== undefined) parts.push(`over ${formatPrice(c.minPrice)}`);
  return parts.join(' ');
}

/** The page that lists more: the city page for the three city slugs, otherwise active listings. */
export function morePath(c: Criteria): { path: string; label: string } {
  if (c.cities.length === 1) {
    const slug = c.cities[0]!.toLowerCase();
    if (Object.prototype.hasOwnProperty.call(CITY_SLUGS, slug)) return { path: `/listings/${slug}`, label: `all ${c.cities[0]} listings` };
  }
  return { path: '/active-listings', label: 'all active listings' };
}

/** One listing as a line of facts with its link, whatever its status ('[Lakeshore Manor](/property/…) — $3,250,000 · 5 bed · …'). */
export function listingSummary(record: PropertyRecord): string {
  const status = typeof record.fields.Status === 'string' ? record.fields.Status.trim() : '';
  const line = listingLine(toMatch(record)).replace(/^- /, '');
  return status && !isAvailable(record.fields.Status) ? `${line} · ${status}` : line;
}
