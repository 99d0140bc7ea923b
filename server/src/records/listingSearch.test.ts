/**
 * The listings search as the records API runs it: the formulas /active-listings sends (built by the shared
 * listingSearch.ts, whose test asserts the same text as below) evaluated over the seeded listings, checked against the
 * rule they stand for, read here in plain TypeScript:
 * - the keyword: every word, case-insensitive, in the name, address (Address, City/State), neighbourhood
 *   (Location), description (Description, Listing Description) or features;
 * - the status: for sale (Status 'Available', any case, trimmed) unless the visitor asks for sold ones or all;
 * - visitor text is one string literal: quotes, braces, backslashes and formula fragments find only themselves.
 * And the formulas the shared module builds find exactly the listings its in-browser reading of the same conditions
 * (matchesListingFilters, the featured page's search) accepts: one rule, read two ways, that cannot drift apart.
 */
import Airtable from 'airtable';
import { EMPTY_LISTING_SEARCH, PROPERTIES_TABLE, listingListFormula, matchesListingFilters, type ListingSearchFilters } from '@gta/shared/core';
import { startServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ recordsRateLimit: 0 });
});
afterAll(() => server.close());

type Fields = Record<string, unknown>;
interface Row {
  id: string;
  fields: Fields;
}

const table = () =>
  new Airtable({ apiKey: 'public-read', endpointUrl: `${server.url}/api/airtable`, noRetryIfRateLimited: true }).base('appLocalBase').table(PROPERTIES_TABLE);

async function select(filterByFormula?: string): Promise<Row[]> {
  const records = await table()
    .select(filterByFormula === undefined ? {} : { filterByFormula })
    .all();
  return records.map((r) => ({ id: r.id, fields: r.fields as Fields }));
}

// ---- the formula text as mfe-listings builds it (see its formula.test.ts) ----
const KEYWORD_FIELDS = ['Property Name', 'Address', 'Location', 'City/State', 'Description', 'Listing Description', 'Features'];
const HAYSTACK = `LOWER(${KEYWORD_FIELDS.map((f) => `{${f}}`).join(`&' '&`)})`;
/** An Airtable string literal: backslashes, then double quotes escaped. */
const literal = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const wordCondition = (word: string) => `SEARCH(LOWER(${literal(word)}), ${HAYSTACK})`;
const STATUS_CONDITION = { forSale: `LOWER(TRIM({Status}&'')) = "available"`, sold: `LOWER(TRIM({Status}&'')) = "sold"`, all: null } as const;
type Status = keyof typeof STATUS_CONDITION;
function keywordFormula(words: string[], status: Status): string {
  const condition = STATUS_CONDITION[status];
  return `AND(${[...words.map(wordCondition), ...(condition === null ? [] : [condition])].join(', ')})`;
}

// ---- the rule, read independently ----
const text = (v: unknown): string => (v === undefined || v === null ? '' : Array.isArray(v) ? v.map(text).join(', ') : String(v));
const statusOf = (r: Row) => text(r.fields.Status).trim().toLowerCase();
function expected(rows: readonly Row[], words: string[], status: Status): string[] {
  return rows
    .filter((r) => {
      const haystack = KEYWORD_FIELDS.map((f) => text(r.fields[f]))
        .join(' ')
        .toLowerCase();
      return words.every((w) => haystack.includes(w.toLowerCase()));
    })
    .filter((r) => (status === 'forSale' ? statusOf(r) === 'available' : status === 'sold' ? statusOf(r) === 'sold' : true))
    .map((r) => r.id)
    .sort();
}
const ids = (rows: readonly Row[]) => rows.map((r) => r.id).sort();

