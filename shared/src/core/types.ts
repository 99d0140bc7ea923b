/** Domain types shared by the browser and the server. Framework-free: no React here. */

/** A listing as stored in the Properties table (Airtable field names, spelt with spaces). */
export interface PropertyFields {
  'Property Name'?: string;
  'Property ID'?: string;
  'Property Type'?: string;
  Status?: string;
  Location?: string;
  'City/State'?: string;
  'Postal Code'?: string;
  Price?: number | string;
  Bedrooms?: number | string;
  Bathrooms?: number | string;
  'Size (sq ft)'?: number | string;
  /** The lot's area in acres (a condo has none). */
  'Lot Size (acres)'?: number | string;
  /** Ticked for a home on the water (the lake, a river). */
  Waterfront?: boolean;
  Garage?: number | string;
  Description?: string;
  'Listing Description'?: string;
  'Location Description'?: string;
  'Listing Date'?: string;
  'Year Built'?: number | string;
  Kitchen?: string;
  'Tax Amount'?: number | string;
  'Parking Spaces'?: number | string;
  School?: string;
  'School Count'?: number | string;
  Parks?: string;
  'Parks Count'?: number | string;
  Transit?: string;
  Safety?: string;
  Address?: string;
  /** WGS 84 degrees (number fields in the base; a number as text is read too): where the map page puts the listing. */
  Latitude?: number | string;
  Longitude?: number | string;
  /** Comma-separated text; 'Not specified' means none. */
  Features?: string;
  Featured?: boolean;
  /** Open houses: 'YYYY-MM-DD HH:MM-HH:MM' entries in Toronto time, separated by ';' or new lines (listingDetails.ts). */
  'Open House'?: string;
  /** A virtual tour or video: a YouTube, Vimeo or Matterport link (embedded only from those hosts). */
  'Virtual Tour'?: string;
  /** Any of the shapes normalisePhotos accepts. */
  Photos?: unknown;
  /** Floor plan images (attachments): served through the photo pipeline like Photos; the property page shows them. */
  'Floor Plans'?: unknown;
}

/** A record as the records API returns it. */
export interface AirtableRecord<F = Record<string, unknown>> {
  id: string;
  createdTime?: string;
  fields: F;
}

export type PropertyRecord = AirtableRecord<PropertyFields>;

/** A field value as the records API carries it. */
export type FieldValue = string | number | boolean | null | FieldValue[] | { [key: string]: FieldValue };

/** A stored form submission as staff read it. */
export type SubmissionRecord = AirtableRecord<Record<string, FieldValue>>;
