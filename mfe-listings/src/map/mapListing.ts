/**
 * What the map page knows of a listing: a marker (its coordinates and a short price), a card (photo, price,
 * bedrooms and bathrooms, link) and a line of the list beside the map. Read from a Property record's Latitude and
 * Longitude fields (numbers, or numbers as text): a listing without valid coordinates is not on the map (the page
 * counts them), and nothing is geocoded at run time.
 */
import { toNumber, type PropertyRecord } from '@gta/shared';
import { toListing } from '../data/listing';
import type { ClusterPoint } from './cluster';

export interface MapListing extends ClusterPoint {
  name: string;
  /** The property page. */
  path: string;
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  /** The first photo, or the stock image. */
  cover: string;
  /** The first photo's placeholder colour, when the server has one. */
  coverPlaceholder?: string;
  /** Neighbourhood, or City/State. */
  location: string;
  city: string | null;
  type: string | null;
}

/** A coordinate pair the map can place: finite, on the globe, and not the 0,0 that an empty number field reads as. */
export function validCoordinates(lat: number | null, lng: number | null): lat is number {
  return lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
}

/** The map's reading of a record, or null when it has no usable coordinates. */
export function toMapListing(record: PropertyRecord): MapListing | null {
  const lat = toNumber(record.fields?.Latitude);
  const lng = toNumber(record.fields?.Longitude);
  if (!validCoordinates(lat, lng) || lng === null) return null;
  const listing = toListing(record);
  return {
    id: listing.id,
    lat,
    lng,
    name: listing.name,
    path: listing.path,
    price: listing.price,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    cover: listing.cover,
    ...(listing.placeholders[listing.cover] ? { coverPlaceholder: listing.placeholders[listing.cover] } : {}),
    location: listing.location,
    city: listing.city,
    type: listing.type,
  };
}

/**
 * A marker's price: '$2.4M', '$12M', '$899K'; 'Price on request' when there is none. Millions keep one decimal
 * below ten (a luxury map shows $2.4M and $2.45M homes side by side; the card has the full figure).
 */
export function shortPrice(price: number | null): string {
  if (price === null || price <= 0) return 'Price on request';
  if (price >= 1_000_000) {
    const millions = price / 1_000_000;
    const text = millions < 10 ? (Math.round(millions * 10) / 10).toFixed(1).replace(/\.0$/, '') : String(Math.round(millions));
    return `$${text}M`;
  }
  return `$${Math.max(1, Math.round(price / 1000))}K`;
}
