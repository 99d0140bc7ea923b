/**
 * The listings search, once: the formula the records API evaluates (/active-listings, the map, listing alerts) and
 * the same conditions read against a record's fields (the featured page), from one list of conditions.
 */
import { propertySlug } from './slug';
import {
  EMPTY_LISTING_SEARCH,
  SLUG_QUERY_MAX_WORDS,
  cityListingsQuery,
  featuredListingsQuery,
  propertySlugQueries,
  LISTING_KEYWORD_FIELDS,
  LISTING_LOCATION_FIELDS,
  filterNumber,
  formulaNumber,
  formulaString,
  keywordWords,
  locationParts,
  LISTED_WITHIN_MAX,
  PRICE_STEPS,
  resolveListingSearch,
  stepsFor,
  listingListFormula,
  listingSearchFormula,
  listingSearchFromQuery,
  listingSearchToQuery,
  listingStatusFormula,
  matchesListingFilters,
  matchesListingSearch,
  matchesListingStatus,
  type ListingSearchFilters,
} from './listingSearch';

/** Filters over every status ('all'), so a test sees the conditions of the search filters alone. */
const filters = (patch: Partial<ListingSearchFilters>): ListingSearchFilters => ({ ...EMPTY_LISTING_SEARCH, status: 'all', ...patch });
/** Filters with the page's default status (for sale). */
const defaults = (patch: Partial<ListingSearchFilters>): ListingSearchFilters => ({ ...EMPTY_LISTING_SEARCH, ...patch });
/** The condition a search adds by default: listings for sale. */
const FOR_SALE = `LOWER(TRIM({Status}&'')) = "available"`;
/** The text the keyword's words are looked for in. */
const HAYSTACK = `LOWER({Property Name}&' '&{Address}&' '&{Location}&' '&{City/State}&' '&{Description}&' '&{Listing Description}&' '&{Features})`;

type Token = { kind: 'string'; value: string } | { kind: 'field'; value: string } | { kind: 'code'; value: string };

/**
 * A tokenizer of Airtable's formula language as far as this test needs it: double- or single-quoted strings with
 * backslash escapes, {field} references, and everything else as code characters.
 */
function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < formula.length) {
    const c = formula[i]!;
    if (c === '"' || c === "'") {
      let value = '';
      i += 1;
      while (i < formula.length && formula[i] !== c) {
        if (formula[i] === '\\') i += 1;
        value += formula[i] ?? '';
        i += 1;
      }
      if (i >= formula.length) throw new Error(`unterminated string in ${formula}`);
      i += 1;
      tokens.push({ kind: 'string', value });
    } else if (c === '{') {
      const end = formula.indexOf('}', i);
      tokens.push({ kind: 'field', value: formula.slice(i + 1, end) });
      i = end + 1;
    } else {
      tokens.push({ kind: 'code', value: c });
      i += 1;
    }
  }
  return tokens;
}

/** The formula's structure with the text of every string replaced by a marker. */
function shape(formula: string): string {
  return tokenize(formula)
    .map((t) => (t.kind === 'string' ? (t.value === '' ? '""' : '"…"') : t.kind === 'field' ? `{${t.value}}` : t.value))
    .join('');
}

const strings = (formula: string) =>
  tokenize(formula)
    .filter((t) => t.kind === 'string')
    .map((t) => t.value);
const fields = (formula: string) =>
  tokenize(formula)
    .filter((t) => t.kind === 'field')
    .map((t) => t.value);

