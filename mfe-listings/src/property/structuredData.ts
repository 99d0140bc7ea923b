/** schema.org structured data of a property page: a RealEstateListing with its Offer and its Place. */
import { isBlank, siteProfile, toNumber } from '@gta/shared';
import { isSitePhoto } from '../components/photoImage';
import type { Listing } from '../data/listing';
import { listingDescription } from './PropertyTabs';

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** The ISO date of a Listing Date, or undefined. */
function isoDate(value: string | null): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (m) return m[1];
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
}

function availability(listing: Listing): string {
  if (listing.statusTone === 'available') return 'https://schema.org/InStock';
  if (listing.statusTone === 'sold') return 'https://schema.org/SoldOut';
  return 'https://schema.org/LimitedAvailability';
}

/** Drops undefined values so the JSON stays clean. */
function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The street part of an Address ('691 Shoreacres Road, Burlington, ON' → '691 Shoreacres Road'): the town, the
 * province and a postal code at its end go in their own PostalAddress properties, not twice.
 */
export function streetOnly(address: string, locality: string | undefined, region: string | undefined, postalCode?: string | null): string {
  // a postal code may follow a space ('…, ON L7N 4E6'); the town, province and country follow a comma
  const tails = [
    ...(postalCode && postalCode.trim() ? [new RegExp(`[,\\s]+${escapeRegExp(postalCode.trim())}$`, 'i')] : []),
    ...['Canada', region, region?.toUpperCase() === 'ON' ? 'Ontario' : undefined, locality]
      .filter((t): t is string => Boolean(t && t.trim()))
      .map((t) => new RegExp(`\\s*,\\s*${escapeRegExp(t.trim())}\\.?$`, 'i')),
  ];
  let street = address.trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const tail of tails) {
      const next = street.replace(tail, '').trim();
      if (next !== street && next !== '') {
        street = next;
        changed = true;
      }
    }
  }
  return street;
}

export function listingJsonLd(listing: Listing, origin: string): Record<string, unknown> {
  const url = absolute(listing.path, origin);
  const [locality, region] = (listing.city ?? '').split(',').map((s) => s.trim());
  const address = compact({
    '@type': 'PostalAddress',
    // the street address (Location is the neighbourhood: it names the Place below); the town and province apart
    streetAddress:
      listing.fields.Address && !isBlank(listing.fields.Address) ? streetOnly(listing.fields.Address, locality, region, listing.postalCode) : undefined,
    addressLocality: locality || undefined,
    addressRegion: region || undefined,
    postalCode: listing.postalCode ?? undefined,
    addressCountry: 'CA',
  });
  const rooms = toNumber(listing.bedrooms);
  return compact({
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    '@id': `${url}#listing`,
    url,
    name: listing.name,
    description: listingDescription(listing) ?? `${listing.name}, ${listing.location}.`,
    datePosted: isoDate(listing.listingDate),
    // search engines get a JPEG of each photo from the image pipeline (photoImage.ts), not the original
    image: listing.photos.length ? listing.photos.map((p) => absolute(isSitePhoto(p) ? `${p}/1280.jpg` : p, origin)) : undefined,
    identifier: listing.propertyId ?? undefined,
    offers: compact({
      '@type': 'Offer',
      price: listing.price ?? undefined,
      priceCurrency: 'CAD',
      availability: availability(listing),
      url,
      // the site's configured public origin (PUBLIC_URL on the server, the page's origin in the browser), not the profile's example URL
      seller: { '@type': 'RealEstateAgent', name: siteProfile.teamName, url: `${origin}/` },
    }),
    contentLocation: compact({
      '@type': 'Place',
      name: listing.location,
      address,
    }),
    about: compact({
      '@type': 'Accommodation',
      name: listing.name,
      numberOfBedrooms: rooms ?? undefined,
      numberOfBathroomsTotal: listing.bathrooms ?? undefined,
      floorSize: listing.size !== null ? { '@type': 'QuantitativeValue', value: listing.size, unitCode: 'FTK' } : undefined,
      address,
    }),
  });
}
