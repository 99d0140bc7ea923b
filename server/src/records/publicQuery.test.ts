/**
 * The public query surface's contract: every formula the site's own builders produce passes the public grammar
 * (the listings search and its count, the Status list, the map, alerts: @gta/shared/core; favourites, recently
 * viewed and similar homes: mfe-listings' recordIdsFormula and similarHomesFormulas, written here with the same
 * shared primitives), and hostile or unknown shapes are refused with a 422 before anything runs, over HTTP too.
 */
import {
  EMPTY_LISTING_SEARCH,
  FAVOURITES_MAX,
  alertFormula,
  formulaNumber,
  formulaString,
  listingListFormula,
  listingSearchFormula,
  listingStatusFormula,
  type ListingSearchFilters,
  type ListingStatusFilter,
} from '@gta/shared/core';
import { request, postJson, signIn, startServer, type TestServer } from '../testing/harness';
import { checkPublicFormula, checkPublicListQuery, PublicQueryError, PUBLIC_QUERY_LIMITS } from './publicQuery';

/** mfe-listings/src/recent/recentStore.ts recordIdsFormula (favourites and recently viewed). */
const recordIdsFormula = (ids: readonly string[]): string => `OR(${ids.map((id) => `RECORD_ID() = ${formulaString(id)}`).join(', ')})`;

/** mfe-listings/src/property/similarRule.ts similarHomesFormulas, for a home of this price, city, type group and id. */
function similarFormulas(price: number, city: string, types: readonly string[] | null, id: string): string[] {
  const common = [
    `LOWER(TRIM({City/State}&'')) = ${formulaString(city)}`,
    ...(types === null ? [] : [`OR(${types.map((t) => `LOWER(TRIM({Property Type}&'')) = ${formulaString(t)}`).join(', ')})`]),
    `LOWER(TRIM({Status}&'')) = "available"`,
    `RECORD_ID() != ${formulaString(id)}`,
  ];
  const min = Math.ceil(price * 0.8 - 1e-6);
  const max = Math.floor(price * 1.2 + 1e-6);
  return [
    `AND({Price} >= ${formulaNumber(price)}, {Price} <= ${formulaNumber(max)}, ${common.join(', ')})`,
    `AND({Price} >= ${formulaNumber(min)}, {Price} < ${formulaNumber(price)}, ${common.join(', ')})`,
  ];
}

const refusal = (formula: string): string | undefined => {
  try {
    checkPublicFormula(formula);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.constructor.name : 'thrown';
  }
};

