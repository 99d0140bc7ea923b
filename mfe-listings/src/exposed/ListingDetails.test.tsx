/**
 * What portals show on a listing (issue 38, item 4): the compare page, the property page's price history with days
 * on market and its badges, open houses with their calendar file, the virtual tour loaded on click, and the cards'
 * 'New' and 'Price reduced' badges.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { torontoDay } from '@gta/shared/listing-details';
import ComparePage from './ComparePage';
import PropertyPage from './PropertyPage';
import { LocationDisplay, record, renderAt, setUpData } from '../test/fixtures';
import { PropertyCard } from '../components/PropertyCard';
import { toListing } from '../data/listing';
import { resetPriceReduced } from '../data/history';
import { CardGrid } from '../components/CardGrid';
import { resetComparePicks } from '../favourites/compareStore';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderWithFirstScreenData } from '@gta/shared';
import { render } from '@testing-library/react';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

const today = torontoDay(Date.now());
const home = (id: string, name: string, price: number, size: number, extra: Record<string, unknown> = {}) =>
  record(
    {
      'Property Name': name,
      'Property Type': 'Detached Home',
      Status: 'Available',
      'City/State': 'Oakville, ON',
      Price: price,
      Bedrooms: 5,
      Bathrooms: 4,
      'Size (sq ft)': size,
      'Tax Amount': Math.round(price / 100),
      'Year Built': 2012,
      'Listing Date': '2026-03-01',
      Features: 'Pool, Wine cellar',
      ...extra,
    },
    id,
  );

const A = home('recCOMPAREAAAAAAA1', 'Chartwell Manor', 3_000_000, 6000, { 'Lot Size (acres)': 0.75 });
const B = home('recCOMPAREAAAAAAA2', 'Lorne Park House', 2_000_000, 5000);
const C = home('recCOMPAREAAAAAAA3', 'Glen Abbey Estate', 4_500_000, 9000, { 'Listing Date': today });

let historyAnswer: unknown = { listings: {} };
const fetchCalls: string[] = [];
beforeEach(() => {
  historyAnswer = { listings: {} };
  fetchCalls.length = 0;
  resetPriceReduced();
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    fetchCalls.push(String(input));
    return { ok: true, status: 200, json: async () => historyAnswer } as Response;
  }) as typeof fetch;
});

describe('/compare?ids=…', () => {
  it('shows the homes side by side in the order asked, with price per sq ft, lot, taxes and features, the best of a row marked', async () => {
    setUpData([A, B, C]);
    renderAt(`/compare?ids=${A.id},${B.id},${C.id}`, '/compare', <ComparePage />);
    const table = await screen.findByTestId('compare-table');
    const columns = within(table).getAllByRole('columnheader');
    expect(columns.map((c) => within(c).getAllByRole('link')[0]?.textContent)).toEqual(['Chartwell Manor', 'Lorne Park House', 'Glen Abbey Estate']);
    const row = (label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement).getAllByRole('cell');
    expect(row('Price').map((c) => c.textContent)).toEqual(['$3,000,000', '$2,000,000best', '$4,500,000']);
    expect(row('Price per sq ft').map((c) => c.textContent)).toEqual(['$500', '$400best', '$500']);
    expect(row('Living area').map((c) => c.textContent)).toEqual(['6,000 sq ft', '5,000 sq ft', '9,000 sq ft' + 'best']);
    expect(row('Lot').map((c) => c.textContent)).toEqual(['0.75 acres', 'N/A', 'N/A']);
    expect(row('Property taxes')[1]).toHaveTextContent('$20,000 / year');
    expect(row('Year built')[0]).toHaveTextContent('2012');
    expect(row('Days on market')[2]).toHaveTextContent('0');
    expect(
      within(row('Features')[0] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pool', 'Wine cellar']);
    // the homes' badges, as on their cards: C was listed today
    expect(within(columns[2] as HTMLElement).getByTestId('new-badge')).toBeInTheDocument();
    expect(within(columns[0] as HTMLElement).queryByTestId('new-badge')).toBeNull();
    // each home can be taken out; the page is the visitor's selection: noindex
    expect(screen.getByRole('link', { name: 'Remove Lorne Park House from the comparison' })).toHaveAttribute('href', `/compare?ids=${A.id},${C.id}`);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // the table scrolls by keyboard on a phone: its region takes the focus and is named by the caption
    expect(screen.getByRole('region', { name: /3 homes side by side/ })).toHaveAttribute('tabindex', '0');
  });

  it('takes four homes at most, and says what to do with none', async () => {
    const D = home('recCOMPAREAAAAAAA4', 'Fourth Home', 1_500_000, 3000);
    const E = home('recCOMPAREAAAAAAA5', 'Fifth Home', 1_600_000, 3000);
    setUpData([A, B, C, D, E]);
    const view = renderAt(`/compare?ids=${[A, B, C, D, E].map((r) => r.id).join(',')}`, '/compare', <ComparePage />);
    expect(within(await screen.findByTestId('compare-table')).getAllByTestId('compare-home')).toHaveLength(4);
    view.unmount();
    renderAt('/compare', '/compare', <ComparePage />);
    expect(screen.getByTestId('compare-empty')).toHaveTextContent('Nothing to compare yet');
    expect(screen.getByRole('link', { name: 'Compare your favourites' })).toHaveAttribute('href', '/favourites');
  });
});

describe('the property page: price history, days on market, badges, open houses, tour', () => {
  it("shows the history newest first with 'Price reduced', days on market from the listing date, and the badge", async () => {
    historyAnswer = {
      listings: {
        [A.id]: [
          { at: '2026-03-01T15:00:00.000Z', kind: 'listed', price: 3_250_000, previousPrice: null, status: 'Available', previousStatus: null },
          { at: '2026-04-10T15:00:00.000Z', kind: 'price', price: 3_000_000, previousPrice: 3_250_000, status: 'Available', previousStatus: 'Available' },
        ],
      },
    };
    setUpData([A]);
    renderAt('/property/chartwell-manor', '/property/:propertySlug', <PropertyPage />);
    const history = await screen.findByTestId('price-history');
    await within(history).findByText('Price reduced', { selector: 'td' });
    const rows = within(history).getAllByTestId('price-history-row');
    expect(rows.map((r) => r.textContent)).toEqual(['April 10, 2026Price reduced$3,000,000−$250,000 (7.7%)', 'March 1, 2026Listed$3,250,000']);
    expect(fetchCalls[0]).toBe(`http://localhost/api/listings/history?ids=${A.id}`);
    const days = Math.round((Date.parse(`${today}T12:00:00Z`) - Date.parse('2026-03-01T12:00:00Z')) / 86_400_000);
    expect(screen.getByTestId('days-on-market')).toHaveTextContent(`${days} days on market · listed March 1, 2026`);
    expect(screen.getByTestId('price-reduced-badge')).toBeInTheDocument();
    expect(screen.queryByTestId('new-badge')).toBeNull();
  });

  it("lists the open houses to come with an 'Add to calendar' .ics, and loads the tour's player only on click", async () => {
    const future = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const listed = home('recOPENHOUSEAAAAA1', 'Open House Villa', 2_000_000, 4000, {
      'Open House': `2020-01-04 14:00-16:00; ${future(3)} 14:00-16:00; ${future(4)} 13:00-15:00`,
      'Virtual Tour': 'https://vimeo.com/76979871',
      Address: '1 Test Road, Oakville, ON',
    });
    setUpData([listed]);
    renderAt('/property/open-house-villa', '/property/:propertySlug', <PropertyPage />);
    const houses = await screen.findByTestId('open-houses');
    const links = within(houses).getAllByRole('link', { name: /Add the open house of .* to your calendar/ });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('download', `open-house-${future(3)}.ics`);
    const ics = decodeURIComponent((links[0]?.getAttribute('href') ?? '').replace(/^data:text\/calendar;charset=utf-8,/, ''));
    expect(ics).toContain(`DTSTART;TZID=America/Toronto:${future(3).replace(/-/g, '')}T140000`);
    expect(ics).toContain('LOCATION:1 Test Road\\, Oakville\\, ON');
    const tour = screen.getByTestId('virtual-tour');
    expect(tour.querySelector('iframe')).toBeNull();
    fireEvent.click(within(tour).getByRole('button', { name: 'Play the video tour' }));
    expect(within(tour).getByTitle('Vimeo tour of Open House Villa')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
  });
});

describe('the property page as the server renders it', () => {
  it('comes with its price history: the history is asked beside the listing, so the one wait covers both', async () => {
    historyAnswer = {
      listings: {
        [A.id]: [
          { at: '2026-03-01T15:00:00.000Z', kind: 'listed', price: 3_250_000, previousPrice: null, status: 'Available', previousStatus: null },
          { at: '2026-04-10T15:00:00.000Z', kind: 'price', price: 3_000_000, previousPrice: 3_250_000, status: 'Available', previousStatus: 'Available' },
        ],
      },
    };
    setUpData([A]);
    const page = (wrap: (node: ReactNode) => ReactElement) =>
      renderToString(
        wrap(
          <MemoryRouter initialEntries={['/property/chartwell-manor']}>
            <Routes>
              <Route path="/property/:propertySlug" element={<PropertyPage />} />
            </Routes>
          </MemoryRouter>,
        ),
      );
    const rendered = await renderWithFirstScreenData(page);
    expect(Object.keys(rendered.data).sort()).toEqual(['history:chartwell-manor', 'property:chartwell-manor']);
    expect(rendered.result).toContain('data-testid="price-reduced-badge"');
    expect(rendered.result).toMatch(/data-testid="price-history-row"[^>]*>(<[^>]+>)*April 10, 2026/);
  });
});

describe('the property page: floor plans', () => {
  it("shows the listing's floor plans at the pipeline's widths, each linked full size; none without them", async () => {
    const withPlans = home('recFLOORPLANAAAAA1', 'Planned House', 2_000_000, 4000, {
      'Floor Plans': [
        { id: 'attPLAN1', url: '/media/photos/recFLOORPLANAAAAA1/attPLAN1' },
        { id: 'attPLAN2', url: '/media/photos/recFLOORPLANAAAAA1/attPLAN2' },
      ],
    });
    setUpData([withPlans, A]);
    const view = renderAt('/property/planned-house', '/property/:propertySlug', <PropertyPage />);
    const plans = await screen.findByTestId('floor-plans');
    const images = within(plans).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Floor plan 1 of 2, Planned House', 'Floor plan 2 of 2, Planned House']);
    expect(images[0]).toHaveAttribute('src', '/media/photos/recFLOORPLANAAAAA1/attPLAN1/1080');
    expect(images[0]?.getAttribute('srcset')).toContain('/media/photos/recFLOORPLANAAAAA1/attPLAN1/1920 1920w');
    expect(within(plans).getByRole('link', { name: 'Floor plan 1 of 2, Planned House, full size' })).toHaveAttribute(
      'href',
      '/media/photos/recFLOORPLANAAAAA1/attPLAN1/1920',
    );
    view.unmount();
    renderAt('/property/chartwell-manor', '/property/:propertySlug', <PropertyPage />);
    await screen.findByTestId('price-history');
    expect(screen.queryByTestId('floor-plans')).toBeNull();
  });
});

describe("the cards' badges", () => {
  it("'New' for a listing of the last 7 days at once; 'Price reduced' once the history says so, in one request for the grid", async () => {
    historyAnswer = {
      listings: {
        [B.id]: [
          { at: '2026-04-10T15:00:00.000Z', kind: 'price', price: 2_000_000, previousPrice: 2_100_000, status: 'Available', previousStatus: 'Available' },
        ],
      },
    };
    setUpData([A, B, C]);
    render(
      <MemoryRouter>
        {[A, B, C].map((r) => (
          <PropertyCard key={r.id} listing={toListing(r)} />
        ))}
      </MemoryRouter>,
    );
    const cards = screen.getAllByTestId('property-card');
    expect(within(cards[2] as HTMLElement).getByTestId('new-badge')).toHaveTextContent('New');
    expect(within(cards[0] as HTMLElement).queryByTestId('new-badge')).toBeNull();
    expect(screen.queryByTestId('price-reduced-badge')).toBeNull();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(within(cards[1] as HTMLElement).getByTestId('price-reduced-badge')).toHaveTextContent('Price reduced');
    expect(screen.getAllByTestId('price-reduced-badge')).toHaveLength(1);
    expect(fetchCalls).toEqual([`http://localhost/api/listings/history?ids=${[A.id, B.id, C.id].join('%2C')}`]);
  });
});

describe("'Compare' from the cards", () => {
  beforeEach(() => {
    localStorage.clear();
    resetComparePicks();
  });

  it("picks up to four homes with the cards' checkboxes, kept in this browser; the bar links to /compare once two are picked", async () => {
    const D = home('recCOMPAREAAAAAAA4', 'Fourth Home', 1_500_000, 3000);
    const E = home('recCOMPAREAAAAAAA5', 'Fifth Home', 1_600_000, 3000);
    setUpData([A, B, C, D, E]);
    render(
      <MemoryRouter>
        <CardGrid listings={[A, B, C, D, E].map(toListing)} />
        <LocationDisplay />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('compare-bar')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Chartwell Manor' }));
    expect(screen.getByTestId('compare-bar')).toHaveTextContent('1 of 4 homes picked');
    expect(screen.getByText('Pick one more to compare')).toBeInTheDocument();
    // a click on the checkbox does not open the property
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    for (const name of ['Lorne Park House', 'Glen Abbey Estate', 'Fourth Home']) fireEvent.click(screen.getByRole('checkbox', { name: `Compare ${name}` }));
    const fifth = screen.getByRole('checkbox', { name: /Compare Fifth Home/ });
    expect(fifth).toBeDisabled();
    expect(fifth).toHaveAccessibleName('Compare Fifth Home (4 homes are picked already)');
    expect(JSON.parse(localStorage.getItem('gta:compare') ?? '[]')).toEqual([A, B, C, D].map((r) => r.id));
    const link = screen.getByRole('link', { name: 'Compare 4 homes' });
    expect(link).toHaveAttribute('href', `/compare?ids=${[A, B, C, D].map((r) => r.id).join(',')}`);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Lorne Park House' }));
    expect(screen.getByRole('checkbox', { name: 'Compare Fifth Home' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('compare-bar')).toBeNull();
    expect(localStorage.getItem('gta:compare')).toBeNull();
  });
});
