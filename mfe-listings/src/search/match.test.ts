import { toListing, type Listing } from '../data/listing';
import { EMPTY_FILTERS, filtersFromParams, filtersToParams, keywordWords, type SearchFilters } from './filters';
import { matchesFilters, matchesSearch, matchesStatus } from './match';
import { LAKESHORE, PENDING, RAVINE, record } from '../test/fixtures';

const filters = (patch: Partial<SearchFilters>): SearchFilters => ({ ...EMPTY_FILTERS, ...patch });

/** A listing with text in every field the keyword is looked for in, each word in one field only. */
const ORCHARD: Listing = toListing(
  record({
    'Property Name': 'Orchard House',
    Status: 'Available',
    Address: '42 Kerr Street, Oakville, ON',
    Location: 'Old Oakville',
    'City/State': 'Oakville, ON',
    Description: 'Hidden words are only here.',
    'Listing Description': 'A restored Victorian with a walled garden.',
    Features: 'Pool, Wine cellar, Elevator',
  }),
);

describe('the keyword: every word, in the name, address, neighbourhood, description or features', () => {
  it.each([
    ['orchard', 'the name'],
    ['kerr', 'the address'],
    ['old', 'the neighbourhood (Location)'],
    ['victorian', 'the description'],
    ['cellar', 'the features'],
    ['POOL', 'any case'],
    ['Garden  ELEVATOR', 'two words in two fields'],
    ['pool, elevator', 'words split at commas'],
    ['walled', 'part of the description'],
  ])('finds %j (%s)', (keyword) => {
    expect(matchesSearch(ORCHARD, filters({ keyword }))).toBe(true);
  });

  it.each([
    ['sauna', 'a word in no field'],
    ['pool sauna', 'one of two words missing'],
    ['wine-cellar', 'text that is not there as typed'],
    ['garden"', 'a quote is text like any other'],
    ['{Features}', 'a field reference is text'],
    ['house42', 'a word cannot span two fields (the name ends, the address begins)'],
  ])('does not find %j (%s)', (keyword) => {
    expect(matchesSearch(ORCHARD, filters({ keyword }))).toBe(false);
  });

  it('reads blank and missing fields as no text', () => {
    const bare = toListing(record({ 'Property Name': 'Bare Lot', Status: 'Available' }));
    expect(matchesSearch(bare, filters({ keyword: 'bare' }))).toBe(true);
    expect(matchesSearch(bare, filters({ keyword: 'pool' }))).toBe(false);
  });

  it('splits the keyword into lower-case words, each once, in the order typed', () => {
    expect(keywordWords('  Pool,ravine;  POOL\tview ')).toEqual(['pool', 'ravine', 'view']);
    expect(keywordWords(' , ')).toEqual([]);
  });

  it('combines with the other filters', () => {
    const lakeshore = toListing(LAKESHORE);
    expect(matchesSearch(lakeshore, filters({ keyword: 'pool', location: 'oakville', beds: '5+' }))).toBe(true);
    expect(matchesSearch(lakeshore, filters({ keyword: 'pool', location: 'mississauga' }))).toBe(false);
  });
});

describe('the Status filter: for sale unless the visitor asks for sold ones', () => {
  const available = toListing(LAKESHORE);
  const sold = toListing(RAVINE);
  const pending = toListing(PENDING);
  const spaced = toListing(record({ 'Property Name': 'Spaced', Status: '  available ' }));
  const conditional = toListing(record({ 'Property Name': 'Conditional', Status: 'Conditional' }));
  const none = toListing(record({ 'Property Name': 'No status' }));

  it('keeps only Available listings (any case, trimmed) by default', () => {
    expect([available, sold, pending, spaced, conditional, none].filter((l) => matchesStatus(l, '')).map((l) => l.name)).toEqual(['Lakeshore Manor', 'Spaced']);
  });

  it("'sold' keeps the Sold ones, 'all' keeps every listing", () => {
    expect([available, sold, pending, conditional].filter((l) => matchesStatus(l, 'sold')).map((l) => l.name)).toEqual(['Ravine Retreat']);
    expect([available, sold, pending, conditional, none].every((l) => matchesStatus(l, 'all'))).toBe(true);
  });

  it('a search applies it too (matchesFilters), the featured page does not (matchesSearch)', () => {
    expect(matchesFilters(sold, filters({ location: 'mississauga' }))).toBe(false);
    expect(matchesFilters(sold, filters({ location: 'mississauga', status: 'all' }))).toBe(true);
    expect(matchesSearch(sold, filters({ location: 'mississauga' }))).toBe(true);
  });

  it('lives in the URL as status=all or status=sold; anything else is the default', () => {
    expect(filtersToParams(filters({ status: 'all', beds: '3' })).toString()).toBe('beds=3&status=all');
    expect(filtersToParams(filters({})).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('status=SOLD')).status).toBe('sold');
    expect(filtersFromParams(new URLSearchParams('status=pending')).status).toBe('');
    expect(filtersFromParams(new URLSearchParams('status=all&keyword=pool'))).toEqual(filters({ status: 'all', keyword: 'pool' }));
  });
});