describe('the listings search over the seeded listings', () => {
  let all: Row[];
  beforeAll(async () => {
    all = await select();
  });

  it('has listings for sale, sold and conditional to tell apart', () => {
    const statuses = new Set(all.map(statusOf));
    expect(statuses).toEqual(new Set(['available', 'sold', 'conditional']));
  });

  it('a feature word finds the listings for sale whose text holds it, and only those', async () => {
    const withFeatures = all.find((r) => statusOf(r) === 'available' && !/not specified/i.test(text(r.fields.Features)));
    const word = text(withFeatures?.fields.Features)
      .split(/[\s,]+/)[0]!
      .toLowerCase();
    const want = expected(all, [word], 'forSale');
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(all.length);
    expect(ids(await select(keywordFormula([word], 'forSale')))).toEqual(want);
    // any case: the visitor's capitals are lowered, the fields too
    expect(ids(await select(keywordFormula([word.toUpperCase()], 'forSale')))).toEqual(want);
  });

  it('every word must match: a neighbourhood word and a feature word from two different fields', async () => {
    const r = all.find((x) => statusOf(x) === 'available' && text(x.fields.Location) !== '' && !/not specified/i.test(text(x.fields.Features)))!;
    const hood = text(r.fields.Location).split(/\s+/).at(-1)!.toLowerCase();
    const feature = text(r.fields.Features).split(/,\s*/).at(-1)!.split(/\s+/)[0]!.toLowerCase();
    const want = expected(all, [hood, feature], 'forSale');
    expect(want).toContain(r.id);
    expect(want.length).toBeLessThanOrEqual(expected(all, [hood], 'forSale').length);
    expect(ids(await select(keywordFormula([hood, feature], 'forSale')))).toEqual(want);
    // a word found nowhere empties the search
    expect(await select(keywordFormula([hood, 'zzyzxnotaword'], 'forSale'))).toEqual([]);
  });

  it('searches the name, the street address, the description and the listing description', async () => {
    const r = all.find((x) => statusOf(x) === 'available' && text(x.fields['Listing Description']) !== '' && text(x.fields.Address) !== '')!;
    const nameWord = text(r.fields['Property Name']).split(/\s+/)[0]!;
    const street = text(r.fields.Address).split(',')[0]!.split(/\s+/).slice(-2).join(' ').split(/\s+/)[0]!;
    const listingOnly = text(r.fields['Listing Description'])
      .split(/\s+/)
      .find((w) => /^[a-z]{6,}$/i.test(w) && !text(r.fields.Description).toLowerCase().includes(w.toLowerCase()));
    for (const word of [nameWord, street, ...(listingOnly ? [listingOnly] : [])]) {
      const found = ids(await select(keywordFormula([word], 'forSale')));
      expect(found).toEqual(expected(all, [word], 'forSale'));
      expect(found).toContain(r.id);
    }
  });

  it("keeps listings for sale by default; 'sold' the Sold ones; 'all' every status", async () => {
    const word = 'on'; // in every City/State ('…, ON'), so the status alone decides
    const forSale = ids(await select(keywordFormula([word], 'forSale')));
    const sold = ids(await select(keywordFormula([word], 'sold')));
    const every = ids(await select(keywordFormula([word], 'all')));
    expect(forSale).toEqual(expected(all, [word], 'forSale'));
    expect(sold).toEqual(expected(all, [word], 'sold'));
    expect(every).toEqual(ids(all));
    expect(forSale.length + sold.length).toBeLessThan(every.length); // the conditional ones are neither
    expect(forSale.some((id) => sold.includes(id))).toBe(false);
  });

  it.each(['pool")', '"),TRUE(),("', '{Price}', '\\', 'end\\"),TRUE(),("', "it's", '}{Status}{', ')&OR(1'])(
    'the keyword %j is searched for as text: a valid formula that finds only what holds it',
    async (word) => {
      const found = ids(await select(keywordFormula([word], 'all')));
      expect(found).toEqual(expected(all, [word], 'all'));
      expect(found.length).toBeLessThan(all.length);
    },
  );
});

describe('the shared formula and the shared in-browser reading of the same search agree over the seeded listings', () => {
  let all: Row[];
  beforeAll(async () => {
    all = await select();
  });

  const searches: Partial<ListingSearchFilters>[] = [
    {},
    { status: 'sold' },
    { status: 'all' },
    { location: 'oakville' },
    { location: 'MISSISSAUGA', status: 'all' },
    { location: 'L6' },
    { price: '1000000' },
    { price: 'custom', priceCustom: '$2,500,000', beds: '3' },
    { propertyType: 'Condo' },
    { propertyType: 'custom', propertyTypeCustom: 'detached  home', status: 'all' },
    { beds: '4', baths: '3' },
    { beds: '5+', status: 'sold' },
    { baths: 'custom', bathsCustom: '2.5' },
    { sqft: '2000' },
    { sqft: 'custom', sqftCustom: '3,500', location: 'burlington' },
    { keyword: 'pool' },
    { keyword: 'Pool, garage', status: 'all' },
    { keyword: 'lake view', location: 'oakville' },
    { location: 'Oak"ville' },
    { keyword: '{Price} "), TRUE(), ("', status: 'all' },
    // issue 38: ranges, luxury filters, the location box's parts
    { minPrice: '2000000', price: '5000000' },
    { minPrice: '10000000' },
    { minSqft: '4000', sqft: '7500', beds: '4' },
    { garage: '3' },
    { minLot: '1' },
    { waterfront: 'yes', status: 'all' },
    { pool: 'yes' },
    { ravine: 'yes', location: 'mississauga' },
    { listedWithin: '7', status: 'all' },
    { location: 'Chartwell Road' },
    { location: 'chartwell rd, oakville' },
    { location: 'Lorne Park, Mississauga' },
    { location: 'l5h' },
  ];

  it.each(searches.map((s) => [JSON.stringify(s), s] as const))('%s', async (_name, partial) => {
    const filters: ListingSearchFilters = { ...EMPTY_LISTING_SEARCH, ...partial };
    const formula = listingListFormula(filters);
    const found = ids(await select(formula === '' ? undefined : formula));
    expect(found).toEqual(ids(all.filter((r) => matchesListingFilters(r.fields, filters))));
  });

  it('finds what the location box promises over the seeded homes for sale: a street, a neighbourhood with its city', async () => {
    const forSale = all.filter((r) => statusOf(r) === 'available');
    const search = async (location: string) => ids(await select(listingListFormula({ ...EMPTY_LISTING_SEARCH, location })));
    const onChartwell = forSale.filter((r) => text(r.fields.Address).includes('Chartwell Road'));
    expect(onChartwell.length).toBeGreaterThan(0);
    expect(await search('Chartwell Road')).toEqual(ids(onChartwell));
    expect(await search('Chartwell Rd')).toEqual(ids(onChartwell));
    const lornePark = forSale.filter((r) => text(r.fields.Location) === 'Lorne Park' && text(r.fields['City/State']).startsWith('Mississauga'));
    expect(lornePark.length).toBeGreaterThan(0);
    expect(await search('Lorne Park, Mississauga')).toEqual(ids(lornePark));
  });

  it('the searches above tell listings apart (each finds some and not all, taken together)', async () => {
    const counts = await Promise.all(
      searches.map(async (s) => {
        const formula = listingListFormula({ ...EMPTY_LISTING_SEARCH, ...s });
        return (await select(formula === '' ? undefined : formula)).length;
      }),
    );
    expect(counts.filter((n) => n > 0 && n < all.length).length).toBeGreaterThan(searches.length / 2);
  });
});
