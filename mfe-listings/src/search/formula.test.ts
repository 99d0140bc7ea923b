import { buildSearchFormula, formulaNumber, formulaString, KEYWORD_FIELDS, LOCATION_FIELDS } from './formula';
import { EMPTY_FILTERS, filtersFromParams, filtersToParams, numberValue, type SearchFilters } from './filters';

/** Filters over every status ('all'), so a test sees the conditions of the search filters alone. */
const filters = (patch: Partial<SearchFilters>): SearchFilters => ({ ...EMPTY_FILTERS, status: 'all', ...patch });
/** Filters with the page's default status (for sale). */
const defaults = (patch: Partial<SearchFilters>): SearchFilters => ({ ...EMPTY_FILTERS, ...patch });
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

describe('buildSearchFormula: only filters with a value add a condition', () => {
  it('gives no formula when no filter has a value', () => {
    expect(buildSearchFormula(EMPTY_FILTERS)).toBe('');
  });

  it('gives no formula for blanks and whitespace, whatever the Status filter', () => {
    expect(buildSearchFormula(filters({ location: '   ', keyword: ' , ' }))).toBe('');
    expect(buildSearchFormula({ ...EMPTY_FILTERS, status: 'sold' })).toBe('');
    expect(buildSearchFormula(EMPTY_FILTERS)).toBe('');
  });

  it('matches the location case-insensitively as a substring of Location, City/State, Postal Code and Property ID', () => {
    const formula = buildSearchFormula(filters({ location: 'OakVille' }));
    expect(formula).toBe(`AND(OR(${LOCATION_FIELDS.map((f) => `SEARCH(LOWER("oakville"), LOWER({${f}}&''))`).join(', ')}))`);
  });

  it('builds each number and type condition with its own operator', () => {
    expect(buildSearchFormula(filters({ price: '500000' }))).toBe('AND({Price} <= 500000)');
    expect(buildSearchFormula(filters({ propertyType: 'Town House' }))).toBe(`AND(LOWER({Property Type}&'') = LOWER("Town House"))`);
    expect(buildSearchFormula(filters({ beds: '3' }))).toBe('AND({Bedrooms} >= 3)');
    expect(buildSearchFormula(filters({ baths: '2' }))).toBe('AND({Bathrooms} >= 2)');
    expect(buildSearchFormula(filters({ sqft: '1500' }))).toBe('AND({Size (sq ft)} <= 1500)');
  });

  it("reads '5+' as at least 5", () => {
    expect(buildSearchFormula(filters({ beds: '5+', baths: '5+' }))).toBe('AND({Bedrooms} >= 5, {Bathrooms} >= 5)');
  });

  it("uses the custom input when a dropdown says 'custom', and ignores the custom input otherwise", () => {
    expect(
      buildSearchFormula(
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
    expect(buildSearchFormula(filters({ price: '100000', priceCustom: '999' }))).toBe('AND({Price} <= 100000)');
  });

  it("adds nothing for 'custom' with an empty or non-numeric custom input", () => {
    expect(buildSearchFormula(filters({ price: 'custom', priceCustom: '' }))).toBe('');
    expect(buildSearchFormula(filters({ beds: 'custom', bedsCustom: '3 OR 1=1' }))).toBe('');
    expect(buildSearchFormula(filters({ sqft: 'custom', sqftCustom: '-5' }))).toBe('');
    expect(buildSearchFormula(filters({ price: '1e400' }))).toBe('');
    expect(buildSearchFormula(filters({ propertyType: 'custom', propertyTypeCustom: '  ' }))).toBe('');
  });

  it('accepts numbers typed with separators or a dollar sign', () => {
    expect(numberValue('custom', '$1,250,000')).toBe(1250000);
  });

  it('joins every filter with a value in one AND, in a fixed order, the status last', () => {
    const formula = buildSearchFormula({
      ...EMPTY_FILTERS,
      location: 'L6J',
      price: '1000000',
      propertyType: 'House',
      beds: '4',
      baths: '3',
      sqft: '2000',
      keyword: 'pool',
    });
    expect(formula.startsWith('AND(OR(')).toBe(true);
    expect(fields(formula)).toEqual([...LOCATION_FIELDS, 'Price', 'Property Type', 'Bedrooms', 'Bathrooms', 'Size (sq ft)', ...KEYWORD_FIELDS, 'Status']);
    expect(formula.endsWith(`, ${FOR_SALE})`)).toBe(true);
  });
});

describe('the Status filter in a search: for sale unless the visitor asks for sold ones', () => {
  it('keeps listings for sale (Status Available, any case, trimmed) by default', () => {
    expect(buildSearchFormula({ ...EMPTY_FILTERS, beds: '3' })).toBe(`AND({Bedrooms} >= 3, ${FOR_SALE})`);
  });

  it("'sold' keeps the Sold ones; 'all' adds no status condition", () => {
    expect(buildSearchFormula({ ...EMPTY_FILTERS, beds: '3', status: 'sold' })).toBe(`AND({Bedrooms} >= 3, LOWER(TRIM({Status}&'')) = "sold")`);
    expect(buildSearchFormula({ ...EMPTY_FILTERS, beds: '3', status: 'all' })).toBe('AND({Bedrooms} >= 3)');
  });
});

describe('the keyword: every word must be found in the name, address, neighbourhood, description or features', () => {
  it('looks for each word, case-insensitively, in the fields joined by spaces', () => {
    expect(buildSearchFormula(filters({ keyword: 'Pool' }))).toBe(`AND(SEARCH(LOWER("pool"), ${HAYSTACK}))`);
    expect(buildSearchFormula(filters({ keyword: '  Pool, RAVINE pool ' }))).toBe(
      `AND(SEARCH(LOWER("pool"), ${HAYSTACK}), SEARCH(LOWER("ravine"), ${HAYSTACK}))`,
    );
  });

  it('a keyword alone is a search (for sale by default)', () => {
    expect(buildSearchFormula({ ...EMPTY_FILTERS, keyword: 'lake' })).toBe(`AND(SEARCH(LOWER("lake"), ${HAYSTACK}), ${FOR_SALE})`);
  });

  it('names the fields of the issue: name, address, neighbourhood, description, features', () => {
    expect(KEYWORD_FIELDS).toEqual(['Property Name', 'Address', 'Location', 'City/State', 'Description', 'Listing Description', 'Features']);
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

  it.each(hostile)('searching the location %j keeps the shape of an ordinary location search', (text) => {
    const formula = buildSearchFormula(filters({ location: text }));
    expect(shape(formula)).toBe(shape(buildSearchFormula(filters({ location: 'oakville' }))));
    expect(new Set(strings(formula).filter((s) => s !== ''))).toEqual(new Set([text.replace(/\n/g, ' ').toLowerCase()]));
    expect(fields(formula)).toEqual([...LOCATION_FIELDS]);
  });

  it.each(hostile.filter((text) => !/\s/.test(text)))('a keyword %j keeps the shape of an ordinary one-word keyword search', (text) => {
    const formula = buildSearchFormula(filters({ keyword: text }));
    expect(shape(formula)).toBe(shape(buildSearchFormula(filters({ keyword: 'pool' }))));
    expect(strings(formula).filter((s) => s.trim() !== '')).toEqual([text.toLowerCase()]);
    expect(fields(formula)).toEqual([...KEYWORD_FIELDS]);
  });

  it('a keyword of several hostile words gives one condition for each, each word one string', () => {
    const words = ['pool"),', 'TRUE(),', '("', '{Price}', '\\'];
    const formula = buildSearchFormula(filters({ keyword: words.join(' ') }));
    // commas split words too: 'pool")' and 'TRUE()' and '("'
    const expected = ['pool")', 'true()', '("', '{price}', '\\'];
    expect(strings(formula).filter((s) => s.trim() !== '')).toEqual(expected);
    expect(shape(formula)).toBe(shape(buildSearchFormula(filters({ keyword: 'a b c d e' }))));
  });

  it.each(hostile)('a custom property type %j keeps the shape of an ordinary type search', (text) => {
    const formula = buildSearchFormula(filters({ propertyType: 'custom', propertyTypeCustom: text, price: '500000' }));
    expect(shape(formula)).toBe(shape(buildSearchFormula(filters({ propertyType: 'House', price: '500000' }))));
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
    const params = filtersToParams(defaults({ location: 'Oak"ville', price: 'custom', priceCustom: '900000', beds: '3', bedsCustom: '7' }));
    expect(params.toString()).toBe('location=Oak%22ville&price=custom&priceCustom=900000&beds=3');
    expect(filtersFromParams(params)).toEqual(defaults({ location: 'Oak"ville', price: 'custom', priceCustom: '900000', beds: '3' }));
  });

  it('ignores unknown parameters', () => {
    expect(filtersFromParams(new URLSearchParams('utm_source=x&baths=2'))).toEqual(defaults({ baths: '2' }));
  });
});
