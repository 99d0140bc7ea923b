import { toListing } from '../data/listing';
import { LAKESHORE, record } from '../test/fixtures';
import { listingJsonLd } from './structuredData';

describe('listingJsonLd (issue 26)', () => {
  const listing = toListing(record({ ...LAKESHORE.fields, Location: 'Old Oakville', Address: '120 Lakeshore Road East' }));

  it('puts the street address in streetAddress, not the neighbourhood (Location names the Place)', () => {
    const ld = listingJsonLd(listing, 'https://www.site.test') as { contentLocation: { name: string; address: { streetAddress?: string } } };
    expect(ld.contentLocation.address.streetAddress).toBe('120 Lakeshore Road East');
    expect(ld.contentLocation.name).toBe('Old Oakville');
  });

  it("names the seller with the site's configured public URL, never example.com", () => {
    const ld = listingJsonLd(listing, 'https://www.site.test') as { offers: { seller: { url: string } } };
    expect(ld.offers.seller.url).toBe('https://www.site.test/');
    expect(JSON.stringify(ld)).not.toContain('example.com');
  });
});

describe('the street address apart from the town and province (issue 39 #4)', () => {
  it.each([
    ['691 Shoreacres Road, Burlington, ON', '691 Shoreacres Road'],
    ['691 Shoreacres Road, Burlington, ON L7N 4E6', '691 Shoreacres Road'],
    ['691 Shoreacres Road, Burlington, Ontario, Canada', '691 Shoreacres Road'],
    ['691 Shoreacres Road, Burlington', '691 Shoreacres Road'],
    ['691 Shoreacres Road', '691 Shoreacres Road'],
    ['12 Burlington Street', '12 Burlington Street'],
  ])('%s → %s', (address, street) => {
    const listing = toListing(record({ ...LAKESHORE.fields, 'City/State': 'Burlington, ON', 'Postal Code': 'L7N 4E6', Address: address }));
    const ld = listingJsonLd(listing, 'https://www.site.test') as {
      contentLocation: { address: { streetAddress?: string; addressLocality?: string; addressRegion?: string } };
      about: { address: { streetAddress?: string } };
    };
    expect(ld.contentLocation.address).toMatchObject({ streetAddress: street, addressLocality: 'Burlington', addressRegion: 'ON' });
    expect(ld.about.address.streetAddress).toBe(street);
  });
});
