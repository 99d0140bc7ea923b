import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InteractiveMapPage from './InteractiveMapPage';
import { record, renderAt, setUpData } from '../test/fixtures';
import type { MapController, MapOptions } from '../map/leafletMap';
import type { Area } from '../map/area';
import { EMPTY_LISTING_SEARCH, listingListFormula, matchesListingFilters, type ListingSearchFilters } from '@gta/shared/listing-search';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

/** The map library stands in here (Leaflet has its e2e test): what the page asked it, and a way to act as the visitor. */
interface FakeMap {
  options: MapOptions;
  listings: string[];
  selections: [string | null, boolean][];
  fits: Area[];
  bounds: Area;
}
const fake: { map: FakeMap | null; fail: boolean } = { map: null, fail: false };

jest.mock('../map/leafletMap', () => ({
  createMap: (_element: HTMLElement, options: MapOptions): MapController => {
    if (fake.fail) throw new Error('no map today');
    const map: FakeMap = { options, listings: [], selections: [], fits: [options.initial], bounds: options.initial };
    fake.map = map;
    return {
      setListings: (listings) => {
        map.listings = listings.map((l) => l.id);
      },
      select: (id, reveal) => {
        map.selections.push([id, reveal]);
      },
      fit: (area) => {
        map.fits.push(area);
        map.bounds = area;
      },
      bounds: () => map.bounds,
      destroy: () => undefined,
    };
  },
}));

const at = (lat: number, lng: number) => ({ Latitude: lat, Longitude: lng });
const OAKVILLE = record(
  {
    'Property Name': 'Lakeview Estate',
    Status: 'Available',
    Price: 3_250_000,
    Bedrooms: 5,
    Bathrooms: 4.5,
    Location: 'Old Oakville',
    'Listing Date': '2026-03-01',
    Photos: [{ url: '/media/a.svg' }],
    ...at(43.4465, -79.6705),
  },
  'recOak',
);
const PORT_CREDIT = record(
  {
    'Property Name': 'Harbour Residence',
    Status: 'Available',
    Price: 2_100_000,
    Bedrooms: 3,
    Bathrooms: 3,
    Location: 'Port Credit',
    'Listing Date': '2026-02-01',
    ...at(43.5565, -79.5885),
  },
  'recCredit',
);
const NIAGARA = record(
  {
    'Property Name': 'Vineyard Villa',
    Status: 'Available',
    Price: '1,950,000',
    Bedrooms: 4,
    Bathrooms: 3.5,
    Location: 'Old Town',
    'Listing Date': '2026-01-01',
    ...at(43.2545, -79.0735),
  },
  'recNotl',
);
const SOLD = record({ 'Property Name': 'Sold Manor', Status: 'Sold', ...at(43.45, -79.67) }, 'recSold');
const NOWHERE = record({ 'Property Name': 'Unmapped Cottage', Status: 'Available', 'Listing Date': '2025-12-01' }, 'recNowhere');
const ALL = [OAKVILLE, PORT_CREDIT, NIAGARA, SOLD, NOWHERE];

const HALTON_PEEL: Area = { south: 43.4, west: -79.8, north: 43.6, east: -79.5 };

/** The records API answers these searches as the listings search reads them (other formulas as the fixtures do). */
function answerSearches(state: ReturnType<typeof setUpData>, ...searches: Partial<ListingSearchFilters>[]) {
  const known = new Map(searches.map((f) => [listingListFormula({ ...EMPTY_LISTING_SEARCH, ...f }), { ...EMPTY_LISTING_SEARCH, ...f }] as const));
  const otherwise = state.match;
  state.match = (formula) => {
    const filters = known.get(formula);
    return filters ? (r) => matchesListingFilters(r.fields, filters) : otherwise(formula);
  };
}