describe('listingSearchFormula: only filters with a value add a condition', () => {
  it('gives no formula when no filter has a value', () => {
    expect(listingSearchFormula(EMPTY_LISTING_SEARCH)).toBe('');
  });

  it('gives no formula for blanks and whitespace, whatever the Status filter', () => {
    expect(listingSearchFormula(filters({ location: '   ', keyword: ' , ' }))).toBe('');
    expect(listingSearchFormula({ ...EMPTY_LISTING_SEARCH, status: 'sold' })).toBe('');
    expect(listingSearchFormula(EMPTY_LISTING_SEARCH)).toBe('');
  });

  it('matches the location case-insensitively as a substring of Location, City/State, Postal Code and Property ID', () => {
    const formula = listingSearchFormula(filters({ location: 'OakVille' }));
    expect(formula).toBe(`AND(OR(${LISTING_LOCATION_FIELDS.map((f) => `SEARCH(LOWER("oakville"), LOWER({${f}}&''))`).join(', ')}))`);
  });

  it('builds each number and type condition with its own operator', () => {
    expect(listingSearchFormula(filters({ price: '500000' }))).toBe('AND({Price} <= 500000)');
    expect(listingSearchFormula(filters({ propertyType: 'Town House' }))).toBe(`AND(LOWER({Property Type}&'') = LOWER("Town House"))`);
    expect(listingSearchFormula(filters({ beds: '3' }))).toBe('AND({Bedrooms} >= 3)');
    expect(listingSearchFormula(filters({ baths: '2' }))).toBe('AND({Bathrooms} >= 2)');
    expect(listingSearchFormula(filters({ sqft: '1500' }))).toBe('AND({Size (sq ft)} <= 1500)');
  });

  it("reads '5+' as at least 5", () => {
    expect(listingSearchFormula(filters({ beds: '5+', baths: '5+' }))).toBe('AND({Bedrooms} >= 5, {Bathrooms} >= 5)');
  });

  it("uses the custom input when a dropdown says 'custom', and ignores the custom input otherwise", () => {
    expect(
      listingSearchFormula(
        filters({
          price: 'custom',
          priceCustom: '2750000',
          propertyType: 'custom',
          propertyTypeCustom: 'Estate',
          beds: 'custom',
          bedsCustom: '0',
          baths: 'custom',
          bathsCustom: '2.5',
          sqft: 'custom',
          sqftCustom: '4200',
        }),
      ),
    ).toBe(`AND({Price} <= 2750000, LOWER({Property Type}&'') = LOWER("Estate"), {Bedrooms} >= 0, {Bathrooms} >= 2.5, {Size (sq ft)} <= 4200)`);
    expect(listingSearchFormula(filters({ price: '100000', priceCustom: '999' }))).toBe('AND({Price} <= 100000)');
  });

  it("adds nothing for 'custom' with an empty or non-numeric custom input", () => {
    expect(listingSearchFormula(filters({ price: 'custom', priceCustom: '' }))).toBe('');
    expect(listingSearchFormula(filters({ beds: 'custom', bedsCustom: '3 OR 1=1' }))).toBe('');
    expect(listingSearchFormula(filters({ sqft: 'custom', sqftCustom: '-5' }))).toBe('');
    expect(listingSearchFormula(filters({ price: '1e400' }))).toBe('');
    expect(listingSearchFormula(filters({ propertyType: 'custom', propertyTypeCustom: '  ' }))).toBe('');
  });

  it('accepts numbers typed with separators or a dollar sign', () => {
    expect(filterNumber('custom', '$1,250,000')).toBe(1250000);
  });

  it('joins every filter with a value in one AND, in a fixed order, the status last', () => {
    const formula = listingSearchFormula({
      ...EMPTY_LISTING_SEARCH,
      location: 'L6J',
      price: '1000000',
      propertyType: 'House',
      beds: '4',
      baths: '3',
      sqft: '2000',
      keyword: 'pool',
    });
    expect(formula.startsWith('AND(OR(')).toBe(true);
    expect(fields(formula)).toEqual([
      ...LISTING_LOCATION_FIELDS,
      'Price',
      'Property Type',
      'Bedrooms',
      'Bathrooms',
      'Size (sq ft)',
      ...LISTING_KEYWORD_FIELDS,
      'Status',
    ]);
    expect(formula.endsWith(`, ${FOR_SALE})`)).toBe(true);
  });
});

describe('the Status filter in a search: for sale unless the visitor asks for sold ones', () => {
  it('keeps listings for sale (Status Available, any case, trimmed) by default', () => {
    expect(listingSearchFormula({ ...EMPTY_LISTING_SEARCH, beds: '3' })).toBe(`AND({Bedrooms} >= 3, ${FOR_SALE})`);
  });

  it("'sold' keeps the Sold ones; 'all' adds no status condition", () => {
    expect(listingSearchFormula({ ...EMPTY_LISTING_SEARCH, beds: '3', status: 'sold' })).toBe(`AND({Bedrooms} >= 3, LOWER(TRIM({Status}&'')) = "sold")`);
    expect(listingSearchFormula({ ...EMPTY_LISTING_SEARCH, beds: '3', status: 'all' })).toBe('AND({Bedrooms} >= 3)');
  });
});

