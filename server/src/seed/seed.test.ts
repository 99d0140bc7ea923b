import { normalisePhotos } from '@gta/shared/core';
import { SEED_PROPERTY_TYPES, PROPERTY_FIELD_NAMES, generateListings } from './generate';
import { listingPhotoSvg } from './photos';

describe('the seed generator', () => {
  const listings = generateListings({ count: 72 });

  it('is deterministic', () => {
    expect(generateListings({ count: 72 })).toEqual(listings);
  });

  it('makes at least 60 listings across Halton, Peel and Niagara with unique names and ids', () => {
    expect(listings.length).toBeGreaterThanOrEqual(60);
    const cities = new Set(listings.map((l) => l.fields['City/State']));
    for (const city of ['Oakville, ON', 'Mississauga, ON', 'Burlington, ON']) expect(cities).toContain(city);
    expect(cities.size).toBeGreaterThanOrEqual(7);
    expect(new Set(listings.map((l) => l.fields['Property Name'])).size).toBe(listings.length);
    expect(new Set(listings.map((l) => l.id)).size).toBe(listings.length);
    expect(new Set(listings.map((l) => l.fields['Property ID'])).size).toBe(listings.length);
  });

  it('fills every Property field on the tidy records, with search-option types and realistic values', () => {
    const tidy = listings.slice(0, 12);
    for (const l of tidy) for (const field of PROPERTY_FIELD_NAMES) expect([field, l.fields[field]]).not.toEqual([field, undefined]);
    for (const l of listings) {
      expect(SEED_PROPERTY_TYPES).toContain(l.fields['Property Type']);
      expect(['Available', 'Sold', 'Conditional']).toContain(l.fields.Status);
    }
    const prices = listings.map((l) => Number(String(l.fields.Price).replace(/,/g, ''))).filter(Number.isFinite);
    expect(Math.min(...prices)).toBeGreaterThan(700_000);
    const available = listings.filter((l) => l.fields.Status === 'Available').length;
    expect(available / listings.length).toBeGreaterThan(0.5);
    expect(listings.filter((l) => l.fields.Featured === true).length).toBeGreaterThanOrEqual(9);
  });

  it('gives 3 to 20 photos per listing and includes the messy shapes the front end normalises', () => {
    for (const l of listings) {
      const photos = normalisePhotos(l.fields.Photos);
      expect(photos.length).toBeGreaterThanOrEqual(l.fields.Photos && !Array.isArray(l.fields.Photos) && typeof l.fields.Photos === 'object' ? 1 : 3);
      expect(photos.length).toBeLessThanOrEqual(20);
    }
    expect(listings.some((l) => typeof l.fields.Photos === 'string' && l.fields.Photos.includes(','))).toBe(true);
    expect(listings.some((l) => l.fields.Photos && typeof l.fields.Photos === 'object' && !Array.isArray(l.fields.Photos))).toBe(true);
    expect(listings.some((l) => Array.isArray(l.fields.Photos) && l.fields.Photos.includes('undefined'))).toBe(true);
    expect(listings.some((l) => l.fields.Kitchen === 'Not specified')).toBe(true);
    expect(listings.some((l) => !('Year Built' in l.fields))).toBe(true);
  });

  it('scales to 10,000 listings for benchmarks', () => {
    const many = generateListings({ count: 10_000 });
    expect(many).toHaveLength(10_000);
    expect(new Set(many.map((l) => l.fields['Property Name'])).size).toBe(10_000);
  });

  it('draws small, deterministic 1200x800 SVG photos', () => {
    const svg = listingPhotoSvg('W8100042', 1);
    expect(svg).toBe(listingPhotoSvg('W8100042', 1));
    expect(svg).not.toBe(listingPhotoSvg('W8100042', 2));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="800" viewBox="0 0 1200 800"/);
    for (let n = 1; n <= 20; n++) expect(Buffer.byteLength(listingPhotoSvg('X8123456', n))).toBeLessThan(6000);
  });
});
