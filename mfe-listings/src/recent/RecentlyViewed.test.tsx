import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ActiveListingsPage from '../exposed/ActiveListingsPage';
import PropertyPage from '../exposed/PropertyPage';
import RecentlyViewedModule from '../exposed/RecentlyViewed';
import { ESCARPMENT, LAKESHORE, PENDING, RAVINE, renderAt, setUpData } from '../test/fixtures';
import { RECENTLY_VIEWED_KEY, readRecentlyViewed, recordRecentlyViewed } from './recentStore';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

const renderRow = () => renderAt('/', '/', <RecentlyViewedModule />);
const tiles = () => screen.getAllByTestId('recent-listing').map((t) => t.textContent);
const recentCalls = (state: ReturnType<typeof setUpData>) => state.pages.filter((p) => p.query.filterByFormula?.startsWith('OR(RECORD_ID()'));

describe("'Recently viewed'", () => {
  beforeEach(() => localStorage.clear());

  it('shows nothing, and asks nothing, for a first visit', async () => {
    const state = setUpData();
    const { container } = renderRow();
    await act(() => Promise.resolve());
    expect(container.querySelector('[data-testid="recently-viewed"]')).toBeNull();
    expect(state.pages).toHaveLength(0);
  });

  it('shows the listings opened, newest first, in one request for their ids, each linking to its page', async () => {
    const state = setUpData();
    [LAKESHORE, RAVINE, PENDING].forEach((r) => recordRecentlyViewed(r.id));
    renderRow();
    const row = await screen.findByRole('region', { name: 'Recently viewed' });
    expect(tiles().map((t) => t?.match(/Harbour View Penthouse|Ravine Retreat|Lakeshore Manor/)?.[0])).toEqual([
      'Harbour View Penthouse',
      'Ravine Retreat',
      'Lakeshore Manor',
    ]);
    expect(
      within(row)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/property/harbour-view-penthouse', '/property/ravine-retreat', '/property/lakeshore-manor']);
    expect(recentCalls(state)).toEqual([
      {
        method: 'GET',
        path: '/Properties',
        query: { pageSize: 8, filterByFormula: `OR(RECORD_ID() = "recPending", RECORD_ID() = "recRavine", RECORD_ID() = "recLakeshore")` },
      },
    ]);
    // a sold one says so
    expect(within(screen.getAllByTestId('recent-listing')[1]!).getByTestId('status-badge')).toHaveTextContent('Sold');
  });

  it('skips a listing that was removed, and forgets it', async () => {
    setUpData([LAKESHORE, ESCARPMENT]);
    [LAKESHORE.id, 'recGoneForGood', ESCARPMENT.id].forEach(recordRecentlyViewed);
    renderRow();
    await screen.findByRole('region', { name: 'Recently viewed' });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(tiles()[0]).toContain('Escarpment Estate');
    expect(tiles()[1]).toContain('Lakeshore Manor');
    expect(readRecentlyViewed()).toEqual([ESCARPMENT.id, LAKESHORE.id]);
  });

  it("'Clear history' empties the list and the row goes", async () => {
    setUpData();
    recordRecentlyViewed(LAKESHORE.id);
    renderRow();
    await screen.findByRole('region', { name: 'Recently viewed' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).toBeNull();
    expect(localStorage.getItem(RECENTLY_VIEWED_KEY)).toBeNull();
  });

  it('follows another tab: a listing opened there appears here', async () => {
    setUpData();
    recordRecentlyViewed(LAKESHORE.id);
    renderRow();
    await screen.findByRole('region', { name: 'Recently viewed' });
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([RAVINE.id, LAKESHORE.id]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: RECENTLY_VIEWED_KEY }));
    });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(tiles()[0]).toContain('Ravine Retreat');
  });

  it('opening a property page puts it first in the row /active-listings opens from its results heading (issue 38)', async () => {
    setUpData();
    recordRecentlyViewed(ESCARPMENT.id);
    const property = renderAt('/property/lakeshore-manor', '/property/:propertySlug', <PropertyPage />);
    await screen.findByRole('heading', { level: 1, name: 'Lakeshore Manor' });
    expect(readRecentlyViewed()).toEqual([LAKESHORE.id, ESCARPMENT.id]);
    property.unmount();

    renderAt('/active-listings', '/active-listings', <ActiveListingsPage />);
    // closed at first: the results below it never move as it appears
    const toggle = await screen.findByRole('button', { name: 'Recently viewed (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).toBeNull();
    fireEvent.click(toggle);
    const row = await screen.findByRole('region', { name: 'Recently viewed' });
    expect(row.id).toBe(toggle.getAttribute('aria-controls'));
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(tiles()[0]).toContain('Lakeshore Manor');
    expect(tiles()[1]).toContain('Escarpment Estate');
    // under the results heading, before the results (not ~5,500 px down the page)
    const grid = await screen.findByTestId('property-grid');
    expect(row.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