describe('the keyword: every word must be found in the name, address, neighbourhood, description or features', () => {
  it('looks for each word, case-insensitively, in the fields joined by spaces', () => {
    expect(listingSearchFormula(filters({ keyword: 'Pool' }))).toBe(`AND(SEARCH(LOWER("pool"), ${HAYSTACK}))`);
    expect(listingSearchFormula(filters({ keyword: '  Pool, RAVINE pool ' }))).toBe(
      `AND(SEARCH(LOWER("pool"), ${HAYSTACK}), SEARCH(LOWER("ravine"), ${HAYSTACK}))`,
    );
  });

  it('a keyword alone is a search (for sale by default)', () => {
    expect(listingSearchFormula({ ...EMPTY_LISTING_SEARCH, keyword: 'lake' })).toBe(`AND(SEARCH(LOWER("lake"), ${HAYSTACK}), ${FOR_SALE})`);
  });

  it('names the fields of the issue: name, address, neighbourhood, description, features', () => {
    expect(LISTING_KEYWORD_FIELDS).toEqual(['Property Name', 'Address', 'Location', 'City/State', 'Description', 'Listing Description', 'Features']);
  });
});

describe('formulaString: visitor text is one string literal, whatever it holds', () => {
  const hostile = [
    'Oak"ville',
    '{Price}',
    '"), TRUE(), ("',
    '\\',
    'C:\\homes\\',
    'end\\"), TRUE(), ("',
    "it's 'quoted'",
    '""',
    '\\\\"',
    'line\nbreak',
    '}{Status}{',
    ') & OR(1',
  ];

  it.each(hostile)('keeps %j as exactly one string with the same text', (text) => {
    const tokens = tokenize(formulaString(text));
    expect(tokens).toEqual([{ kind: 'string', value: text.replace(/\n/g, ' ') }]);
  });

  it.each(hostile)('searching the location %j keeps the shape of an ordinary location search, one group per comma-separated part', (text) => {
    const formula = listingSearchFormula(filters({ location: text }));
    const parts = locationParts(text);
    const one = shape(listingSearchFormula(filters({ location: 'oakville' }))).slice('AND('.length, -1);
    expect(shape(formula)).toBe(`AND(${parts.map(() => one).join(', ')})`);
    const typed = text.replace(/\n/g, ' ').toLowerCase();
    // each part's text, as typed (commas aside)
    expect(new Set(strings(formula).filter((s) => s !== ''))).toEqual(new Set(parts.map((p) => p[0])));
    expect(parts.map((p) => p[0]).join(',')).toBe(
      typed
        .split(',')
        .map((p) => p.replace(/\s+/g, ' ').trim())
        .filter((p) => p !== '')
        .map((p) => p.replace(/\.$/, ''))
        .join(','),
    );
    expect(fields(formula)).toEqual(parts.flatMap(() => [...LISTING_LOCATION_FIELDS]));
  });

  it.each(hostile.filter((text) => !/\s/.test(text)))('a keyword %j keeps the shape of an ordinary one-word keyword search', (text) => {
    const formula = listingSearchFormula(filters({ keyword: text }));
    expect(shape(formula)).toBe(shape(listingSearchFormula(filters({ keyword: 'pool' }))));
    expect(strings(formula).filter((s) => s.trim() !== '')).toEqual([text.toLowerCase()]);
    expect(fields(formula)).toEqual([...LISTING_KEYWORD_FIELDS]);
  });

  it('a keyword of several hostile words gives one condition for each, each word one string', () => {
    const words = ['pool"),', 'TRUE(),', '("', '{Price}', '\\'];
    const formula = listingSearchFormula(filters({ keyword: words.join(' ') }));
    // commas split words too: 'pool")' and 'TRUE()' and '("'
    const expected = ['pool")', 'true()', '("', '{price}', '\\'];
    expect(strings(formula).filter((s) => s.trim() !== '')).toEqual(expected);
    expect(shape(formula)).toBe(shape(listingSearchFormula(filters({ keyword: 'a b c d e' }))));
  });

  it.each(hostile)('a custom property type %j keeps the shape of an ordinary type search', (text) => {
    const formula = listingSearchFormula(filters({ propertyType: 'custom', propertyTypeCustom: text, price: '500000' }));
    expect(shape(formula)).toBe(shape(listingSearchFormula(filters({ propertyType: 'House', price: '500000' }))));
  });

  it('escapes backslashes before quotes, so a trailing backslash cannot eat the closing quote', () => {
    expect(formulaString('a\\')).toBe('"a\\\\"');
    expect(formulaString('Oak"ville')).toBe('"Oak\\"ville"');
  });
});

