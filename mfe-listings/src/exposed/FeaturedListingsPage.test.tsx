import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import FeaturedListingsPage from './FeaturedListingsPage';
import { featuredListingsQuery, listingSearchFromQuery } from '@gta/shared/listing-search';
import { ESCARPMENT, PENDING, SAMPLE, never, pageQueries, record, renderAt, setUpData } from '../test/fixtures';
import type { PropertyRecord } from '@gta/shared';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

const renderPage = (url = '/featured-listings') => renderAt(url, '/featured-listings', <FeaturedListingsPage />);
const names = () => screen.getAllByTestId('property-card').map((c) => within(c).getByRole('heading').textContent);

/** The records API answers the featured list and these searches of it (URL queries) as their formulas say. */
function setUpSearches(queries: string[], records: PropertyRecord[] = SAMPLE) {
  const state = setUpData(records);
  state.match = pageQueries(
    records,
    queries.map((q) => featuredListingsQuery(listingSearchFromQuery(q))),
  );
  return state;
}

describe('/featured-listings', () => {
  it('shows the banner, the title and 12 placeholder cards while loading', () => {
    setUpData().list = never;
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Featured Listings' })).toBeInTheDocument();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(12);
  });

  it("lists only featured properties under 'Featured Properties' with the count", async () => {
    setUpData();
    renderPage();
    await screen.findAllByTestId('property-card');
    expect(names()).toEqual(['Lakeshore Manor', 'Ravine Retreat']);
    expect(screen.getByRole('heading', { name: /Featured Properties/ })).toHaveTextContent('Featured Properties (2)');
    expect(screen.getByRole('search', { name: 'Search featured properties' })).toBeInTheDocument();
  });

  describe('searching', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it("shows 'Searching...' for a second, then the featured properties that match", async () => {
      setUpSearches(['location=mississauga']);
      renderPage();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'mississauga' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
      expect(screen.getAllByTestId('card-skeleton')).toHaveLength(12);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(names()).toEqual(['Ravine Retreat']);
      expect(screen.getByTestId('featured-count')).toHaveTextContent('(1)');
      expect(screen.getByTestId('location')).toHaveTextContent('/featured-listings?location=mississauga');
    });

    it('searches the keyword among the featured properties (every word, in the name, address, neighbourhood, description or features)', async () => {
      setUpSearches(['keyword=POOL%20cellar']);
      renderPage('/featured-listings?keyword=POOL%20cellar');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(names()).toEqual(['Lakeshore Manor']);
      // the Status filter is the active listings' own: the featured page shows its featured homes whatever their status
      expect(screen.queryByLabelText('Status')).toBeNull();
    });

    it("opens 'No featured property found' with the interest form when nothing matches; closing resets the search", async () => {
      setUpSearches(['price=30000']);
      renderPage('/featured-listings?price=30000');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      const dialog = screen.getByRole('dialog', { name: 'No featured property found' });
      expect(dialog).toHaveAttribute('data-variant', 'featured-listings');
      expect(dialog).toHaveTextContent('Tell us about your interest');
      fireEvent.click(within(dialog).getByRole('button', { name: '×' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(names()).toHaveLength(2);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/featured-listings$/);
    });
  });

  it('shows the failure screen with the error text, the note and Try Again, Go Home (/) and Contact Us (/contact)', async () => {
    jest.useFakeTimers();
    try {
      setUpData().list = () => Promise.reject(new Error('Service unavailable'));
      renderPage();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
      const alert = screen.getByTestId('featured-error');
      expect(alert).toHaveTextContent('Oops! Something went wrong');
      expect(alert).toHaveTextContent('Service unavailable');
      expect(alert).toHaveTextContent("We're having trouble loading the featured property listings. Please try again or contact us if the problem persists.");
      expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
      expect(within(alert).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
      expect(within(alert).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    } finally {
      jest.useRealTimers();
    }
  });

  describe('requests', () => {
    const featuredHomes = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        record({
          'Property Name': `Featured Home ${i + 1}`,
          Status: i % 2 ? 'Sold' : 'Available',
          'City/State': i % 3 ? 'Oakville, ON' : 'Mississauga, ON',
          Location: i % 3 ? 'Oakville' : 'Mississauga',
          Featured: true,
          'Listing Date': `2026-02-${String(50 - i).padStart(2, '0')}`,
        }),
      );
    const others = Array.from({ length: 250 }, (_, i) => record({ 'Property Name': `Plain ${i}`, Status: 'Available', Featured: false }));

    it('reads 20 featured properties and their count in one request, and "Show more properties" in one more', async () => {
      const state = setUpSearches([], [...others, ...featuredHomes(30)]);
      renderPage();
      await screen.findAllByTestId('property-card');
      expect(names()).toHaveLength(20);
      expect(screen.getByTestId('featured-count')).toHaveTextContent('(30)');
      expect(screen.getByText('30 featured in total')).toBeInTheDocument();
      expect(state.selects).toEqual([]);
      expect(state.pages.map((p) => p.query)).toEqual([
        { filterByFormula: '{Featured} = TRUE()', sort: [{ field: 'Listing Date', direction: 'desc' }], pageSize: 20, returnCount: true },
      ]);
      fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
      await waitFor(() => expect(names()).toHaveLength(30));
      expect(state.pages).toHaveLength(2);
      expect(state.pages[1]?.query).toMatchObject({ offset: 'itr20', returnCount: true });
    });

    it('a search from the page is one request more; a search opened by its URL is two (the list for its total, and the search)', async () => {
      jest.useFakeTimers();
      try {
        const records = [...others, ...featuredHomes(30)];
        const state = setUpSearches(['location=mississauga'], records);
        renderPage();
        await act(async () => {
          await jest.advanceTimersByTimeAsync(0);
        });
        expect(state.pages).toHaveLength(1);
        fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'mississauga' } });
        fireEvent.click(screen.getByRole('button', { name: 'Search' }));
        await act(async () => {
          await jest.advanceTimersByTimeAsync(1000);
        });
        expect(screen.getByTestId('featured-count')).toHaveTextContent('(10)');
        expect(screen.getByText('30 featured in total')).toBeInTheDocument();
        expect(names()).toHaveLength(10);
        expect(state.pages).toHaveLength(2);
        expect(state.pages[1]?.query).toMatchObject({
          filterByFormula: featuredListingsQuery(listingSearchFromQuery('location=mississauga')).formula,
          returnCount: true,
        });

        const again = setUpSearches(['location=mississauga'], records);
        renderPage('/featured-listings?location=mississauga');
        await act(async () => {
          await jest.advanceTimersByTimeAsync(1000);
        });
        expect(again.pages).toHaveLength(2);
      } finally {
        jest.useRealTimers();
      }
    });
  });

  it("shows 'No Featured Properties' with Browse Home Page and Contact Us when none is featured", async () => {
    setUpData([ESCARPMENT, PENDING]);
    renderPage();
    const empty = await screen.findByTestId('featured-empty');
    expect(empty).toHaveTextContent('No Featured Properties');
    expect(within(empty).getByRole('link', { name: 'Browse Home Page' })).toHaveAttribute('href', '/');
    expect(within(empty).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
