/** The map view of /active-listings: 'Search this area' keeps the search's homes within the bounds the visitor moved to. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResultsMap from './ResultsMap';
import { record, renderAt, setUpData } from '../test/fixtures';
import type { MapController, MapOptions } from './leafletMap';
import type { Area } from './area';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

/** The map library stands in here (Leaflet has its e2e test): what the view drew, and a way to move it as the visitor. */
const fake: { options: MapOptions | null; listings: string[]; bounds: Area | null; fits: Area[] } = { options: null, listings: [], bounds: null, fits: [] };
jest.mock('./leafletMap', () => ({
  createMap: (_element: HTMLElement, options: MapOptions): MapController => {
    fake.options = options;
    fake.bounds = options.initial;
    return {
      setListings: (listings) => {
        fake.listings = listings.map((l) => l.id);
      },
      select: () => undefined,
      fit: (area) => {
        fake.fits.push(area);
        fake.bounds = area;
      },
      bounds: () => fake.bounds as Area,
      destroy: () => undefined,
    };
  },
}));

const home = (id: string, name: string, lat: number, lng: number) =>
  record({ 'Property Name': name, Status: 'Available', Price: 2_000_000, 'Listing Date': '2026-03-01', Latitude: lat, Longitude: lng }, id);
const HOMES = [
  home('recOak', 'Lakeview Estate', 43.4465, -79.6705),
  home('recMis', 'Harbour Residence', 43.5565, -79.5885),
  home('recNotl', 'Vineyard Villa', 43.2545, -79.0735),
];
const HALTON_PEEL: Area = { south: 43.4, west: -79.8, north: 43.6, east: -79.5 };

const listNames = () =>
  within(screen.getByTestId('map-list'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

beforeEach(() => {
  fake.options = null;
  fake.listings = [];
  fake.fits = [];
});

describe("the map view's 'Search this area'", () => {
  it('appears once the visitor moves the map; the visible bounds then filter the list beside it (area= in the URL)', async () => {
    setUpData(HOMES);
    renderAt('/active-listings?view=map&location=ON', '/active-listings', <ResultsMap formula="" />);
    await screen.findByTestId('map-list');
    await act(async () => undefined);
    expect(fake.listings).toEqual(['recOak', 'recMis', 'recNotl']);
    expect(screen.getByTestId('map-count')).toHaveTextContent(/^3 homes on the map/);
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull();
    act(() => fake.options?.onMoveEnd(HALTON_PEEL, false)); // the view's own fit: no button
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull();

    act(() => {
      fake.bounds = HALTON_PEEL;
      fake.options?.onMoveEnd(HALTON_PEEL, true);
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search this area' }));
    // the search's own parameters stay
    expect(screen.getByTestId('location')).toHaveTextContent('/active-listings?view=map&location=ON&area=43.4%2C-79.8%2C43.6%2C-79.5');
    expect(screen.getByTestId('map-count')).toHaveTextContent(/^2 homes in this area/);
    expect(listNames()).toEqual(['/property/lakeview-estate', '/property/harbour-residence']);
    expect(screen.getByRole('heading', { name: 'Homes in the searched area' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull();
    // the markers stay: the map shows the whole search, the list what is in the area
    expect(fake.listings).toEqual(['recOak', 'recMis', 'recNotl']);

    await user.click(screen.getByRole('button', { name: 'Show all listings' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?view=map&location=ON$/);
    expect(screen.getByTestId('map-count')).toHaveTextContent(/^3 homes on the map/);
  });

  it('a shared link with an area opens the map on it', async () => {
    setUpData(HOMES);
    renderAt('/active-listings?view=map&area=43.1,-79.1,43.3,-79.0', '/active-listings', <ResultsMap formula="" />);
    await screen.findByTestId('map-list');
    await act(async () => undefined);
    expect(fake.options?.initial).toEqual({ south: 43.1, west: -79.1, north: 43.3, east: -79.0 });
    expect(screen.getByTestId('map-count')).toHaveTextContent(/^1 home in this area/);
  });
});
