import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import ActiveListingsPage from './ActiveListingsPage';
import {
  LAKESHORE,
  PENDING,
  RAVINE,
  LocationDisplay,
  never,
  record,
  renderAt,
  setUpData,
  statusIn,
  type AirtableMockState,
  type PageCall,
} from '../test/fixtures';
import type { PropertyRecord } from '@gta/shared';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

const renderPage = (url = '/active-listings') => renderAt(url, '/active-listings', <ActiveListingsPage />);

/** A search's formula is an AND(...); the plain list's is the Status condition alone (or none). */
const isSearch = (formula: string | undefined) => (formula ?? '').startsWith('AND(');
/** The records a search finds, by the test; the plain list and the counts keep their usual reading (statusIn). */
function withSearch(state: AirtableMockState, found: (record: PropertyRecord) => boolean) {
  state.match = (formula) => (isSearch(formula) ? found : statusIn(formula));
}
/** The list calls (pages of listings, each with the list's count), and any pass that reads one field to count (none). */
const listCalls = (state: AirtableMockState): PageCall[] => state.pages.filter((p) => !p.query.fields);
const countCalls = (state: AirtableMockState): PageCall[] => state.pages.filter((p) => Boolean(p.query.fields));
const searches = (state: AirtableMockState) => listCalls(state).filter((p) => isSearch(p.query.filterByFormula));
const names = () => screen.getAllByTestId('property-card').map((c) => within(c).getByRole('heading').textContent);
const FOR_SALE = `LOWER(TRIM({Status}&'')) = "available"`;
const NEWEST = [{ field: 'Listing Date', direction: 'desc' }];