function renderMap(url = '/interactive-maps') {
  return renderAt(url, '/interactive-maps', <InteractiveMapPage />);
}
const listNames = () =>
  within(screen.getByTestId('map-list'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeEach(() => {
  fake.map = null;
  fake.fail = false;
});

describe('/interactive-maps', () => {
  it('lists every home for sale that has a location (the twin of the markers), with the map given the same listings', async () => {
    setUpData(ALL);
    renderMap();
    expect(await screen.findByTestId('map-list')).toBeInTheDocument();
    expect(listNames()).toEqual(['Lakeview Estate', 'Harbour Residence', 'Vineyard Villa']);
    expect(screen.getByTestId('map-count')).toHaveTextContent('3 homes for sale (1 home without a map location is not shown)');
    const item = screen.getByRole('button', { name: 'Show Lakeview Estate on the map' }).closest('article') as HTMLElement;
    expect(item).toHaveTextContent('$3,250,000');
    expect(item).toHaveTextContent('5 beds · 4.5 baths · Old Oakville');
    expect(within(item).getByRole('link', { name: 'View details of Lakeview Estate' })).toHaveAttribute('href', '/property/lakeview-estate');
    await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'map' && fake.map !== null);
    expect(fake.map?.listings).toEqual(['recOak', 'recCredit', 'recNotl']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Interactive Maps');
  });

  it("selecting a home in the list shows it on the map with its card; a marker's click selects it in the list", async () => {
    setUpData(ALL);
    renderMap();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show Harbour Residence on the map' }));
    expect(screen.getByRole('button', { name: 'Show Harbour Residence on the map' })).toHaveAttribute('aria-pressed', 'true');
    expect(fake.map?.selections.at(-1)).toEqual(['recCredit', true]);
    const card = screen.getByTestId('map-card');
    expect(card).toHaveTextContent('$2,100,000');
    expect(card).toHaveTextContent('3 beds · 3 baths');
    expect(within(card).getByRole('link', { name: 'View details' })).toHaveAttribute('href', '/property/harbour-residence');

    act(() => fake.map?.options.onSelect('recNotl'));
    expect(screen.getByTestId('map-card')).toHaveTextContent('Vineyard Villa');
    expect(screen.getByRole('button', { name: 'Show Vineyard Villa on the map' })).toHaveAttribute('aria-pressed', 'true');
    expect(fake.map?.selections.at(-1)).toEqual(['recNotl', false]); // a marker click does not move the map

    await user.click(screen.getByRole('button', { name: 'Close the card' }));
    expect(screen.queryByTestId('map-card')).toBeNull();
  });

  it("'Search this area' appears once the visitor moves the map, and the visible bounds filter the list (area= in the URL)", async () => {
    setUpData(ALL);
    renderMap();
    await screen.findByTestId('map-list');
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull();
    act(() => fake.map?.options.onMoveEnd(HALTON_PEEL, false)); // the page's own fit: no button
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull();
    act(() => {
      if (fake.map) fake.map.bounds = HALTON_PEEL;
      fake.map?.options.onMoveEnd(HALTON_PEEL, true);
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search this area' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/interactive-maps?area=43.4%2C-79.8%2C43.6%2C-79.5');
    expect(listNames()).toEqual(['Lakeview Estate', 'Harbour Residence']);
    expect(screen.getByTestId('map-count')).toHaveTextContent('2 homes for sale in this area');
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show all listings' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/interactive-maps$/);
    expect(listNames()).toEqual(['Lakeview Estate', 'Harbour Residence', 'Vineyard Villa']);
  });

  it("takes the list's filters from the URL: a price limit narrows the list and the map's homes alike", async () => {
    answerSearches(setUpData(ALL), { price: '2200000' });
    renderMap('/interactive-maps?price=2200000');
    await screen.findByTestId('map-list');
    expect(listNames()).toEqual(['Harbour Residence', 'Vineyard Villa']);
    expect(screen.getByTestId('map-count')).toHaveTextContent(/^2 homes for sale matching the search/);
    expect(screen.getByRole('heading', { level: 2, name: 'Homes matching your search' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(fake.map?.listings).toEqual(['recCredit', 'recNotl']);
    // the search form of the list, filled from the URL
    expect(within(screen.getByRole('search', { name: 'Search the homes on the map' })).getByLabelText('Location')).toHaveValue('');
  });

  it('a search from the form keeps the searched area; clearing it keeps the area too', async () => {
    answerSearches(setUpData(ALL), { location: 'Port Credit' });
    renderMap('/interactive-maps?area=43.4,-79.8,43.6,-79.5');
    await screen.findByTestId('map-list');
    expect(listNames()).toEqual(['Lakeview Estate', 'Harbour Residence']);
    const form = screen.getByRole('search', { name: 'Search the homes on the map' });
    fireEvent.change(within(form).getByLabelText('Location'), { target: { value: 'Port Credit' } });
    fireEvent.submit(form);
    expect(screen.getByTestId('location')).toHaveTextContent('/interactive-maps?location=Port+Credit&area=43.4%2C-79.8%2C43.6%2C-79.5');
    await waitFor(() => expect(listNames()).toEqual(['Harbour Residence']));
    expect(screen.getByTestId('map-count')).toHaveTextContent(/^1 home for sale matching the search in this area/);
    fireEvent.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/interactive-maps\?area=43.4%2C-79.8%2C43.6%2C-79.5$/);
    await waitFor(() => expect(listNames()).toEqual(['Lakeview Estate', 'Harbour Residence']));
  });

  it('opens on the area of a shared link, the map fitted to it, and says when it holds no home', async () => {
    setUpData(ALL);
    renderMap('/interactive-maps?area=43.1,-79.1,43.3,-79.0');
    await screen.findByTestId('map-list');
    expect(listNames()).toEqual(['Vineyard Villa']);
    await act(async () => undefined);
    expect(fake.map?.options.initial).toEqual({ south: 43.1, west: -79.1, north: 43.3, east: -79.0 });

    setUpData(ALL);
    renderMap('/interactive-maps?area=44.0,-80.1,44.1,-80.0');
    expect(await screen.findByText('No homes for sale in this area. Zoom out or move the map, then search again.')).toBeInTheDocument();
  });

  it('keeps the list when the map cannot be loaded, with a way to try again', async () => {
    setUpData(ALL);
    fake.fail = true;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderMap();
    expect(await screen.findByText('The map could not be loaded. The list of homes still works.')).toBeInTheDocument();
    expect(listNames()).toHaveLength(3);
    fake.fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'map' && fake.map !== null)).toBeInTheDocument();
    expect(screen.queryByTestId('map-placeholder')).toBeNull();
  });

  it('shows 24 homes, then 24 more at a time', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      record(
        { 'Property Name': `Home ${i + 1}`, Status: 'Available', 'Listing Date': `2026-01-${String(30 - i).padStart(2, '0')}`, ...at(43.4 + i / 1000, -79.6) },
        `rec${i}`,
      ),
    );
    setUpData(many);
    renderMap();
    await screen.findByTestId('map-list');
    expect(listNames()).toHaveLength(24);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more homes (6 more)' }));
    expect(listNames()).toHaveLength(30);
  });
});
