import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import CityListingsPage from './CityListingsPage';
import { LAKESHORE, ESCARPMENT, PENDING, RAVINE, never, record, renderAt, setUpData } from '../test/fixtures';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

const renderCity = (slug: string) => renderAt(`/listings/${slug}`, '/listings/:city', <CityListingsPage />);
const names = () => screen.getAllByTestId('property-card').map((c) => within(c).getByRole('heading').textContent);

describe('/listings/{city}', () => {
  it("shows 'Loading...' while loading", () => {
    setUpData().list = never;
    renderCity('oakville');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('lists only available properties of the city (status trimmed, any case) with the count', async () => {
    const oakvilleSold = record({ 'Property Name': 'Old Sold House', Status: 'Sold', 'City/State': 'Oakville, ON' });
    const oakvilleTrim = record({ 'Property Name': 'Trim Cottage', Status: '  AVAILABLE', 'City/State': 'Oakville, ON' });
    setUpData([LAKESHORE, oakvilleSold, oakvilleTrim, RAVINE]);
    renderCity('oakville');
    await screen.findAllByTestId('property-card');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Homes in Oakville');
    expect(names()).toEqual(['Lakeshore Manor', 'Trim Cottage']);
    expect(screen.getByTestId('city-count')).toHaveTextContent('2 active properties');
    expect(document.title).toMatch(/Oakville/);
  });

  it('maps burlington to Burlington, ON', async () => {
    setUpData([ESCARPMENT, LAKESHORE]);
    renderCity('burlington');
    await screen.findAllByTestId('property-card');
    expect(names()).toEqual(['Escarpment Estate']);
  });

  it("shows 'No Listings Found' with its message when the city has none", async () => {
    setUpData([RAVINE, PENDING]);
    renderCity('mississauga');
    const empty = await screen.findByTestId('city-empty');
    expect(empty).toHaveTextContent('No Listings Found');
    expect(empty).toHaveTextContent('No properties match your search. Please try a different search or contact us for help.');
  });

  it("shows 'Error loading properties.' when the load fails", async () => {
    jest.useFakeTimers();
    try {
      setUpData().list = () => Promise.reject(new Error('down'));
      renderCity('oakville');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Error loading properties.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives an unknown city a clear not-found screen with the three cities, and asks search engines not to index it', () => {
    const state = setUpData();
    renderCity('toronto');
    const screenEl = screen.getByTestId('city-not-found');
    expect(screenEl).toHaveTextContent('toronto');
    expect(within(screenEl).getByRole('link', { name: 'Mississauga' })).toHaveAttribute('href', '/listings/mississauga');
    expect(within(screenEl).getByRole('link', { name: 'Oakville' })).toHaveAttribute('href', '/listings/oakville');
    expect(within(screenEl).getByRole('link', { name: 'Burlington' })).toHaveAttribute('href', '/listings/burlington');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(state.selects).toEqual([]);
    expect(state.pages).toEqual([]);
  });

  it('reads 20 listings of the city and their count in one request, and each "Show more properties" in one more', async () => {
    const homes = Array.from({ length: 45 }, (_, i) =>
      record({
        'Property Name': `Oakville Home ${i + 1}`,
        Status: 'Available',
        'City/State': 'Oakville, ON',
        'Listing Date': `2026-01-${String(45 - i).padStart(2, '0')}`,
      }),
    );
    const others = Array.from({ length: 300 }, (_, i) => record({ 'Property Name': `Elsewhere ${i}`, Status: 'Available', 'City/State': 'Milton, ON' }));
    const state = setUpData([...others, ...homes, RAVINE]);
    renderCity('oakville');
    await screen.findAllByTestId('property-card');
    expect(names()).toHaveLength(20);
    expect(names()[0]).toBe('Oakville Home 1');
    expect(screen.getByTestId('city-count')).toHaveTextContent('45 active properties');
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 20 of 45 properties');
    expect(state.selects).toEqual([]);
    expect(state.pages.map((p) => p.query)).toEqual([
      {
        filterByFormula: `AND(LOWER(TRIM({City/State}&'')) = "oakville, on", LOWER(TRIM({Status}&'')) = "available")`,
        sort: [{ field: 'Listing Date', direction: 'desc' }],
        pageSize: 20,
        returnCount: true,
      },
    ]);

    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toHaveLength(40));
    expect(screen.getByTestId('location')).toHaveTextContent('/listings/oakville?shown=40');
    expect(state.pages).toHaveLength(2);
    expect(state.pages[1]?.query).toMatchObject({ offset: 'itr20', pageSize: 20, returnCount: true });

    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toHaveLength(45));
    expect(state.pages).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Show more properties' })).toBeNull();
    expect(screen.getByTestId('city-count')).toHaveTextContent('45 active properties');
  });
});
