import { FALLBACK_PROPERTY_IMAGE } from '@gta/shared';
import { byListingDateDesc, homeFeatured, statusTone, toListing } from './listing';
import { EMPTY_LISTING_SEARCH, matchesListingFilters } from '@gta/shared/core';

describe('Listing', () => {
  it('reads a record: slug, path, numbers from text, photos in any shape, the first photo as cover', () => {
    const l = toListing({
      id: 'r1',
      fields: { 'Property Name': 'The Oaks — Unit #5!', Price: '$1,250,000', Bedrooms: '4', Photos: 'a.svg, undefined, b.svg', Featured: true },
    });
    expect(l.slug).toBe('the-oaks-unit-5');
    expect(l.path).toBe('/property/the-oaks-unit-5');
    expect(l.price).toBe(1250000);
    expect(l.bedrooms).toBe(4);
    expect(l.photos).toEqual(['a.svg', 'b.svg']);
    expect(l.cover).toBe('a.svg');
    expect(l.featured).toBe(true);
  });

  it('uses the stock image without photos and City/State without a location', () => {
    const l = toListing({ id: 'r2', fields: { 'Property Name': 'X', 'City/State': 'Oakville, ON', Location: 'Not specified' } });
    expect(l.cover).toBe(FALLBACK_PROPERTY_IMAGE);
    expect(l.location).toBe('Oakville, ON');
  });

  it('colours statuses: available (any case, trimmed), sold, anything else', () => {
    expect(statusTone(' AVAILABLE ')).toBe('available');
    expect(statusTone('Sold')).toBe('sold');
    expect(statusTone('Pending')).toBe('other');
    expect(statusTone(undefined)).toBe('other');
  });

  it('sorts newest Listing Date first, undated last', () => {
    const mk = (id: string, date?: string) => toListing({ id, fields: { 'Property Name': id, ...(date ? { 'Listing Date': date } : {}) } });
    expect([mk('a', '2025-01-01'), mk('b'), mk('c', '2026-05-01')].sort(byListingDateDesc).map((l) => l.id)).toEqual(['c', 'a', 'b']);
  });

  it('home featured: available only, at most 9', () => {
    const list = Array.from({ length: 12 }, (_, i) =>
      toListing({
        id: `r${i}`,
        fields: { 'Property Name': `P${i}`, Status: i % 4 === 0 ? 'Sold' : 'Available', 'City/State': i % 2 ? 'Oakville, ON' : 'Burlington, ON' },
      }),
    );
    expect(homeFeatured(list)).toHaveLength(9);
  });
});

describe('matchesListingFilters over a listing’s fields (the featured page applies the rules of call 4 in the browser; more in shared/src/core/listingSearch.test.ts)', () => {
  const l = toListing({
    id: 'r',
    fields: {
      'Property Name': 'A',
      Status: 'Available',
      Location: '1 Lake Rd',
      'City/State': 'Oakville, ON',
      'Postal Code': 'L6J 1A1',
      'Property ID': 'OAK-7',
      'Property Type': 'House',
      Price: 900000,
      Bedrooms: 4,
      Bathrooms: 3,
      'Size (sq ft)': 1800,
    },
  });
  const f = (patch: Partial<typeof EMPTY_LISTING_SEARCH>) => ({ ...EMPTY_LISTING_SEARCH, ...patch });
  it.each([
    [f({}), true],
    [f({ location: 'OAKVILLE' }), true],
    [f({ location: 'l6j' }), true],
    [f({ location: 'oak-7' }), true],
    [f({ location: 'Oak"ville' }), false],
    [f({ location: '{Price}' }), false],
    [f({ price: '1000000' }), true],
    [f({ price: '500000' }), false],
    [f({ propertyType: 'house' }), true],
    [f({ propertyType: 'Condo' }), false],
    [f({ beds: '4' }), true],
    [f({ beds: '5+' }), false],
    [f({ baths: 'custom', bathsCustom: '3' }), true],
    [f({ sqft: '1500' }), false],
    [f({ sqft: '2000' }), true],
    [f({ keyword: 'anything' }), false],
    [f({ keyword: 'LAKE oakville' }), true],
  ])('%j -> %s', (filters, expected) => {
    expect(matchesListingFilters(l.fields, filters)).toBe(expected);
  });
});

describe('the fields a listing carries to its detail page', () => {
  it("leave out the raw photo list and a 'Description' the page would not show", () => {
    const l = toListing({
      id: 'r',
      fields: { 'Property Name': 'A', Photos: 'a.svg, b.svg', 'Listing Description': 'Shown.', Description: 'Not shown.', Kitchen: 'Chef' },
    });
    expect(l.photos).toEqual(['a.svg', 'b.svg']);
    expect(l.fields).not.toHaveProperty('Photos');
    expect(l.fields).not.toHaveProperty('Description');
    expect(l.fields['Listing Description']).toBe('Shown.');
    expect(l.fields.Kitchen).toBe('Chef');
  });

  it("keep 'Description' when 'Listing Description' is empty (the page shows it instead)", () => {
    const l = toListing({ id: 'r', fields: { 'Property Name': 'A', 'Listing Description': '  ', Description: 'The fallback text.' } });
    expect(l.fields.Description).toBe('The fallback text.');
  });
});
