import { toListing } from '../data/listing';
import { record } from '../test/fixtures';
import {
  isSimilar,
  pickSimilar,
  pickSimilarWithFallback,
  priceRange,
  similarHomesFormulas,
  similarReasonText,
  similarTypes,
  widerFormulas,
} from './similarRule';

const home = (id: string, fields: Record<string, unknown>) =>
  toListing(
    record(
      { 'Property Name': id, 'City/State': 'Oakville, ON', 'Property Type': 'Detached Home', Status: 'Available', Price: 1_000_000, ...fields },
      `rec${id}`,
    ),
  );

const HOME = home('Home', {});

describe('similar homes: the rule', () => {
  it('same city (any case or spacing), for sale, priced within 20 % either way (inclusive), a similar type, never itself', () => {
    expect(isSimilar(HOME, home('A', { Price: 800_000, 'City/State': ' oakville, on ' }))).toBe(true);
    expect(isSimilar(HOME, home('B', { Price: 1_200_000, 'Property Type': 'House' }))).toBe(true);
    expect(isSimilar(HOME, home('C', { Price: 799_999 }))).toBe(false);
    expect(isSimilar(HOME, home('D', { Price: 1_200_001 }))).toBe(false);
    expect(isSimilar(HOME, home('E', { 'City/State': 'Burlington, ON' }))).toBe(false);
    expect(isSimilar(HOME, home('F', { 'Property Type': 'Condo' }))).toBe(false);
    expect(isSimilar(HOME, home('G', { Status: 'Sold' }))).toBe(false);
    expect(isSimilar(HOME, home('H', { Price: 'Not specified' }))).toBe(false);
    expect(isSimilar(HOME, HOME)).toBe(false);
  });

  it('groups alike types; a type in no group is alike only to itself; no type means any', () => {
    expect(similarTypes('Condo')).toContain('condominium');
    expect(similarTypes('Town House')).toContain('townhouse');
    expect(similarTypes('Detached Home')).toEqual(expect.arrayContaining(['house', 'residential']));
    expect(similarTypes('Commercial')).toEqual(['commercial']);
    expect(similarTypes(null)).toBeNull();
  });

  it('keeps the nearest in price, then the newest, at most 3', () => {
    const picked = pickSimilar(HOME, [
      home('Far', { Price: 1_190_000 }),
      home('Near', { Price: 1_020_000 }),
      home('Old', { Price: 900_000, 'Listing Date': '2026-01-01' }),
      home('New', { Price: 1_100_000, 'Listing Date': '2026-03-01' }),
      home('Condo', { Price: 1_000_000, 'Property Type': 'Condo' }),
    ]);
    expect(picked.map((l) => l.name)).toEqual(['Near', 'New', 'Old']);
  });
});

describe('similar homes: the formulas', () => {
  it('ask for the nearest at or above the price and below it, with the same rule', () => {
    expect(priceRange(3_250_000)).toEqual({ min: 2_600_000, max: 3_900_000 });
    const formulas = similarHomesFormulas(home('X', { Price: 3_250_000, 'Property Type': 'Condo', 'City/State': 'Oakville, ON' }));
    const common = `LOWER(TRIM({City/State}&'')) = "oakville, on", OR(LOWER(TRIM({Property Type}&'')) = "condo", LOWER(TRIM({Property Type}&'')) = "condominium", LOWER(TRIM({Property Type}&'')) = "apartment", LOWER(TRIM({Property Type}&'')) = "loft", LOWER(TRIM({Property Type}&'')) = "penthouse"), LOWER(TRIM({Status}&'')) = "available", RECORD_ID() != "recX"`;
    expect(formulas).toEqual({
      above: `AND({Price} >= 3250000, {Price} <= 3900000, ${common})`,
      below: `AND({Price} >= 2600000, {Price} < 3250000, ${common})`,
    });
  });

  it('quote the city as one string literal, and ask nothing for a home without a price or city', () => {
    const formulas = similarHomesFormulas(home('Q', { 'City/State': 'Oak"), TRUE(), ("' }));
    expect(formulas?.above).toContain(`= "oak\\"), true(), (\\""`);
    expect(similarHomesFormulas(home('N', { Price: '' }))).toBeNull();
    expect(similarHomesFormulas(home('M', { 'City/State': '' }))).toBeNull();
  });
});

describe('similar homes: never empty while other homes are for sale (strict rule first, then wider)', () => {
  const burlington = (id: string, fields: Record<string, unknown>) => home(id, { 'City/State': 'Burlington, ON', ...fields });

  it('keeps the strict rule’s homes first, then fills with the same city’s, then the nearest in price anywhere', () => {
    const strict = [home('Strict', { Price: 1_050_000 })];
    const city = [
      home('Strict', { Price: 1_050_000 }),
      home('City Condo', { Price: 1_600_000, 'Property Type': 'Condo' }),
      home('City Far', { Price: 4_000_000 }),
    ];
    const price = [burlington('Elsewhere', { Price: 1_010_000 }), home('City Condo', { Price: 1_600_000, 'Property Type': 'Condo' })];
    expect(pickSimilarWithFallback(HOME, { similar: strict, city, price }).map((s) => [s.listing.name, s.reason])).toEqual([
      ['Strict', 'similar'],
      ['City Condo', 'city'],
      ['City Far', 'city'],
    ]);
    expect(pickSimilarWithFallback(HOME, { similar: [], city: [], price }).map((s) => [s.listing.name, s.reason])).toEqual([
      ['Elsewhere', 'price'],
      ['City Condo', 'price'],
    ]);
  });

  it('never shows the home itself, a sold home, or one without a price in a wider tier', () => {
    const others = [HOME, home('Sold', { Status: 'Sold' }), home('No Price', { Price: 'Not specified' })];
    expect(pickSimilarWithFallback(HOME, { similar: others, city: others, price: others })).toEqual([]);
  });

  it('asks the records API for the wider tiers nearest in price, for sale, not this home', () => {
    const h = home('W', { Price: 2_000_000 });
    expect(widerFormulas(h, 'city')).toEqual({
      above: `AND({Price} >= 2000000, LOWER(TRIM({City/State}&'')) = "oakville, on", LOWER(TRIM({Status}&'')) = "available", RECORD_ID() != "recW")`,
      below: `AND({Price} < 2000000, LOWER(TRIM({City/State}&'')) = "oakville, on", LOWER(TRIM({Status}&'')) = "available", RECORD_ID() != "recW")`,
    });
    expect(widerFormulas(h, 'price')?.above).toBe(`AND({Price} >= 2000000, LOWER(TRIM({Status}&'')) = "available", RECORD_ID() != "recW")`);
    expect(widerFormulas(home('N', { Price: 'Not specified' }), 'price')).toBeNull();
  });

  it('says how each home is similar', () => {
    expect(similarReasonText('similar', HOME)).toBe('Similar type and price in Oakville');
    expect(similarReasonText('city', HOME)).toBe('Also for sale in Oakville');
    expect(similarReasonText('price', HOME)).toBe('Close to this price');
  });
});
