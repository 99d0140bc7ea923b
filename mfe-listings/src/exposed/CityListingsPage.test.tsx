import { act, screen, within } from '@testing-library/react';
import CityListingsPage from './CityListingsPage';
import { LAKESHORE, ESCARPMENT, PENDING, RAVINE, never, record, renderAt, setUpData } from '../test/fixtures';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

const renderCity = (slug: string) => renderAt(`/listings/${slug}`, '/listings/:city', <CityListingsPage />);
const names = () => screen.getAllByTestId('property-card').map((c) => within(c).getByRole('heading').textContent);

describe('/listings/{city}', () => {
  it("shows 'Loading...' while loading", () => {
    setUpData().answer = never;
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
      setUpData().answer = () => Promise.reject(new Error('down'));
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
    expect(state.selects.length).toBeLessThanOrEqual(1);
  });
});