describe('formulaNumber', () => {
  it('writes plain digits and refuses what is not a finite non-negative number', () => {
    expect(formulaNumber(1500)).toBe('1500');
    expect(formulaNumber(2.5)).toBe('2.5');
    expect(() => formulaNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formulaNumber(-1)).toThrow(RangeError);
    expect(() => formulaNumber(1e21)).toThrow(RangeError);
  });
});

describe('filters in the URL query', () => {
  it('round-trips the filters with a value and drops custom inputs their dropdown does not use', () => {
    const params = listingSearchToQuery(defaults({ location: 'Oak"ville', price: 'custom', priceCustom: '900000', beds: '3', bedsCustom: '7' }));
    expect(params.toString()).toBe('location=Oak%22ville&price=custom&priceCustom=900000&beds=3');
    expect(listingSearchFromQuery(params)).toEqual(defaults({ location: 'Oak"ville', price: 'custom', priceCustom: '900000', beds: '3' }));
  });

  it('ignores unknown parameters', () => {
    expect(listingSearchFromQuery(new URLSearchParams('utm_source=x&baths=2'))).toEqual(defaults({ baths: '2' }));
  });
});

describe('the list of /active-listings: the search, else the Status filter alone', () => {
  it('is the search’s formula when a search filter has a value', () => {
    expect(listingListFormula(defaults({ beds: '3' }))).toBe(`AND({Bedrooms} >= 3, ${FOR_SALE})`);
  });

  it('is the Status filter’s condition without a search: for sale, sold, or every listing', () => {
    expect(listingListFormula(EMPTY_LISTING_SEARCH)).toBe(FOR_SALE);
    expect(listingStatusFormula('')).toBe(FOR_SALE);
    expect(listingListFormula(defaults({ status: 'sold' }))).toBe(`LOWER(TRIM({Status}&'')) = "sold"`);
    expect(listingListFormula(defaults({ status: 'all' }))).toBe('');
    expect(listingStatusFormula('all')).toBeNull();
  });
});

// ---- the same conditions against a record's fields (the featured page's search of its loaded listings) ----

type Fields = Record<string, unknown>;
const nameOf = (f: Fields) => f['Property Name'];

/** A listing with text in every field the keyword is looked for in, each word in one field only. */
const ORCHARD: Fields = {
  'Property Name': 'Orchard House',
  Status: 'Available',
  Address: '42 Kerr Street, Oakville, ON',
  Location: 'Old Oakville',
  'City/State': 'Oakville, ON',
  'Listing Description': 'A restored Victorian with a walled garden.',
  Features: 'Pool, Wine cellar, Elevator',
};
const LAKESHORE: Fields = {
  'Property Name': 'Lakeshore Manor',
  'Property ID': 'OAK-1001',
  'Property Type': 'Detached Home',
  Status: 'Available',
  Location: '120 Lakeshore Road East, Oakville',
  'City/State': 'Oakville, ON',
  'Postal Code': 'L6J 1H4',
  Price: 3250000,
  Bedrooms: 5,
  Bathrooms: 6,
  'Size (sq ft)': 5200,
  'Listing Description': 'A lakefront manor with a private dock.',
  Features: 'Pool, Wine cellar, Elevator',
};
const RAVINE: Fields = {
  'Property Name': 'Ravine Retreat',
  'Property Type': 'House',
  Status: 'Sold',
  Location: '8 Indian Road, Mississauga',
  'City/State': 'Mississauga, ON',
  Price: 1850000,
  Bedrooms: 4,
  Bathrooms: 3,
  'Size (sq ft)': 3100,
};
const PENDING: Fields = {
  'Property Name': 'Harbour View Penthouse',
  'Property Type': 'Condo',
  Status: 'Pending',
  Location: '1 Port Street, Mississauga',
  'City/State': 'Mississauga, ON',
  Price: 2400000,
};

