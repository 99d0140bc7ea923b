import type { ReactElement, ReactNode } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { FALLBACK_PROPERTY_IMAGE, SITE_ROUTES, renderWithFirstScreenData, theme } from '@gta/shared';
import FeaturedProperties from './FeaturedProperties';
import { LAKESHORE, PENDING, RAVINE, ESCARPMENT, never, record, renderAt, setUpData, type PageCall } from '../test/fixtures';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

const renderHome = () => renderAt('/', '/', <FeaturedProperties />);

describe('home Featured Properties', () => {
  it('shows 9 placeholder cards while the properties load', () => {
    setUpData().list = never;
    renderHome();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(9);
  });

  it('reads the 9 newest for sale in one request, through the server endpoint without a real key: the request the page preloads', async () => {
    const state = setUpData();
    renderHome();
    await screen.findAllByTestId('property-card');
    expect(state.options).toEqual({ apiKey: 'public-read', endpointUrl: 'http://localhost/api/airtable' });
    expect(state.baseId).toBe('appTest');
    expect(state.selects).toEqual([]);
    expect(state.pages).toHaveLength(1);
    const [{ method, path, query }] = state.pages as [PageCall];
    expect(query).toEqual({
      pageSize: 9,
      filterByFormula: `LOWER(TRIM({Status}&'')) = "available"`,
      sort: [{ field: 'Listing Date', direction: 'desc' }],
    });
    // the route table's firstData for '/' is this request as airtable.js writes its URL (a preload is reused only then)
    type ToQueryString = (qs: object) => string;
    const written = jest.requireActual<ToQueryString | { default: ToQueryString }>('airtable/lib/object_to_query_param_string');
    const toQueryString = typeof written === 'function' ? written : written.default;
    const home = SITE_ROUTES.find((r) => r.path === '/');
    expect(method).toBe('GET');
    expect(`${path.slice(1)}?${toQueryString(query)}`).toBe(home?.firstData?.request);
  });

  it('shows only Available properties (status trimmed, any case), newest first', async () => {
    setUpData([RAVINE, ESCARPMENT, PENDING, LAKESHORE]);
    renderHome();
    const cards = await screen.findAllByTestId('property-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Lakeshore Manor', 'Escarpment Estate']);
  });

  it('shows at most 9 cards', async () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      record({ 'Property Name': `Estate ${i + 1}`, Status: 'Available', 'Listing Date': `2026-01-${String(i + 1).padStart(2, '0')}` }),
    );
    setUpData(many);
    renderHome();
    const cards = await screen.findAllByTestId('property-card');
    expect(cards).toHaveLength(9);
    expect(within(cards[0]!).getByRole('heading')).toHaveTextContent('Estate 14');
  });

  it('shows the price, a photo count when there is more than one photo, and the stock image when there is none', async () => {
    setUpData([LAKESHORE, ESCARPMENT]);
    renderHome();
    const [lakeshore, escarpment] = await screen.findAllByTestId('property-card');
    expect(within(lakeshore!).getByText('$3,250,000')).toBeInTheDocument();
    expect(within(lakeshore!).getByTestId('photo-count')).toHaveAccessibleName('3 photos');
    expect(within(escarpment!).queryByTestId('photo-count')).toBeNull();
    expect(within(escarpment!).getByRole('img')).toHaveAttribute('src', FALLBACK_PROPERTY_IMAGE);
    expect(within(escarpment!).getByTestId('card-price')).toHaveTextContent('N/A');
  });

  it('gives card images dimensions, responsive sizes and lazy loading', async () => {
    setUpData([LAKESHORE]);
    renderHome();
    const img = within((await screen.findAllByTestId('property-card'))[0]!).getByRole('img');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '800');
    expect(img).toHaveAttribute('sizes', expect.stringContaining('33vw'));
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('replaces a broken card photo with the stock image', async () => {
    setUpData([LAKESHORE]);
    renderHome();
    const img = within((await screen.findAllByTestId('property-card'))[0]!).getByRole('img');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', FALLBACK_PROPERTY_IMAGE);
  });

  it('colours the status badge from the theme: Available green, Sold red, other yellow', async () => {
    const { StatusBadge } = jest.requireActual('../components/StatusBadge');
    const { render } = jest.requireActual('@testing-library/react');
    render(
      <>
        <StatusBadge status="Available" tone="available" />
        <StatusBadge status="Sold" tone="sold" />
        <StatusBadge status="Pending" tone="other" />
      </>,
    );
    expect(screen.getByText('Available')).toHaveStyle({ background: theme.color.statusAvailable });
    expect(screen.getByText('Sold')).toHaveStyle({ background: theme.color.statusSold });
    expect(screen.getByText('Pending')).toHaveStyle({ background: theme.color.statusOther });
  });

  it('opens the property page on a card click and on its View Details button', async () => {
    setUpData([LAKESHORE]);
    renderHome();
    const card = (await screen.findAllByTestId('property-card'))[0]!;
    fireEvent.click(within(card).getByText('$3,250,000'));
    expect(screen.getByTestId('location')).toHaveTextContent('/property/lakeshore-manor');
  });

  it('View Details links to the property page', async () => {
    setUpData([LAKESHORE]);
    renderHome();
    const card = (await screen.findAllByTestId('property-card'))[0]!;
    const details = within(card).getByRole('link', { name: 'View details of Lakeshore Manor' });
    expect(details).toHaveTextContent('View Details');
    fireEvent.click(details);
    expect(screen.getByTestId('location')).toHaveTextContent('/property/lakeshore-manor');
  });

  it("says 'No properties available' when none is Available", async () => {
    setUpData([RAVINE]);
    renderHome();
    expect(await screen.findByText('No properties available')).toBeInTheDocument();
  });

  it("has a 'Search your Property' button to /active-listings", () => {
    setUpData().list = never;
    renderHome();
    expect(screen.getByRole('link', { name: 'Search your Property' })).toHaveAttribute('href', '/active-listings');
  });

  describe('when the load fails', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it("retries 3 times (1 s, 2 s, 4 s), then shows 'Failed to fetch properties' with the error and Try Again, which loads again", async () => {
      const state = setUpData();
      state.list = () => Promise.reject({ error: 'SERVER_ERROR', message: 'The server is down', statusCode: 503 });
      renderHome();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(999);
      });
      expect(state.pages).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1 + 2000 + 4000);
      });
      expect(state.pages).toHaveLength(4);
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch properties');
      expect(screen.getByText('Error: The server is down (HTTP 503)')).toBeInTheDocument();

      state.list = () => Promise.resolve({ records: [{ id: LAKESHORE.id, fields: LAKESHORE.fields }] });
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getAllByTestId('property-card')).toHaveLength(1);
    });
  });

  it('a server-rendered home page carries only the featured listings, not every listing', async () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      record({ 'Property Name': `Estate ${i + 1}`, Status: i % 2 ? 'Sold' : 'Available', 'Listing Date': `2026-01-${String(i + 1).padStart(2, '0')}` }),
    );
    setUpData(many);
    const page = (wrap: (node: ReactNode) => ReactElement) =>
      renderToString(
        wrap(
          <MemoryRouter>
            <FeaturedProperties />
          </MemoryRouter>,
        ),
      );
    const rendered = await renderWithFirstScreenData(page);
    expect(rendered.result).toContain('Estate 13');
    const sent = Object.values(rendered.data).flat() as { name: string }[];
    expect(sent.map((l) => l.name)).toEqual(['Estate 13', 'Estate 11', 'Estate 9', 'Estate 7', 'Estate 5', 'Estate 3', 'Estate 1']);
  });
});
