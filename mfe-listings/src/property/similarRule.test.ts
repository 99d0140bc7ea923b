import { toListing } from '../data/listing';
import { record } from '../test/fixtures';
import { isSimilar, pickSimilar, priceRange, similarHomesFormulas, similarTypes } from './similarRule';

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
