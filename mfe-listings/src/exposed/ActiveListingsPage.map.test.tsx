import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import ActiveListingsPage from './ActiveListingsPage';
import { LocationDisplay, record, setUpData } from '../test/fixtures';
import type { MapController, MapOptions } from '../map/leafletMap';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

/** The map library stands in here (Leaflet has its e2e test): which listings the page drew on it. */
const fake: { created: number; listings: string[] } = { created: 0, listings: [] };
jest.mock('../map/leafletMap', () => ({
  createMap: (_element: HTMLElement, options: MapOptions): MapController => {
    fake.created += 1;
    return {
      setListings: (listings) => {
        fake.listings = listings.map((l) => l.id);
      },
      select: () => undefined,
      fit: () => undefined,
      bounds: () => options.initial,
      destroy: () => undefined,
    };
  },
}));

const home = (id: string, name: string, city: string, lat: number, lng: number, price = 2_000_000) =>
  record(
    {
      'Property Name': name,
      Status: 'Available',
      'City/State': `${city}, ON`,
      Location: city,
      Price: price,
      Bedrooms: 4,
      Bathrooms: 3,
      'Listing Date': '2026-03-01',
      Latitude: lat,
      Longitude: lng,
    },
    id,
  );
const OAKVILLE = home('recOak', 'Lakeview Estate', 'Oakville', 43.4465, -79.6705, 3_000_000);
const MISSISSAUGA = home('recMis', 'Harbour Residence', 'Mississauga', 43.5506, -79.5831, 1_000_000);

let goBack: () => void = () => undefined;
function BackButton() {
  const navigate = useNavigate();
  goBack = () => navigate(-1);
  return null;
}

function renderPage(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/active-listings" element={<ActiveListingsPage />} />
      </Routes>
      <LocationDisplay />
      <BackButton />
    </MemoryRouter>,
  );
}

const toggle = () => screen.getByRole('group', { name: 'Show the results as' });

beforeEach(() => {
  fake.created = 0;
  fake.listings = [];
});

describe('/active-listings: list or map', () => {
  it('offers List and Map as pressed/unpressed buttons; the list view loads no map', async () => {
    setUpData([OAKVILLE, MISSISSAUGA]);
    renderPage('/active-listings');
    await screen.findAllByTestId('property-card');
    expect(within(toggle()).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toggle()).getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('results-map')).toBeNull();
    expect(fake.created).toBe(0);
  });

  it('Map shows the search’s listings on the map and in the list beside it, keeps the filters in the URL, and Back returns to the list', async () => {
    const state = setUpData([OAKVILLE, MISSISSAUGA]);
    state.match = (formula) => (r) => !(formula ?? '').includes('oakville') || r.id === OAKVILLE.id;
    renderPage('/active-listings?location=Oakville');
    await waitFor(() => expect(screen.getAllByTestId('property-card')).toHaveLength(1));

    fireEvent.click(within(toggle()).getByRole('button', { name: 'Map' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?location=Oakville&view=map$/);
    expect(within(toggle()).getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    const list = await screen.findByTestId('map-list');
    expect(within(list).getByText('Lakeview Estate')).toBeInTheDocument();
    expect(within(list).queryByText('Harbour Residence')).toBeNull();
    await waitFor(() => expect(fake.listings).toEqual(['recOak']));
    expect(screen.getByTestId('map-count')).toHaveTextContent('1 home on the map');
    expect(screen.queryByTestId('property-card')).toBeNull();
    expect(screen.getByLabelText('Location')).toHaveValue('Oakville');

    act(() => goBack());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?location=Oakville$/);
    await waitFor(() => expect(screen.getAllByTestId('property-card')).toHaveLength(1));
    expect(screen.queryByTestId('results-map')).toBeNull();
  });

  it('a new search in the map view stays in the map view', async () => {
    const state = setUpData([OAKVILLE, MISSISSAUGA]);
    state.match = (formula) => (r) => !(formula ?? '').includes('mississauga') || r.id === MISSISSAUGA.id;
    renderPage('/active-listings?view=map');
    const list = await screen.findByTestId('map-list');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Mississauga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?location=Mississauga&view=map$/);
    await waitFor(() => expect(fake.listings).toEqual(['recMis']));
    expect(within(screen.getByTestId('map-list')).getByText('Harbour Residence')).toBeInTheDocument();
  });

  it('the order applies to the map view too: the list beside the map follows Sort by, and the view stays', async () => {
    const state = setUpData([OAKVILLE, MISSISSAUGA]);
    renderPage('/active-listings?view=map');
    const list = await screen.findByTestId('map-list');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-asc' } });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?view=map&sort=price-asc$/);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('map-list'))
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual([expect.stringContaining('Harbour Residence'), expect.stringContaining('Lakeview Estate')]),
    );
    expect(
      state.pages.some(
        (p) =>
          JSON.stringify(p.query.sort) ===
            JSON.stringify([
              { field: 'Price', direction: 'asc' },
              { field: 'Listing Date', direction: 'desc' },
            ]) && Boolean(p.query.fields),
      ),
    ).toBe(true);
  });
});
