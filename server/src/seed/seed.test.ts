import { normalisePhotos, parseOpenHouses, tourEmbed } from '@gta/shared/core';
import { COORDINATE_JITTER, NEIGHBOURHOOD_CENTRES, SEED_PROPERTY_TYPES, PROPERTY_FIELD_NAMES, generateListings, listingCoordinates } from './generate';
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
    // a listing holds open houses or has a tour only sometimes (below)
    const sometimes = new Set(['Open House', 'Virtual Tour', 'Floor Plans']);
    for (const l of tidy)
      for (const field of PROPERTY_FIELD_NAMES.filter((f) => !sometimes.has(f))) expect([field, l.fields[field]]).not.toEqual([field, undefined]);
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

  it('places every listing in its neighbourhood, inside the region the map shows, with numbers (or numbers as text)', () => {
    for (const l of generateListings({ count: 400 })) {
      const latitude = Number(l.fields.Latitude);
      const longitude = Number(l.fields.Longitude);
      // the region of the map page: Halton, Peel and Niagara, lat 43.0-44.2, lng -80.2 to -78.8
      expect(latitude).toBeGreaterThan(43.0);
      expect(latitude).toBeLessThan(44.2);
      expect(longitude).toBeGreaterThan(-80.2);
      expect(longitude).toBeLessThan(-78.8);
      const hood = l.fields.Location;
      if (typeof hood !== 'string') continue; // a record with its Location removed (the messy shapes)
      const [lat, lng] = NEIGHBOURHOOD_CENTRES[hood] as readonly [number, number];
      expect(Math.abs(latitude - lat)).toBeLessThanOrEqual(COORDINATE_JITTER.lat + 1e-6);
      expect(Math.abs(longitude - lng)).toBeLessThanOrEqual(COORDINATE_JITTER.lng + 1e-6);
    }
    expect(listings.some((l) => typeof l.fields.Latitude === 'string')).toBe(true);
  });

  it('gives two homes of one neighbourhood different points, the same on every run', () => {
    expect(listingCoordinates('Port Credit', 'W8100001')).toEqual(listingCoordinates('Port Credit', 'W8100001'));
    expect(listingCoordinates('Port Credit', 'W8100001')).not.toEqual(listingCoordinates('Port Credit', 'W8100002'));
    expect(() => listingCoordinates('Atlantis', 'W8100001')).toThrow(/Atlantis/);
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

  it('gives some homes for sale open houses on the next weekend (Toronto time) and some a virtual tour the property page embeds', () => {
    const seeded = generateListings({ count: 72, openHousesFrom: '2026-11-27' });
    const withOpenHouses = seeded.filter((l) => l.fields['Open House'] !== undefined);
    expect(withOpenHouses.length).toBeGreaterThanOrEqual(8);
    for (const l of withOpenHouses) {
      expect(l.fields.Status).toBe('Available');
      expect(parseOpenHouses(l.fields['Open House']).map((h) => h.day)).toEqual(['2026-11-28', '2026-11-29']);
    }
    const tours = seeded.filter((l) => l.fields['Virtual Tour'] !== undefined);
    expect(tours.length).toBeGreaterThanOrEqual(8);
    for (const l of tours) expect(tourEmbed(l.fields['Virtual Tour'])?.provider).toBe('Vimeo');
  });
});

describe('listing descriptions (issue 39 #4)', () => {
  const sentences = (text: unknown): string[] => (typeof text === 'string' ? (text.match(/[^.!?]+[.!?]/g) ?? []).map((s) => s.trim()) : []);

  it('never repeat a sentence (Modern Residence at 691 Shoreacres Road said one twice), in 1,000 homes', () => {
    const repeated = generateListings({ count: 1000 })
      .map((l) => ({ name: l.fields['Property Name'], said: sentences(l.fields['Listing Description']) }))
      .filter(({ said }) => new Set(said).size !== said.length);
    expect(repeated).toEqual([]);
  });

  it('keep every other seeded value: only the repeated sentence changes', () => {
    const shoreacres = generateListings({ count: 72 }).find((l) => l.fields['Property Name'] === 'Modern Residence at 691 Shoreacres Road');
    expect(shoreacres?.fields).toMatchObject({ Price: 4_789_000, 'Property ID': 'W8100039' });
  });
});