describe('matchesListingSearch: the keyword, every word, in the name, address, neighbourhood, description or features', () => {
  const search = (patch: Partial<ListingSearchFilters>) => defaults(patch);

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
    expect(matchesListingSearch(ORCHARD, search({ keyword }))).toBe(true);
  });

  it.each([
    ['sauna', 'a word in no field'],
    ['pool sauna', 'one of two words missing'],
    ['wine-cellar', 'text that is not there as typed'],
    ['garden"', 'a quote is text like any other'],
    ['{Features}', 'a field reference is text'],
    ['house42', 'a word cannot span two fields (the name ends, the address begins)'],
  ])('does not find %j (%s)', (keyword) => {
    expect(matchesListingSearch(ORCHARD, search({ keyword }))).toBe(false);
  });

  it('reads blank and missing fields as no text', () => {
    const bare: Fields = { 'Property Name': 'Bare Lot', Status: 'Available' };
    expect(matchesListingSearch(bare, search({ keyword: 'bare' }))).toBe(true);
    expect(matchesListingSearch(bare, search({ keyword: 'pool' }))).toBe(false);
  });

  it('splits the keyword into lower-case words, each once, in the order typed', () => {
    expect(keywordWords('  Pool,ravine;  POOL\tview ')).toEqual(['pool', 'ravine', 'view']);
    expect(keywordWords(' , ')).toEqual([]);
  });

  it('combines with the other filters', () => {
    expect(matchesListingSearch(LAKESHORE, search({ keyword: 'pool', location: 'oakville', beds: '5+' }))).toBe(true);
    expect(matchesListingSearch(LAKESHORE, search({ keyword: 'pool', location: 'mississauga' }))).toBe(false);
  });
});

describe('matchesListingStatus: for sale unless the visitor asks for sold ones', () => {
  const available = LAKESHORE;
  const sold = RAVINE;
  const pending = PENDING;
  const spaced: Fields = { 'Property Name': 'Spaced', Status: '  available ' };
  const conditional: Fields = { 'Property Name': 'Conditional', Status: 'Conditional' };
  const none: Fields = { 'Property Name': 'No status' };

  it('keeps only Available listings (any case, trimmed) by default', () => {
    expect([available, sold, pending, spaced, conditional, none].filter((f) => matchesListingStatus(f, '')).map(nameOf)).toEqual(['Lakeshore Manor', 'Spaced']);
  });

  it("'sold' keeps the Sold ones, 'all' keeps every listing", () => {
    expect([available, sold, pending, conditional].filter((f) => matchesListingStatus(f, 'sold')).map(nameOf)).toEqual(['Ravine Retreat']);
    expect([available, sold, pending, conditional, none].every((f) => matchesListingStatus(f, 'all'))).toBe(true);
  });

  it('a search applies it too (matchesListingFilters), the featured page does not (matchesListingSearch)', () => {
    expect(matchesListingFilters(sold, defaults({ location: 'mississauga' }))).toBe(false);
    expect(matchesListingFilters(sold, defaults({ location: 'mississauga', status: 'all' }))).toBe(true);
    expect(matchesListingSearch(sold, defaults({ location: 'mississauga' }))).toBe(true);
  });

  it('lives in the URL as status=all or status=sold; anything else is the default', () => {
    expect(listingSearchToQuery(defaults({ status: 'all', beds: '3' })).toString()).toBe('beds=3&status=all');
    expect(listingSearchToQuery(defaults({})).toString()).toBe('');
    expect(listingSearchFromQuery(new URLSearchParams('status=SOLD')).status).toBe('sold');
    expect(listingSearchFromQuery(new URLSearchParams('status=pending')).status).toBe('');
    expect(listingSearchFromQuery(new URLSearchParams('status=all&keyword=pool'))).toEqual(defaults({ status: 'all', keyword: 'pool' }));
    expect(listingSearchFromQuery('location=Oakville&status=all')).toEqual(defaults({ location: 'Oakville', status: 'all' }));
  });
});

