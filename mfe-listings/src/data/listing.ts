/** The Listing: a Property record read once into the shape the pages show (spec section 3). */
import {
  FALLBACK_PROPERTY_IMAGE,
  isAvailable,
  isBlank,
  normalisePhotos,
  propertyPath,
  propertySlug,
  toNumber,
  type PropertyFields,
  type PropertyRecord,
} from '@gta/shared';
import { photoPlaceholders } from '../components/photoImage';

export type StatusTone = 'available' | 'sold' | 'other';

export interface Listing {
  id: string;
  name: string;
  slug: string;
  path: string;
  propertyId: string | null;
  type: string | null;
  status: string | null;
  statusTone: StatusTone;
  /** Location, or City/State when there is none. */
  location: string;
  city: string | null;
  postalCode: string | null;
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  size: number | null;
  garage: number | null;
  listingDate: string | null;
  featured: boolean;
  photos: string[];
  /** The first photo, or the stock fallback image. */
  cover: string;
  /** Placeholder colours of the photos by URL ('#rrggbb'), for those the server has made (photoImage.ts). */
  placeholders: Readonly<Record<string, string>>;
  /**
   * The record's fields the detail pages read, less what is kept above in parsed form: 'Photos' (see photos), and
   * 'Description' when 'Listing Description' has text (the page shows that one). Every listing travels with a
   * server-rendered listings page, so each field kept here is paid for on every first load.
   */
  fields: DetailFields;
}

export type DetailFields = Omit<PropertyFields, 'Photos'>;

/** The fields a listing keeps for its detail page (see Listing.fields). */
export function detailFields(fields: PropertyFields): DetailFields {
  const { Photos: _photos, ...rest } = fields;
  if (!isBlank(rest['Listing Description'])) delete rest.Description;
  return rest;
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && !isBlank(value) ? value.trim() : null;
}

export function statusTone(status: unknown): StatusTone {
  if (isAvailable(status)) return 'available';
  return typeof status === 'string' && status.trim().toLowerCase() === 'sold' ? 'sold' : 'other';
}

export function toListing(record: PropertyRecord): Listing {
  const f = record.fields ?? {};
  const name = text(f['Property Name']) ?? 'Untitled property';
  const photos = normalisePhotos(f.Photos);
  const city = text(f['City/State']);
  return {
    id: record.id,
    name,
    slug: propertySlug(f['Property Name']),
    path: propertyPath(f['Property Name']),
    propertyId: text(f['Property ID']),
    type: text(f['Property Type']),
    status: text(f.Status),
    statusTone: statusTone(f.Status),
    location: text(f.Location) ?? city ?? 'Location not specified',
    city,
    postalCode: text(f['Postal Code']),
    price: toNumber(f.Price),
    bedrooms: toNumber(f.Bedrooms),
    bathrooms: toNumber(f.Bathrooms),
    size: toNumber(f['Size (sq ft)']),
    garage: toNumber(f.Garage),
    listingDate: text(f['Listing Date']),
    featured: f.Featured === true,
    photos,
    cover: photos[0] ?? FALLBACK_PROPERTY_IMAGE,
    placeholders: photoPlaceholders(f.Photos),
    fields: detailFields(f),
  };
}

function dateValue(listing: Listing): number {
  const t = listing.listingDate ? Date.parse(listing.listingDate) : Number.NaN;
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Newest Listing Date first; listings without a date go last; ties keep their order. */
export function byListingDateDesc(a: Listing, b: Listing): number {
  const da = dateValue(a);
  const db = dateValue(b);
  if (da === db) return 0;
  return db > da ? 1 : -1;
}

/** The most cards of the home section (spec section 9). */
export const HOME_FEATURED_MAX = 9;

/** The home section: Available properties, newest first, at most 9. */
export function homeFeatured(listings: readonly Listing[]): Listing[] {
  return listings
    .filter((l) => l.statusTone === 'available')
    .sort(byListingDateDesc)
    .slice(0, HOME_FEATURED_MAX);
}
