/** Test helpers: Property records, the airtable.js mock's controls, and a router to render pages in. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CITY_SLUGS, propertySlug, setRuntimeConfig, type PropertyFields, type PropertyRecord } from '@gta/shared';
import { cityListingsQuery, featuredListingsQuery, propertySlugQueries, type ListingQuery } from '@gta/shared/listing-search';
import { clearQueryCache } from '../data/queryCache';

export interface SelectCall {
  table: string;
  params: { filterByFormula?: string; maxRecords?: number; sort?: { field: string; direction?: string }[] };
}

/** A list call made through makeRequest (a page: pageSize, offset, sort, fields, filterByFormula). */
export interface PageCall {
  method: string;
  path: string;
  query: PageParams;
}

export interface PageParams {
  filterByFormula?: string;
  sort?: { field: string; direction?: string }[];
  fields?: string[];
  pageSize?: number;
  offset?: string;
  /** The records API's own parameter: the answer carries the whole list's count. */
  returnCount?: boolean;
}

export interface ListAnswer {
  records: { id: string; fields: PropertyFields }[];
  offset?: string;
  count?: number;
}

/** The state of the airtable.js mock (see airtableMock below). */
export interface AirtableMockState {
  options: { apiKey?: string; endpointUrl?: string } | null;
  baseId: string | null;
  selects: SelectCall[];
  /** Answers each select(...).all(); set by the test. */
  answer: (params: SelectCall['params']) => Promise<{ id: string; fields: PropertyFields }[]>;
  /** Every list call made a page at a time (makeRequest), in order. */
  pages: PageCall[];
  /** The table the fake records API pages through (see fakeList). */
  records: PropertyRecord[];
  /** Which records a formula keeps: the test's reading of the formulas it expects (default: statusIn, RECORD_ID()). */
  match: (formula: string) => (record: PropertyRecord) => boolean;
  /** Answers each page call; by default fakeList over `records`. */
  list: (query: PageParams) => Promise<ListAnswer>;
}

/** Airtable's order of cell values: blanks first (ascending), numbers (numeric text too), then text. */
function sortValue(v: unknown): [number, number | string] {
  if (v === undefined || v === null || v === '') return [0, 0];
  if (typeof v === 'number') return [1, v];
  const cleaned = String(v).replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? [1, Number(cleaned)] : [2, String(v).toLowerCase()];
}

function compareValues(a: unknown, b: unknown): number {
  const [ka, va] = sortValue(a);
  const [kb, vb] = sortValue(b);
  if (ka !== kb) return ka - kb;
  return va < vb ? -1 : va > vb ? 1 : 0;
}

/**
 * The records a formula keeps, as far as the listings' own formulas go: the Status condition
 * (LOWER(TRIM({Status}&'')) = "available" / "sold"), RECORD_ID() = "rec…" alternatives; anything else keeps all.
 */
export function statusIn(formula: string): (record: PropertyRecord) => boolean {
  const status = /LOWER\(TRIM\(\{Status\}&''\)\) = "([a-z]+)"/.exec(formula)?.[1];
  const ids = [...formula.matchAll(/RECORD_ID\(\) = "([^"]+)"/g)].map((m) => m[1]);
  return (record) =>
    (status === undefined ||
      String(record.fields.Status ?? '')
        .trim()
        .toLowerCase() === status) &&
    (ids.length === 0 || ids.includes(record.id));
}

/**
 * The records each of the pages' own queries keeps (shared/src/core/listingSearch.ts gives each formula with its
 * reading against a record's fields): the city pages, the featured list, a property's slug lookups for every
 * record's slug, and `more` (a test's searches); any other formula as statusIn reads it.
 */
export function pageQueries(records: readonly PropertyRecord[], more: readonly ListingQuery[] = []): (formula: string) => (record: PropertyRecord) => boolean {
  const known = new Map<string, ListingQuery>();
  const add = (q: ListingQuery) => known.set(q.formula, q);
  Object.values(CITY_SLUGS).forEach((label) => add(cityListingsQuery(label)));
  add(featuredListingsQuery());
  for (const r of records) {
    const slug = propertySlugQueries(propertySlug(r.fields['Property Name']));
    if (slug) [slug.words, slug.pieces].forEach(add);
  }
  more.forEach(add);
  return (formula) => {
    const query = known.get(formula);
    return query ? (record) => query.matches(record.fields) : statusIn(formula);
  };
}