describe('numbers in the fields', () => {
  it('reads numbers written as text, and a field without a number fails a number filter', () => {
    expect(matchesListingSearch({ Price: '$899,000' }, defaults({ price: '1000000' }))).toBe(true);
    expect(matchesListingSearch({ Price: '1,250,000' }, defaults({ price: '1000000' }))).toBe(false);
    expect(matchesListingSearch({ Price: 'Not specified' }, defaults({ price: '1000000' }))).toBe(false);
    expect(matchesListingSearch({}, defaults({ beds: '1' }))).toBe(false);
  });
});

describe('the featured and city lists, and a property by its slug (one bounded query each)', () => {
  it('the featured list: Featured ticked whatever the status, and a search without the Status filter', () => {
    const all = featuredListingsQuery();
    expect(all.formula).toBe('{Featured} = TRUE()');
    expect(all.matches({ Featured: true, Status: 'Sold' })).toBe(true);
    expect(all.matches({ Featured: false })).toBe(false);
    expect(all.matches({})).toBe(false);
    const near = featuredListingsQuery(listingSearchFromQuery('location=mississauga'));
    expect(near.formula).toMatch(/^AND\(\{Featured\} = TRUE\(\), OR\(SEARCH\(LOWER\("mississauga"\)/);
    expect(near.matches({ Featured: true, Status: 'Sold', 'City/State': 'Mississauga, ON' })).toBe(true);
    expect(near.matches({ Featured: true, 'City/State': 'Oakville, ON' })).toBe(false);
  });

  it("a city's list: City/State and Status 'available', trimmed, any case", () => {
    const oakville = cityListingsQuery('Oakville, ON');
    expect(oakville.formula).toBe(`AND(LOWER(TRIM({City/State}&'')) = "oakville, on", LOWER(TRIM({Status}&'')) = "available")`);
    expect(oakville.matches({ 'City/State': ' oakville, on ', Status: '  AVAILABLE' })).toBe(true);
    expect(oakville.matches({ 'City/State': 'Oakville, ON', Status: 'Sold' })).toBe(false);
    expect(oakville.matches({ 'City/State': 'Burlington, ON', Status: 'Available' })).toBe(false);
  });

  it("a slug's lookups keep every name with this slug: the words for plain names, their pieces when the rule took characters out", () => {
    const names = [
      'Lakeview Estate at 12 Maple Ave.',
      "Queen's Quay Penthouse",
      "O'Brien's Château",
      'Ravine -- Retreat (North)',
      'B&B on Main, #5',
      '1,250 Lakeshore Rd',
      '',
    ];
    for (const name of names) {
      const slug = propertySlug(name);
      const queries = propertySlugQueries(slug);
      expect(queries).not.toBeNull();
      expect(queries?.pieces.matches({ 'Property Name': name })).toBe(true);
      // a plain name is kept by the first lookup already
      if (/^[A-Za-z0-9 .,-]*$/.test(name) && !/\w[.,]\w/.test(name) && name.trim() !== '' && !/^\W+$/.test(name)) {
        expect(queries?.words.matches({ 'Property Name': name })).toBe(true);
      }
    }
    // a name without letters or digits has the slug 'property': the lookups keep a listing without a name
    expect(propertySlugQueries('property')?.words.matches({})).toBe(true);
    const lakeview = propertySlugQueries('lakeview-estate-at-12-maple-ave');
    expect(lakeview?.words.formula).toBe(
      `AND(${['lakeview', 'estate', 'maple', 'ave', 'at', '12'].map((w) => `SEARCH(LOWER("${w}"), LOWER({Property Name}&''))`).join(', ')})`,
    );
    expect(lakeview?.words.matches({ 'Property Name': 'Ravine Retreat' })).toBe(false);
    expect(lakeview?.pieces.matches({ 'Property Name': 'Ravine Retreat' })).toBe(false);
  });

  it('asks nothing for a slug no name can have, and at most 12 words of a long one', () => {
    for (const slug of ['', 'a--b', '-a', 'a-', 'Upper', 'café', 'a b', 'a"b']) expect(propertySlugQueries(slug)).toBeNull();
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join('-');
    expect(propertySlugQueries(long)?.words.formula.match(/SEARCH/g)).toHaveLength(SLUG_QUERY_MAX_WORDS);
  });
});

describe('ranges and luxury filters (issue 38)', () => {
  it('a price range: a minimum and a maximum, each a number condition', () => {
    expect(listingSearchFormula(filters({ minPrice: '2000000', price: '5000000' }))).toBe('AND({Price} >= 2000000, {Price} <= 5000000)');
    expect(listingSearchFormula(filters({ minPrice: '10000000' }))).toBe('AND({Price} >= 10000000)');
    expect(listingSearchFormula(filters({ minSqft: '3000', sqft: '5000' }))).toBe('AND({Size (sq ft)} >= 3000, {Size (sq ft)} <= 5000)');
    expect(listingSearchFormula(filters({ garage: '3', minLot: '0.5' }))).toBe('AND({Garage} >= 3, {Lot Size (acres)} >= 0.5)');
    expect(listingSearchFormula(filters({ minPrice: 'lots', garage: '-1' }))).toBe('');
  });

  it('waterfront, pool and ravine: the checkbox or words of the name and the features', () => {
    expect(listingSearchFormula(filters({ pool: 'yes' }))).toBe(
      `AND(OR(SEARCH(LOWER("pool"), LOWER({Property Name}&'')), SEARCH(LOWER("pool"), LOWER({Features}&''))))`,
    );
    const water = listingSearchFormula(filters({ waterfront: 'yes' }));
    expect(water.startsWith('AND(OR({Waterfront} = TRUE(), OR(SEARCH(LOWER("waterfront")')).toBe(true);
    expect(listingSearchFormula(filters({ ravine: 'no', pool: 'on' }))).toBe('');
  });

  it('new listings: listed on one of the last N days in Toronto, today included', () => {
    // 27 November 2026, 02:00 UTC is still the 26th in Toronto
    const search = resolveListingSearch(filters({ listedWithin: '7' }), new Date('2026-11-27T02:00:00Z'));
    expect(search.listedOn).toEqual(['2026-11-26', '2026-11-25', '2026-11-24', '2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20']);
    expect(resolveListingSearch(filters({ listedWithin: '999' })).listedOn).toHaveLength(LISTED_WITHIN_MAX);
    const today = resolveListingSearch(filters({ listedWithin: '7' })).listedOn?.[0] as string;
    const record = (date: string) => ({ 'Listing Date': date, Status: 'Available' });
    expect(matchesListingFilters(record(today), defaults({ listedWithin: '7' }))).toBe(true);
    expect(matchesListingFilters(record('2020-01-01'), defaults({ listedWithin: '7' }))).toBe(false);
  });

  it('reads each new filter against a record as its formula means it', () => {
    const home = {
      Price: 2_500_000,
      'Size (sq ft)': 4200,
      Garage: '3',
      'Lot Size (acres)': 0.75,
      Waterfront: false,
      Features: 'Saltwater pool, Ravine lot',
      'Property Name': 'Harbour Estate',
    };
    expect(matchesListingSearch(home, filters({ minPrice: '2000000', price: '3000000', minSqft: '4000', garage: '3', minLot: '0.5' }))).toBe(true);
    expect(matchesListingSearch(home, filters({ minPrice: '3000000' }))).toBe(false);
    expect(matchesListingSearch(home, filters({ pool: 'yes', ravine: 'yes' }))).toBe(true);
    expect(matchesListingSearch(home, filters({ waterfront: 'yes' }))).toBe(false);
    expect(matchesListingSearch({ ...home, Waterfront: true }, filters({ waterfront: 'yes' }))).toBe(true);
    expect(matchesListingSearch({ ...home, 'Property Name': 'Lakefront Villa' }, filters({ waterfront: 'yes' }))).toBe(true);
    expect(matchesListingSearch({ ...home, 'Lot Size (acres)': undefined }, filters({ minLot: '0.25' }))).toBe(false);
  });

  it('keeps the new filters in the URL and back, and treats a search saved without them as empty', () => {
    const f = defaults({ minPrice: '1500000', price: '3000000', waterfront: 'yes', listedWithin: '7' });
    expect(listingSearchToQuery(f).toString()).toBe('price=3000000&minPrice=1500000&waterfront=yes&listedWithin=7');
    expect(listingSearchFromQuery(listingSearchToQuery(f))).toEqual(f);
    const saved = {
      location: 'Oakville',
      price: '',
      priceCustom: '',
      propertyType: '',
      propertyTypeCustom: '',
      beds: '',
      bedsCustom: '',
      baths: '',
      bathsCustom: '',
      sqft: '',
      sqftCustom: '',
      keyword: '',
      status: '',
    } as unknown as ListingSearchFilters;
    expect(listingSearchFormula(saved)).toBe(listingSearchFormula(defaults({ location: 'Oakville' })));
  });

  it('steps that fit the inventory: a minimum below the dearest home, a maximum above the cheapest', () => {
    const prices = [1_124_000, 2_400_000, 11_583_000];
    expect(stepsFor(PRICE_STEPS, prices, 'min')).toEqual([1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000, 10_000_000]);
    expect(stepsFor(PRICE_STEPS, [1_124_000, 4_000_000], 'min')).toEqual([1_000_000, 1_500_000, 2_000_000, 3_000_000]);
    expect(stepsFor(PRICE_STEPS, [1_600_000, 4_000_000], 'max')).toEqual([2_000_000, 3_000_000, 5_000_000, 10_000_000]);
    expect(stepsFor(PRICE_STEPS, [], 'max')).toEqual([...PRICE_STEPS]);
  });
});

describe('the location box: address, street, neighbourhood, city, postal code and property ID', () => {
  const homes = [
    {
      Address: '1276 Chartwell Road, Oakville, ON',
      Location: 'Old Oakville',
      'City/State': 'Oakville, ON',
      'Postal Code': 'L6J 4K2',
      'Property ID': 'W8100012',
    },
    {
      Address: '88 Indian Road, Mississauga, ON',
      Location: 'Lorne Park',
      'City/State': 'Mississauga, ON',
      'Postal Code': 'L5H 1R3',
      'Property ID': 'W8100150',
    },
    {
      Address: '12 Lorne Park Road, Mississauga, ON',
      Location: 'Port Credit',
      'City/State': 'Mississauga, ON',
      'Postal Code': 'L5G 2A1',
      'Property ID': 'W8100290',
    },
  ];
  const found = (location: string) => homes.filter((h) => matchesListingSearch(h, filters({ location }))).map((h) => h['Property ID']);

  it('finds a street, with its short form too', () => {
    expect(found('Chartwell Road')).toEqual(['W8100012']);
    expect(found('chartwell rd')).toEqual(['W8100012']);
    expect(locationParts('Chartwell Rd.')).toEqual([['chartwell rd', 'chartwell road']]);
  });

  it('finds a neighbourhood with its city: every comma-separated part somewhere', () => {
    expect(found('Lorne Park, Mississauga')).toEqual(['W8100150', 'W8100290']);
    expect(found('Lorne Park, Oakville')).toEqual([]);
    expect(found('Mississauga')).toEqual(['W8100150', 'W8100290']);
  });

  it('finds a postal code with or without its space, or its first three characters, and a property ID', () => {
    expect(found('l6j4k2')).toEqual(['W8100012']);
    expect(found('L5H 1R3')).toEqual(['W8100150']);
    expect(found('L5G')).toEqual(['W8100290']);
    expect(found('w8100150')).toEqual(['W8100150']);
  });

  it('asks the records API the same: one OR group a part, the short form as an alternative', () => {
    const formula = listingSearchFormula(filters({ location: 'Chartwell Rd, Oakville' }));
    expect(strings(formula).filter((s) => s !== '')).toEqual([
      ...LISTING_LOCATION_FIELDS.map(() => 'chartwell rd'),
      ...LISTING_LOCATION_FIELDS.map(() => 'chartwell road'),
      ...LISTING_LOCATION_FIELDS.map(() => 'oakville'),
    ]);
  });
});
