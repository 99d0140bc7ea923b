/** Test helpers: Property records, the airtable.js mock's controls, and a router to render pages in. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setRuntimeConfig, type PropertyFields, type PropertyRecord } from '@gta/shared';
import { clearQueryCache } from '../data/queryCache';

export interface SelectCall {
  table: string;
  params: { filterByFormula?: string; maxRecords?: number; sort?: { field: string; direction?: string }[] };
}

/** The state of the airtable.js mock (see airtableMock below). */
export interface AirtableMockState {
  options: { apiKey?: string; endpointUrl?: string } | null;
  baseId: string | null;
  selects: SelectCall[];
  /** Answers each select(...).all(); set by the test. */
  answer: (params: SelectCall['params']) => Promise<{ id: string; fields: PropertyFields }[]>;
}

/** The factory for `jest.mock('airtable', ...)`: the module edge, with its state exposed as `__state`. */
export function airtableMock() {
  const state: AirtableMockState = { options: null, baseId: null, selects: [], answer: () => Promise.resolve([]) };
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
