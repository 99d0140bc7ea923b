import { shortPrice, toMapListing, validCoordinates } from './mapListing';
import { bedsAndBaths } from './MapList';

describe('a listing on the map', () => {
  it('is read from Latitude and Longitude, numbers or numbers as text, with what the card shows', () => {
    const listing = toMapListing({
      id: 'rec1',
      fields: {
        'Property Name': 'Lakeview Estate',
        Price: '3,250,000',
        Bedrooms: 5,
        Bathrooms: 4.5,
        Latitude: '43.4465',
        Longitude: -79.6705,
        Location: 'Old Oakville',
        'City/State': 'Oakville, ON',
        Photos: [{ url: '/media/a.svg' }],
      },
    });
    expect(listing).toEqual({
      id: 'rec1',
      lat: 43.4465,
      lng: -79.6705,
      name: 'Lakeview Estate',
      path: '/property/lakeview-estate',
      price: 3_250_000,
      bedrooms: 5,
      bathrooms: 4.5,
      cover: '/media/a.svg',
      location: 'Old Oakville',
      city: 'Oakville, ON',
      type: null,
    });
  });

  it('is not on the map without usable coordinates', () => {
    for (const fields of [
      {},
      { Latitude: 43.4 },
      { Latitude: 'north', Longitude: -79 },
      { Latitude: 0, Longitude: 0 },
      { Latitude: 95, Longitude: -79 },
      { Latitude: '', Longitude: '' },
    ]) {
      expect(toMapListing({ id: 'r', fields })).toBeNull();
    }
    expect(validCoordinates(-33.9, 151.2)).toBe(true);
  });

  it('shows a short price on its marker', () => {
    expect(shortPrice(2_449_000)).toBe('$2.4M');
    expect(shortPrice(3_000_000)).toBe('$3M');
    expect(shortPrice(12_499_000)).toBe('$12M');
    expect(shortPrice(899_000)).toBe('$899K');
    expect(shortPrice(null)).toBe('Price on request');
  });

  it("says its bedrooms and bathrooms, leaving out a commercial listing's 0 bedrooms", () => {
    expect(bedsAndBaths({ bedrooms: 1, bathrooms: 1.5 })).toBe('1 bed · 1.5 baths');
    expect(bedsAndBaths({ bedrooms: 0, bathrooms: 4 })).toBe('4 baths');
    expect(bedsAndBaths({ bedrooms: null, bathrooms: null })).toBe('');
  });
});