describe('/active-listings', () => {
  it("shows the hero, the search form and 12 placeholder cards with 'Loading properties...' while loading", () => {
    setUpData().list = never;
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Active Listings' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Search properties' })).toBeInTheDocument();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(12);
    expect(screen.getAllByText('Loading properties...').length).toBeGreaterThan(0);
    expect(document.title).toMatch(/^Active Listings/);
  });

  it('shows the listings for sale, newest first, read from the records API 20 at a time: no Sold or Pending one among them', async () => {
    const state = setUpData();
    renderPage();
    await screen.findAllByTestId('property-card');
    expect(names()).toEqual(['Lakeshore Manor', 'Escarpment Estate']);
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^2 properties$/);
    expect(listCalls(state).map((c) => c.query)).toEqual([{ pageSize: 20, filterByFormula: FOR_SALE, sort: NEWEST, returnCount: true }]);
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(screen.getAllByTestId('status-badge').map((b) => b.textContent)).toEqual(['Available', 'available']);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it("shows the Sold and Pending ones too, each marked by its badge, when the visitor picks 'All, including sold'", async () => {
    const state = setUpData();
    renderPage();
    await screen.findAllByTestId('property-card');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor', 'Harbour View Penthouse', 'Ravine Retreat', 'Escarpment Estate']));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?status=all$/);
    const badges = screen.getAllByTestId('property-card').map((c) => within(c).getByTestId('status-badge'));
    expect(badges.map((b) => [b.textContent, b.getAttribute('data-tone')])).toEqual([
      ['Available', 'available'],
      ['Pending', 'other'],
      ['Sold', 'sold'],
      ['available', 'available'],
    ]);
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^4 properties$/);
    expect(listCalls(state).at(-1)!.query).toEqual({ pageSize: 20, sort: NEWEST, returnCount: true });
    expect(screen.getByRole('heading', { level: 2, name: 'All listings, sold included' })).toBeInTheDocument();
  });

  it("'Sold only' from a shared link lists the Sold ones; Clear goes back to the listings for sale", async () => {
    const state = setUpData();
    renderPage('/active-listings?status=sold');
    await waitFor(() => expect(names()).toEqual(['Ravine Retreat']));
    expect(screen.getByLabelText('Status')).toHaveValue('sold');
    expect(listCalls(state)[0]!.query.filterByFormula).toBe(`LOWER(TRIM({Status}&'')) = "sold"`);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor', 'Escarpment Estate']));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings$/);
  });

  it('a search keeps the Status filter: for sale by default, every status with status=all', async () => {
    const state = setUpData();
    withSearch(state, (r) => r.id === RAVINE.id);
    renderPage('/active-listings?location=Mississauga&status=all');
    await waitFor(() => expect(names()).toEqual(['Ravine Retreat']));
    expect(searches(state)[0]!.query.filterByFormula).not.toContain('{Status}');
    expect(within(screen.getByTestId('property-card')).getByTestId('status-badge')).toHaveTextContent('Sold');
  });

  it('offers the options of section 5 fitted to homes of $1M to $20M (issue 38), and a free input for custom', async () => {
    setUpData().list = never;
    renderPage();
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        // the rarer filters are behind 'More filters' (hidden until opened)
        .getAllByRole('option', { hidden: true })
        .map((o) => (o as HTMLOptionElement).value);
    expect(options('Min price')).toEqual(['', '1000000', '1500000', '2000000', '3000000', '5000000', '10000000']);
    expect(options('Max price')).toEqual(['', '1000000', '1500000', '2000000', '3000000', '5000000', '10000000', 'custom']);
    expect(options('Min size')).toEqual(['', '1500', '2000', '3000', '4000', '5000', '7500', '10000']);
    expect(options('Max size')).toEqual(['', '1500', '2000', '3000', '4000', '5000', '7500', '10000', 'custom']);
    expect(options('Garage')).toEqual(['', '1', '2', '3', '4']);
    expect(options('Lot size')).toEqual(['', '0.25', '0.5', '1', '2', '5']);
    expect(options('Bedrooms')).toEqual(['', '1', '2', '3', '4', '5+', 'custom']);
    expect(options('Bathrooms')).toEqual(['', '1', '2', '3', '4', '5+', 'custom']);
    expect(options('Property type')).toEqual(['', 'Condo', 'House', 'Town House', 'Detached Home', 'Residential', 'Commercial', 'Other', 'custom']);
    expect(screen.queryByLabelText('Minimum bedrooms')).toBeNull();
    fireEvent.change(screen.getByLabelText('Bedrooms'), { target: { value: 'custom' } });
    const custom = screen.getByLabelText('Minimum bedrooms');
    expect(custom).toHaveAttribute('type', 'number');
    expect(custom).toHaveAttribute('min', '0');
  });

  it('searches with call 4 (an AND of the filters with a value, 20 records a page, newest first), puts the filters in the URL and shows the results', async () => {
    const state = setUpData();
    withSearch(state, (r) => r.id === LAKESHORE.id);
    renderPage();
    await screen.findAllByTestId('property-card');
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Oakville' } });
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Maximum price (CAD)'), { target: { value: '4000000' } });
    fireEvent.change(screen.getByLabelText('Bedrooms'), { target: { value: '5+' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor']));
    expect(screen.getByTestId('location')).toHaveTextContent('/active-listings?location=Oakville&price=custom&priceCustom=4000000&beds=5%2B');
    expect(searches(state)).toHaveLength(1);
    const { query: params } = searches(state)[0]!;
    expect(params.pageSize).toBe(20);
    expect(params.sort).toEqual(NEWEST);
    expect(params.offset).toBeUndefined();
    expect(params.filterByFormula).toBe(
      `AND(OR(SEARCH(LOWER("oakville"), LOWER({Address}&'')), SEARCH(LOWER("oakville"), LOWER({Location}&'')), SEARCH(LOWER("oakville"), LOWER({City/State}&'')), SEARCH(LOWER("oakville"), LOWER({Postal Code}&'')), SEARCH(LOWER("oakville"), LOWER({Property ID}&''))), {Price} <= 4000000, {Bedrooms} >= 5, LOWER(TRIM({Status}&'')) = "available")`,
    );
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^1 property$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Searching...' while a search runs", async () => {
    const state = setUpData();
    const fake = state.list;
    state.list = (query) => (isSearch(query.filterByFormula) ? never() : fake(query));
    renderPage('/active-listings?beds=3');
    expect(await screen.findByRole('button', { name: 'Searching...' })).toBeDisabled();
  });

  it('restores a search from the URL (a shared link), escaping the visitor’s text', async () => {
    const state = setUpData();
    withSearch(state, (r) => r.id === PENDING.id);
    renderPage('/active-listings?location=Oak%22ville%5C&propertyType=Condo');
    await waitFor(() => expect(names()).toEqual(['Harbour View Penthouse']));
    expect(screen.getByLabelText('Location')).toHaveValue('Oak"ville\\');
    expect(screen.getByLabelText('Property type')).toHaveValue('Condo');
    expect(searches(state)[0]!.query.filterByFormula).toContain('SEARCH(LOWER("oak\\"ville\\\\"), LOWER({Location}&\'\'))');
  });

  it('searches the keyword: every word in the name, address, neighbourhood, description or features', async () => {
    const state = setUpData();
    withSearch(state, (r) => r.id === LAKESHORE.id);
    renderPage();
    await screen.findAllByTestId('property-card');
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'Pool  Cellar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor']));
    expect(screen.getByTestId('location')).toHaveTextContent('/active-listings?keyword=Pool++Cellar');
    const haystack = `LOWER({Property Name}&' '&{Address}&' '&{Location}&' '&{City/State}&' '&{Description}&' '&{Listing Description}&' '&{Features})`;
    expect(searches(state).map((s) => s.query.filterByFormula)).toEqual([
      `AND(SEARCH(LOWER("pool"), ${haystack}), SEARCH(LOWER("cellar"), ${haystack}), LOWER(TRIM({Status}&'')) = "available")`,
    ]);
  });

  it("opens 'No property found / Tell us about your interest' when a search finds nothing; closing it resets the search", async () => {
    const state = setUpData();
    withSearch(state, () => false);
    renderPage('/active-listings?location=Nowhere');
    const dialog = await screen.findByRole('dialog', { name: 'No property found' });
    expect(dialog).toHaveTextContent('Tell us about your interest');
    expect(dialog).toHaveAttribute('data-variant', 'active-listings');
    expect(screen.getByText('No properties found.')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search terms.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: '×' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings$/);
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor', 'Escarpment Estate']));
    expect(screen.getByLabelText('Location')).toHaveValue('');
  });

  it('counts a failed search as finding nothing', async () => {
    const state = setUpData();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = state.list;
    state.list = (query) =>
      isSearch(query.filterByFormula) ? Promise.reject({ error: 'INVALID_FILTER_BY_FORMULA', message: 'bad formula', statusCode: 422 }) : fake(query);
    renderPage('/active-listings?beds=2');
    expect(await screen.findByRole('dialog', { name: 'No property found' })).toBeInTheDocument();
    expect(searches(state)).toHaveLength(1);
  });

  it('Clear goes back to the full list', async () => {
    const state = setUpData();
    withSearch(state, (r) => r.id === LAKESHORE.id);
    renderPage('/active-listings?baths=4');
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor', 'Escarpment Estate']));
    expect(screen.getByLabelText('Bathrooms')).toHaveValue('');
  });

  it("shows 'Oops! Something went wrong' with the error, Try Again, Go Home and Contact Us when the load fails", async () => {
    jest.useFakeTimers();
    try {
      setUpData().list = () => Promise.reject(new Error('Network down'));
      renderPage();
      await jest.advanceTimersByTimeAsync(10_000);
      const alert = await screen.findByTestId('listings-error');
      expect(alert).toHaveTextContent('Oops! Something went wrong');
      expect(alert).toHaveTextContent('Error: Network down');
      expect(alert).toHaveTextContent("We're having trouble loading the property listings. Please try again or contact us if the problem persists.");
      expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
      expect(within(alert).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
      expect(within(alert).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows 'No Active Listings' with Browse Home Page and Contact Us when there are none", async () => {
    setUpData([]);
    renderPage();
    const empty = await screen.findByTestId('listings-empty');
    expect(empty).toHaveTextContent('No Active Listings');
    expect(within(empty).getByRole('link', { name: 'Browse Home Page' })).toHaveAttribute('href', '/');
    expect(within(empty).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});

describe('/active-listings with many listings: order, pages and the count', () => {
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  /** 47 for sale (Residence 1 the newest), prices and sizes in orders of their own; and 5 sold. */
  const FOR_SALE_47 = Array.from({ length: 47 }, (_, i) =>
    record({
      'Property Name': `Residence ${i + 1}`,
      Status: 'Available',
      'Listing Date': day(300 - i),
      Price: 1_000_000 + ((i * 17) % 47) * 50_000,
      'Size (sq ft)': 2000 + ((i * 29) % 47) * 100,
    }),
  );
  const SOLD_5 = Array.from({ length: 5 }, (_, i) =>
    record({ 'Property Name': `Sold ${i + 1}`, Status: 'Sold', 'Listing Date': day(400 + i), Price: 500_000 }),
  );
  const ALL = [...SOLD_5, ...FOR_SALE_47];
  const nameOf = (r: PropertyRecord) => String(r.fields['Property Name']);
  const byPrice = (dir: 1 | -1) => [...FOR_SALE_47].sort((a, b) => dir * (Number(a.fields.Price) - Number(b.fields.Price))).map(nameOf);
  const newest = FOR_SALE_47.map(nameOf);
  const PRICE_ASC = [{ field: 'Price', direction: 'asc' }, ...NEWEST];
  const PRICE_DESC = [{ field: 'Price', direction: 'desc' }, ...NEWEST];

  function BackButton() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    );
  }
  /** The page at `url` with a property route beside it, the location shown, and a Back button (the browser's). */
  const renderWithHistory = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/active-listings" element={<ActiveListingsPage />} />
          <Route path="/property/:slug" element={<p>A property page</p>} />
        </Routes>
        <LocationDisplay />
        <BackButton />
      </MemoryRouter>,
    );

  it("says how many match ('Showing 20 of 47 properties'); 'Show more properties' reads the next 20 from the API's offset, kept in the URL as shown=40", async () => {
    const state = setUpData(ALL);
    renderPage();
    await screen.findAllByTestId('property-card');
    expect(names()).toEqual(newest.slice(0, 20));
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent(/^Showing 20 of 47 properties$/));
    expect(screen.getByTestId('showing')).toHaveTextContent(/^Showing 20 of 47 properties$/);
    // the count came with the page: one request in all
    expect(state.pages.map((c) => c.query)).toEqual([{ pageSize: 20, filterByFormula: FOR_SALE, sort: NEWEST, returnCount: true }]);

    // a link to the longer list: before the page hydrates, the browser loads it from the server
    expect(screen.getByRole('link', { name: 'Show more properties' })).toHaveAttribute('href', '/active-listings?shown=40');
    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toHaveLength(40));
    expect(names()).toEqual(newest.slice(0, 40));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?shown=40$/);
    // one request more: the next page, from the offset the first one came with (with the count again)
    expect(state.pages.map((c) => c.query.offset)).toEqual([undefined, 'itr20']);
    expect(state.pages[1]!.query).toEqual({ pageSize: 20, offset: 'itr20', filterByFormula: FOR_SALE, sort: NEWEST, returnCount: true });
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^Showing 40 of 47 properties$/);
    // the keyboard continues at the first new card
    expect(document.activeElement).toHaveTextContent('Residence 21');
    expect(document.activeElement?.tagName).toBe('A');

    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toHaveLength(47));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?shown=60$/);
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^47 properties$/);
    expect(screen.queryByRole('link', { name: 'Show more properties' })).toBeNull();
  });

  it('sorts by price, low to high, through the records API, as a new history entry: Back restores newest first', async () => {
    const state = setUpData(ALL);
    renderWithHistory('/active-listings');
    await screen.findAllByTestId('property-card');
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveValue('newest');
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest first', 'Price: high to low', 'Price: low to high', 'Size: largest first']);

    fireEvent.change(sortBy, { target: { value: 'price-asc' } });
    await waitFor(() => expect(names()).toEqual(byPrice(1).slice(0, 20)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?sort=price-asc$/);
    expect(listCalls(state).at(-1)!.query).toEqual({ pageSize: 20, filterByFormula: FOR_SALE, sort: PRICE_ASC, returnCount: true });
    const prices = screen.getAllByTestId('card-price').map((p) => Number(p.textContent?.replace(/\D/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // the same listings, counted in the same request
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^Showing 20 of 47 properties$/);
    expect(countCalls(state)).toHaveLength(0);
    expect(state.pages).toHaveLength(2);

    const calls = listCalls(state).length;
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings$/));
    expect(names()).toEqual(newest.slice(0, 20));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(listCalls(state)).toHaveLength(calls); // from the cache
  });

  it('a shared link with sort=price-desc&shown=40 reads the 40 in one request and shows them in that order', async () => {
    const state = setUpData(ALL);
    renderPage('/active-listings?sort=price-desc&shown=40');
    await waitFor(() => expect(names()).toEqual(byPrice(-1).slice(0, 40)));
    expect(state.pages.map((c) => c.query)).toEqual([{ pageSize: 40, filterByFormula: FOR_SALE, sort: PRICE_DESC, returnCount: true }]);
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent(/^Showing 40 of 47 properties$/));
  });

  it('Back from a property opened after Show more returns to the same order and length, from the cache', async () => {
    const state = setUpData(ALL);
    renderWithHistory('/active-listings?sort=price-asc');
    await waitFor(() => expect(names()).toEqual(byPrice(1).slice(0, 20)));
    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toHaveLength(40));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?sort=price-asc&shown=40$/);
    const calls = state.pages.length;

    fireEvent.click(within(screen.getAllByTestId('property-card')[30]!).getByRole('link', { name: byPrice(1)[30] }));
    expect(await screen.findByText('A property page')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(names()).toEqual(byPrice(1).slice(0, 40)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?sort=price-asc&shown=40$/);
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^Showing 40 of 47 properties$/);
    expect(state.pages).toHaveLength(calls);
  });

  it('a search pages and counts the same way; a new search keeps the order and starts at the first page', async () => {
    const state = setUpData(ALL);
    const expensive = (r: PropertyRecord) => String(r.fields.Status) === 'Available' && Number(r.fields.Price) >= 1_500_000;
    withSearch(state, expensive);
    const found = FOR_SALE_47.filter(expensive);
    expect(found.length).toBeGreaterThan(20);
    renderPage('/active-listings?sort=size-desc&shown=40');
    await screen.findAllByTestId('property-card');
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Maximum price (CAD)'), { target: { value: '9000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings\?price=custom&priceCustom=9000000&sort=size-desc$/));
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent(new RegExp(`^Showing 20 of ${found.length} properties$`)));
    const bySize = [...found].sort((a, b) => Number(b.fields['Size (sq ft)']) - Number(a.fields['Size (sq ft)'])).map(nameOf);
    expect(names()).toEqual(bySize.slice(0, 20));
    const search = searches(state);
    expect(search).toHaveLength(1);
    expect(search[0]!.query.sort).toEqual([{ field: 'Size (sq ft)', direction: 'desc' }, ...NEWEST]);
    expect(search[0]!.query.returnCount).toBe(true);
    expect(countCalls(state)).toHaveLength(0);

    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toEqual(bySize.slice(0, 40)));
    expect(searches(state).map((c) => c.query.offset)).toEqual([undefined, 'itr20']);
  });

  it("an offset the records API no longer knows: 'Show more' reads the list again from its start", async () => {
    const state = setUpData(ALL);
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(20));
    const fake = state.list;
    let expired = false;
    state.list = (query) => {
      if (query.offset && !expired) {
        expired = true;
        return Promise.reject({ error: 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE', message: 'The offset is not valid or has expired', statusCode: 422 });
      }
      return fake(query);
    };
    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toEqual(newest.slice(0, 40)));
    // the list again from its start: its 40 in one request
    expect(listCalls(state).map((c) => [c.query.offset, c.query.pageSize])).toEqual([
      [undefined, 20],
      ['itr20', 20],
      [undefined, 40],
    ]);
  });

  it("'Show more' that fails keeps the listings shown and offers to try again", async () => {
    const state = setUpData(ALL);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    withSearch(state, (r) => String(r.fields.Status) === 'Available');
    renderPage('/active-listings?keyword=residence');
    await waitFor(() => expect(names()).toHaveLength(20));
    const fake = state.list;
    state.list = (query) => (query.offset ? Promise.reject({ error: 'SERVER_ERROR', message: 'Try again.', statusCode: 500 }) : fake(query));
    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More properties could not be loaded.');
    expect(names()).toEqual(newest.slice(0, 20));
    expect(screen.queryByRole('dialog')).toBeNull();

    state.list = fake;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual(newest.slice(0, 40)));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a records API that answers no count: the page says 'Showing 20 properties', still pages, and never reads the list to count it", async () => {
    const state = setUpData(ALL);
    const fake = state.list;
    state.list = (query) => fake({ ...query, returnCount: false });
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(20));
    await act(() => Promise.resolve());
    expect(screen.getByTestId('result-count')).toHaveTextContent(/^Showing 20 properties$/);
    expect(state.pages).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    await waitFor(() => expect(names()).toHaveLength(40));
    fireEvent.click(screen.getByRole('link', { name: 'Show more properties' }));
    // the end of the list: now the number is known
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent(/^47 properties$/));
  });

  it('an unknown order or length in the URL reads as newest first, the first page', async () => {
    const state = setUpData(ALL);
    renderPage('/active-listings?sort=cheapest&shown=lots');
    await waitFor(() => expect(names()).toEqual(newest.slice(0, 20)));
    expect(listCalls(state).map((c) => c.query)).toEqual([{ pageSize: 20, filterByFormula: FOR_SALE, sort: NEWEST, returnCount: true }]);
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });
});
