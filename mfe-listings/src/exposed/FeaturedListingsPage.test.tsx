import { act, fireEvent, screen, within } from '@testing-library/react';
import FeaturedListingsPage from './FeaturedListingsPage';
import { ESCARPMENT, PENDING, never, renderAt, setUpData } from '../test/fixtures';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

const renderPage = (url = '/featured-listings') => renderAt(url, '/featured-listings', <FeaturedListingsPage />);
const names = () => screen.getAllByTestId('property-card').map((c) => within(c).getByRole('heading').textContent);

describe('/featured-listings', () => {
  it('shows the banner, the title and 12 placeholder cards while loading', () => {
    setUpData().answer = never;
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
      setUpData();
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
      setUpData();
      renderPage('/featured-listings?keyword=POOL%20cellar');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(names()).toEqual(['Lakeshore Manor']);
      // the Status filter is the active listings' own: the featured page shows its featured homes whatever their status
      expect(screen.queryByLabelText('Status')).toBeNull();
    });

    it("opens 'No featured property found' with the interest form when nothing matches; closing resets the search", async () => {
      setUpData();
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
      setUpData().answer = () => Promise.reject(new Error('Service unavailable'));
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

  it("shows 'No Featured Properties' with Browse Home Page and Contact Us when none is featured", async () => {
    setUpData([ESCARPMENT, PENDING]);
    renderPage();
    const empty = await screen.findByTestId('featured-empty');
    expect(empty).toHaveTextContent('No Featured Properties');
    expect(within(empty).getByRole('link', { name: 'Browse Home Page' })).toHaveAttribute('href', '/');
    expect(within(empty).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