/** Every combination of a value or none for each filter, from a small list of values each (hostile text included). */
function* searchCombinations(): Generator<ListingSearchFilters> {
  const texts = [
    '',
    'Oakville',
    'L6J 1A1',
    'Oak"ville',
    '{Price}',
    '"), TRUE(), ("',
    '\\',
    'é\u202E',
    'x'.repeat(200),
    'Chartwell Rd, Oakville, ON',
    Array.from({ length: 60 }, (_, i) => `p${i} st`).join(','),
  ];
  const numbers = ['', '1500000', '5+', '$1,250,000', 'custom', 'many'];
  const types = ['', 'Condo', 'custom', 'Single Family Home'];
  const keywords = ['', 'pool', 'pool, ravine; dock', 'a b c d e f g h i j', 'Oak"ville {Price} \\', Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ')];
  const statuses: ListingStatusFilter[] = ['', 'sold', 'all'];
  let i = 0;
  for (const location of texts)
    for (const keyword of keywords)
      for (const status of statuses) {
        i += 1;
        const n = (k: number) => numbers[(i + k) % numbers.length] as string;
        yield {
          ...EMPTY_LISTING_SEARCH,
          location,
          keyword,
          status,
          price: n(0),
          priceCustom: '2,000,000',
          propertyType: types[i % types.length] as string,
          propertyTypeCustom: 'Town "House"',
          beds: n(1),
          bedsCustom: '3',
          baths: n(2),
          bathsCustom: '2.5',
          sqft: n(3),
          sqftCustom: '4000',
          minPrice: n(4),
          minSqft: n(5),
          garage: n(1),
          minLot: i % 2 === 0 ? '0.5' : '',
          waterfront: i % 3 === 0 ? 'yes' : '',
          pool: i % 4 === 0 ? 'yes' : '',
          ravine: i % 5 === 0 ? 'yes' : '',
          listedWithin: i % 2 === 1 ? '7' : i % 7 === 0 ? '999' : '',
        };
      }
}

describe("the site's own formulas pass the public grammar", () => {
  it('the listings search, its count and list, the Status list and the alerts, over many combinations of filters', () => {
    let checked = 0;
    for (const filters of searchCombinations()) {
      for (const formula of [listingSearchFormula(filters), listingListFormula(filters), alertFormula(filters)]) {
        expect([formula, refusal(formula)]).toEqual([formula, undefined]);
        checked += 1;
      }
    }
    for (const status of ['', 'sold', 'all'] as const) expect(refusal(listingStatusFormula(status) ?? '')).toBeUndefined();
    expect(checked).toBeGreaterThan(400);
  });

  it('the longest search a form can hold: a 200-character keyword of distinct one-letter words', () => {
    const letters = Array.from({ length: 100 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join(' ');
    expect(letters).toHaveLength(199);
    const formula = listingSearchFormula({
      ...EMPTY_LISTING_SEARCH,
      keyword: letters,
      location: 'x'.repeat(200),
      price: '1',
      beds: '1',
      baths: '1',
      sqft: '1',
    });
    expect(formula.length).toBeGreaterThan(15_000);
    expect(refusal(formula)).toBeUndefined();
  });

  it('favourites and recently viewed (up to FAVOURITES_MAX ids), and similar homes', () => {
    const ids = Array.from({ length: FAVOURITES_MAX }, (_, i) => `rec${String(i).padStart(14, '0')}`);
    expect(refusal(recordIdsFormula(ids))).toBeUndefined();
    expect(refusal(recordIdsFormula(ids.slice(0, 1)))).toBeUndefined();
    for (const [price, city, types] of [
      [1_250_000, 'oakville, on', ['condo', 'condominium', 'apartment', 'loft', 'penthouse']],
      [899_999, 'mississauga', null],
      [3, 'a "quoted" city \\', ['single family home']],
    ] as const) {
      for (const formula of similarFormulas(price, city, types, 'rec00000000000001')) expect(refusal(formula)).toBeUndefined();
    }
  });

  it("the list parameters the pages send: two sort keys, the map's ten fields, pages of up to 100", () => {
    expect(() =>
      checkPublicListQuery({
        filterByFormula: listingStatusFormula('') ?? '',
        sort: [
          { field: 'Price', direction: 'desc' },
          { field: 'Listing Date', direction: 'desc' },
        ],
        fields: ['Property Name', 'Price', 'Bedrooms', 'Bathrooms', 'Photos', 'Location', 'City/State', 'Property Type', 'Latitude', 'Longitude'],
        pageSize: 100,
      }),
    ).not.toThrow();
  });
});

describe('anything else is refused', () => {
  const hostile: readonly (readonly [string, string])[] = [
    ['the issue: DATETIME_PARSE with a repeated format', `DATETIME_PARSE("${'1'.repeat(50)}x", "${'DD'.repeat(25)}")`],
    ['the issue: a huge format', `DATETIME_FORMAT(NOW(), REPT('YYYY ', 150000))`],
    ['REPT', `REPT({Description}, 1000) = "x"`],
    ['SUBSTITUTE', `SUBSTITUTE({Description}, " ", "xx") = "x"`],
    ['regular expressions', `REGEX_MATCH({Description}, "(a+)+$")`],
    ['a balanced & tree measured by LEN', `LEN(({Description}&{Description})&({Description}&{Description})) > 0`],
    ['arithmetic', `{Price} * 2 > 1000`],
    ['a number where a condition goes', `1`],
    ['a text where a condition goes', `"x"`],
    ['IF', `IF({Price} > 1, TRUE(), FALSE())`],
    ['SWITCH', `SWITCH({Status}, "Available", 1, 0)`],
    ['ISERROR', `ISERROR(1/0)`],
    ['dates', `IS_AFTER({Listing Date}, '2026-01-01')`],
    ['a chain of comparisons', `{Price} > 1 = TRUE()`],
    ['field against field', `{Price} = {Bedrooms}`],
    ['value against value', `"a" = "a"`],
    ['SEARCH over a computed text', `SEARCH("a", REPT({Description}, 9))`],
    ['SEARCH with a start position', `SEARCH("a", {Description}, 3)`],
    ['SEARCH for a field', `SEARCH({Status}, {Description})`],
    ['a text literal over the bound', `{Status} = "${'x'.repeat(PUBLIC_QUERY_LIMITS.maxTextLiteral + 1)}"`],
    ['an OR of too many terms', `OR(${Array.from({ length: PUBLIC_QUERY_LIMITS.maxTerms + 1 }, (_, i) => `{Bedrooms} = ${i}`).join(', ')})`],
    ['AND/OR/NOT nested too deep', `${'NOT('.repeat(PUBLIC_QUERY_LIMITS.maxLogicDepth + 1)}{Featured}${')'.repeat(PUBLIC_QUERY_LIMITS.maxLogicDepth + 1)}`],
    ['a long & chain', `SEARCH("a", ${Array.from({ length: PUBLIC_QUERY_LIMITS.maxJoinParts + 1 }, () => '{Description}').join('&')})`],
    ['too many parts', `AND(${Array.from({ length: 100 }, () => `OR(${Array.from({ length: 10 }, () => '{Bedrooms} = 1').join(', ')})`).join(', ')})`],
    ['too long', `{Status} = "${'x'.repeat(PUBLIC_QUERY_LIMITS.maxLength)}"`],
  ];

  it.each(hostile)('%s', (_name, formula) => {
    expect(() => checkPublicFormula(formula)).toThrow(PublicQueryError);
  });

  it("a syntax error or an unknown function keeps the engine's own message", () => {
    expect(() => checkPublicFormula('AND(1,')).toThrow(/Unexpected|Missing/);
    expect(() => checkPublicFormula('SOUNDEX({Status})')).toThrow(/Unknown function names: SOUNDEX/);
  });

  it('more sort keys or fields than the site asks for', () => {
    const sort = [{ field: 'Price' }, { field: 'Bedrooms' }, { field: 'Bathrooms' }, { field: 'Listing Date' }];
    expect(() => checkPublicListQuery({ sort })).toThrow(/at most 3 sort keys/);
    expect(() => checkPublicListQuery({ fields: Array.from({ length: 41 }, (_, i) => `f${i}`) })).toThrow(/at most 40 fields/);
  });
});

describe('over HTTP', () => {
  let server: TestServer;
  let api: string;
  beforeAll(async () => {
    server = await startServer({ recordsApiToken: 'server-secret', recordsRateLimit: 0 });
    api = `${server.url}/api/airtable/v0/appLocalBase/Properties`;
  });
  afterAll(() => server.close());
  type ErrorBody = { error: { type: string; message: string } };

  it('an anonymous caller gets 422 saying the public API does not answer it; staff and the server token get the engine', async () => {
    const formula = `IF({Price} > 1000000, TRUE(), FALSE())`;
    const anonymous = await request(`${api}?filterByFormula=${encodeURIComponent(formula)}`);
    expect(anonymous.status).toBe(422);
    expect(anonymous.json<ErrorBody>().error).toEqual({
      type: 'INVALID_FILTER_BY_FORMULA',
      message: expect.stringMatching(/^The formula for filtering records is invalid: the public records API answers only the queries the site sends/),
    });
    const viaPost = await postJson(`${api}/listRecords`, { filterByFormula: formula });
    expect(viaPost.status).toBe(422);
    const cookie = await signIn(server.url);
    const staff = await request(`${api}?filterByFormula=${encodeURIComponent(formula)}`, { headers: { Cookie: cookie } });
    expect(staff.status).toBe(200);
    expect(staff.json<{ records: unknown[] }>().records.length).toBeGreaterThan(0);
    const token = await request(`${api}?filterByFormula=${encodeURIComponent(formula)}`, { headers: { Authorization: 'Bearer server-secret' } });
    expect(token.status).toBe(200);
  });

  it("the site's search answers anonymous callers as before", async () => {
    const formula = listingSearchFormula({ ...EMPTY_LISTING_SEARCH, location: 'oakville', beds: '3' });
    const reply = await request(`${api}?filterByFormula=${encodeURIComponent(formula)}&sort%5B0%5D%5Bfield%5D=Price&pageSize=20`);
    expect(reply.status).toBe(200);
    expect(reply.json<{ records: unknown[] }>().records.length).toBeGreaterThan(0);
  });
});
