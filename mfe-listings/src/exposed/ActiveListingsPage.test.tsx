import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ActiveListingsPage from './ActiveListingsPage';
import { LAKESHORE, PENDING, RAVINE, SAMPLE, never, renderAt, setUpData, type AirtableMockState } from '../test/fixtures';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

const renderPage = (url = '/active-listings') => renderAt(url, '/active-listings', <ActiveListingsPage />);

/** The data answers call 3 with every record, and call 4 with `search(formula)`. */
function withSearch(state: AirtableMockState, search: (formula: string) => Promise<{ id: string; fields: object }[]>) {
  state.answer = (params) =>
    params.filterByFormula !== undefined ? (search(params.filterByFormula) as ReturnType<AirtableMockState['answer']>) : Promise.resolve(SAMPLE.map((r) => ({ id: r.id, fields: r.fields })));
}
const searches = (state: AirtableMockState) => state.selects.filter((s) => s.params.filterByFormula !== undefined);
const names = () => screen.getAllByTestId('property-card').map((c) => within(c).getByRole('heading').textContent);

describe('/active-listings', () => {
  it("shows the hero, the search form and 12 placeholder cards with 'Loading properties...' while loading", () => {
    setUpData().answer = never;
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Active Listings' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Search properties' })).toBeInTheDocument();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(12);
    expect(screen.getAllByText('Loading properties...').length).toBeGreaterThan(0);
    expect(document.title).toMatch(/^Active Listings/);
  });

  it('shows the listings for sale of the properties load, newest first: no Sold or Pending one among them', async () => {
    setUpData();
    renderPage();
    await screen.findAllByTestId('property-card');
    expect(names()).toEqual(['Lakeshore Manor', 'Escarpment Estate']);
    expect(screen.getByTestId('result-count')).toHaveTextContent('2 properties');
    expect(screen.getAllByTestId('status-badge').map((b) => b.textContent)).toEqual(['Available', 'available']);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it("shows the Sold and Pending ones too, each marked by its badge, when the visitor picks 'All, including sold'", async () => {
    setUpData();
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
    expect(screen.getByTestId('result-count')).toHaveTextContent('4 properties');
    expect(screen.getByRole('heading', { level: 2, name: 'All listings, sold included' })).toBeInTheDocument();
  });

  it("'Sold only' from a shared link lists the Sold ones; Clear goes back to the listings for sale", async () => {
    const state = setUpData();
    renderPage('/active-listings?status=sold');
    await waitFor(() => expect(names()).toEqual(['Ravine Retreat']));
    expect(screen.getByLabelText('Status')).toHaveValue('sold');
    expect(searches(state)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor', 'Escarpment Estate']));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/active-listings$/);
  });

  it('a search keeps the Status filter: for sale by default, every status with status=all', async () => {
    const state = setUpData();
    withSearch(state, () => Promise.resolve([{ id: RAVINE.id, fields: RAVINE.fields }]));
    renderPage('/active-listings?location=Mississauga&status=all');
    await waitFor(() => expect(names()).toEqual(['Ravine Retreat']));
    expect(searches(state)[0]!.params.filterByFormula).not.toContain('{Status}');
    expect(within(screen.getByTestId('property-card')).getByTestId('status-badge')).toHaveTextContent('Sold');
  });

  it('offers every option of section 5, and a free input for custom', async () => {
    setUpData().answer = never;
    renderPage();
    const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(options('Price')).toEqual(['', '30000', '40000', '50000', '100000', '200000', '300000', '400000', '500000', '1000000', 'custom']);
    expect(options('Size')).toEqual(['', '1000', '1500', '2000', 'custom']);
    expect(options('Bedrooms')).toEqual(['', '1', '2', '3', '4', '5+', 'custom']);
    expect(options('Bathrooms')).toEqual(['', '1', '2', '3', '4', '5+', 'custom']);
    expect(options('Property type')).toEqual(['', 'Condo', 'House', 'Town House', 'Detached Home', 'Residential', 'Commercial', 'Other', 'custom']);
    expect(screen.queryByLabelText('Minimum bedrooms')).toBeNull();
    fireEvent.change(screen.getByLabelText('Bedrooms'), { target: { value: 'custom' } });
    const custom = screen.getByLabelText('Minimum bedrooms');
    expect(custom).toHaveAttribute('type', 'number');
    expect(custom).toHaveAttribute('min', '0');
  });

  it('searches with call 4 (an AND of the filters with a value, at most 20 records), puts the filters in the URL and shows the results', async () => {
    const state = setUpData();
    withSearch(state, () => Promise.resolve([{ id: LAKESHORE.id, fields: LAKESHORE.fields }]));
    renderPage();
    await screen.findAllByTestId('property-card');
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Oakville' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Maximum price (CAD)'), { target: { value: '4000000' } });
    fireEvent.change(screen.getByLabelText('Bedrooms'), { target: { value: '5+' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor']));
    expect(screen.getByTestId('location')).toHaveTextContent('/active-listings?location=Oakville&price=custom&priceCustom=4000000&beds=5%2B');
    expect(searches(state)).toHaveLength(1);
    const { params } = searches(state)[0]!;
    expect(params.maxRecords).toBe(20);
    expect(params.filterByFormula).toBe(
      `AND(OR(SEARCH(LOWER("oakville"), LOWER({Location}&'')), SEARCH(LOWER("oakville"), LOWER({City/State}&'')), SEARCH(LOWER("oakville"), LOWER({Postal Code}&'')), SEARCH(LOWER("oakville"), LOWER({Property ID}&''))), {Price} <= 4000000, {Bedrooms} >= 5, LOWER(TRIM({Status}&'')) = "available")`,
    );
    expect(screen.getByTestId('result-count')).toHaveTextContent('1 property');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Searching...' while a search runs", async () => {
    const state = setUpData();
    withSearch(state, never);
    renderPage('/active-listings?beds=3');
    expect(await screen.findByRole('button', { name: 'Searching...' })).toBeDisabled();
  });

  it('restores a search from the URL (a shared link), escaping the visitor’s text', async () => {
    const state = setUpData();
    withSearch(state, () => Promise.resolve([{ id: PENDING.id, fields: PENDING.fields }]));
    renderPage('/active-listings?location=Oak%22ville%5C&propertyType=Condo');
    await waitFor(() => expect(names()).toEqual(['Harbour View Penthouse']));
    expect(screen.getByLabelText('Location')).toHaveValue('Oak"ville\\');
    expect(screen.getByLabelText('Property type')).toHaveValue('Condo');
    expect(searches(state)[0]!.params.filterByFormula).toContain('SEARCH(LOWER("oak\\"ville\\\\"), LOWER({Location}&\'\'))');
  });

  it('searches the keyword: every word in the name, address, neighbourhood, description or features', async () => {
    const state = setUpData();
    withSearch(state, () => Promise.resolve([{ id: LAKESHORE.id, fields: LAKESHORE.fields }]));
    renderPage();
    await screen.findAllByTestId('property-card');
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'Pool  Cellar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor']));
    expect(screen.getByTestId('location')).toHaveTextContent('/active-listings?keyword=Pool++Cellar');
    const haystack = `LOWER({Property Name}&' '&{Address}&' '&{Location}&' '&{City/State}&' '&{Description}&' '&{Listing Description}&' '&{Features})`;
    expect(searches(state).map((s) => s.params.filterByFormula)).toEqual([
      `AND(SEARCH(LOWER("pool"), ${haystack}), SEARCH(LOWER("cellar"), ${haystack}), LOWER(TRIM({Status}&'')) = "available")`,
    ]);
  });

  it("opens 'No property found / Tell us about your interest' when a search finds nothing; closing it resets the search", async () => {
    const state = setUpData();
    withSearch(state, () => Promise.resolve([]));
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
    withSearch(state, () => Promise.reject({ error: 'INVALID_FILTER_BY_FORMULA', message: 'bad formula', statusCode: 422 }));
    renderPage('/active-listings?beds=2');
    expect(await screen.findByRole('dialog', { name: 'No property found' })).toBeInTheDocument();
    expect(searches(state)).toHaveLength(1);
  });

  it('Clear goes back to the full list', async () => {
    const state = setUpData();
    withSearch(state, () => Promise.resolve([{ id: LAKESHORE.id, fields: LAKESHORE.fields }]));
    renderPage('/active-listings?baths=4');
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(names()).toEqual(['Lakeshore Manor', 'Escarpment Estate']));
    expect(screen.getByLabelText('Bathrooms')).toHaveValue('');
  });

  it("shows 'Oops! Something went wrong' with the error, Try Again, Go Home and Contact Us when the load fails", async () => {
    jest.useFakeTimers();
    try {
      setUpData().answer = () => Promise.reject(new Error('Network down'));
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

describe('/active-listings with many listings', () => {
  it("shows 24 cards at first and 'Show more properties' adds the next 24", async () => {
    const { record } = jest.requireActual('../test/fixtures');
    const many = Array.from({ length: 30 }, (_, i) => record({ 'Property Name': `Residence ${i + 1}`, Status: 'Available' }));
    setUpData(many);
    renderPage();
    expect(await screen.findAllByTestId('property-card')).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more properties' }));
    expect(screen.getAllByTestId('property-card')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more properties' })).toBeNull();
  });
});