/** A records API over `state.records`: filter (state.match), sort, fields, pageSize and offsets ('itr<position>'). */
export function fakeList(state: AirtableMockState) {
  return (query: PageParams): Promise<ListAnswer> => {
    let rows = state.records.filter(state.match(query.filterByFormula ?? ''));
    const sort = query.sort ?? [];
    if (sort.length > 0) {
      rows = [...rows].sort((a, b) => {
        for (const s of sort) {
          const c = compareValues((a.fields as Record<string, unknown>)[s.field], (b.fields as Record<string, unknown>)[s.field]);
          if (c !== 0) return s.direction === 'desc' ? -c : c;
        }
        return 0;
      });
    }
    let start = 0;
    if (query.offset) {
      const m = /^itr(\d+)$/.exec(query.offset);
      if (!m || Number(m[1]) > rows.length) {
        return Promise.reject({ error: 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE', message: 'The offset is not valid or has expired', statusCode: 422 });
      }
      start = Number(m[1]);
    }
    const size = Math.min(query.pageSize ?? 100, 100);
    const page = rows.slice(start, start + size);
    const end = start + page.length;
    const pick = (fields: PropertyFields): PropertyFields =>
      query.fields ? (Object.fromEntries(Object.entries(fields).filter(([k]) => query.fields?.includes(k))) as PropertyFields) : fields;
    return Promise.resolve({
      records: page.map((r) => ({ id: r.id, fields: pick(r.fields) })),
      ...(end < rows.length ? { offset: `itr${end}` } : {}),
      ...(query.returnCount ? { count: rows.length } : {}),
    });
  };
}

/** The factory for `jest.mock('airtable', ...)`: the module edge, with its state exposed as `__state`. */
export function airtableMock() {
  const state: AirtableMockState = {
    options: null,
    baseId: null,
    selects: [],
    answer: () => Promise.resolve([]),
    pages: [],
    records: [],
    match: statusIn,
    list: () => Promise.resolve({ records: [] }),
  };
  class Airtable {
    constructor(options: AirtableMockState['options']) {
      state.options = options;
    }
    base(baseId: string) {
      state.baseId = baseId;
      return {
        table: (table: string) => ({
          select: (params: SelectCall['params'] = {}) => {
            state.selects.push({ table, params });
            return { all: () => state.answer(params) };
          },
        }),
        // a page from an offset: the records API's list call as airtable.js's makeRequest sends it
        makeRequest: (options: { method?: string; path?: string; qs?: PageParams; body?: PageParams }) => {
          const method = (options.method ?? 'GET').toUpperCase();
          const query = (method === 'POST' ? options.body : options.qs) ?? {};
          state.pages.push({ method, path: options.path ?? '/', query });
          return state.list(query).then((body) => ({ statusCode: 200, headers: {}, body }));
        },
      };
    }
  }
  return { __esModule: true, default: Airtable, __state: state };
}

export function mockState(): AirtableMockState {
  return (jest.requireMock('airtable') as { __state: AirtableMockState }).__state;
}

let counter = 0;
export function record(fields: PropertyFields, id?: string): PropertyRecord {
  counter += 1;
  return { id: id ?? `rec${String(counter).padStart(5, '0')}`, fields };
}

export const photos = (n: number, key = 'home') => Array.from({ length: n }, (_, i) => ({ url: `/media/listings/${key}/${i + 1}.svg` }));

export const LAKESHORE = record(
  {
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
    Garage: 3,
    'Listing Description': 'A lakefront manor with a private dock.',
    'Location Description': 'Steps from downtown Oakville.',
    'Listing Date': '2026-03-01',
    'Year Built': 2015,
    Kitchen: 'Chef’s kitchen',
    'Tax Amount': 21000,
    'Parking Spaces': 6,
    School: 'Appleby College',
    'School Count': 4,
    Parks: 'Gairloch Gardens',
    'Parks Count': 3,
    Transit: 'Oakville GO, 6 min drive',
    Features: 'Pool, Wine cellar, Elevator',
    Featured: true,
    Photos: photos(3, 'lakeshore'),
  },
  'recLakeshore',
);

export const RAVINE = record(
  {
    'Property Name': 'Ravine Retreat',
    'Property Type': 'House',
    Status: 'Sold',
    Location: '8 Indian Road, Mississauga',
    'City/State': 'Mississauga, ON',
    Price: 1850000,
    Bedrooms: 4,
    Bathrooms: 3,
    'Size (sq ft)': 3100,
    'Listing Date': '2026-02-01',
    Featured: true,
    Photos: '/media/listings/ravine/1.svg',
  },
  'recRavine',
);

export const ESCARPMENT = record(
  {
    'Property Name': 'Escarpment Estate',
    'Property Type': 'Residential',
    Status: ' available ',
    'City/State': 'Burlington, ON',
    Price: 'Not specified',
    Bedrooms: 'Not specified',
    'Listing Date': '2026-01-15',
    Featured: false,
    Kitchen: 'Not specified',
  },
  'recEscarpment',
);

export const PENDING = record(
  {
    'Property Name': 'Harbour View Penthouse',
    'Property Type': 'Condo',
    Status: 'Pending',
    Location: '1 Port Street, Mississauga',
    'City/State': 'Mississauga, ON',
    Price: 2400000,
    'Listing Date': '2026-02-20',
    Featured: false,
    Photos: photos(2, 'harbour'),
  },
  'recPending',
);

/** Newest first, as call 3 sorts them. */
export const SAMPLE = [LAKESHORE, PENDING, RAVINE, ESCARPMENT];

export function setUpData(records: PropertyRecord[] = SAMPLE): AirtableMockState {
  clearQueryCache();
  setRuntimeConfig({
    remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
    airtable: { endpointUrl: 'http://localhost/api/airtable', baseId: 'appTest' },
    webhookBase: '/webhook',
    chatWebhookUrl: '/chat',
  });
  const state = mockState();
  state.selects = [];
  state.answer = () => Promise.resolve(records.map((r) => ({ id: r.id, fields: r.fields })));
  state.pages = [];
  state.records = records;
  state.match = pageQueries(records);
  state.list = fakeList(state);
  return state;
}

/** A promise that never settles: the loading state stays. */
export const never = <T,>() => new Promise<T>(() => undefined);

export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `url`, under the route `path`, with the current location shown for assertions. */
export function renderAt(url: string, path: string, element: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
}
