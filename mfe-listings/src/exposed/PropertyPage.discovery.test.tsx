/** The property page's discovery parts: the heart, share, the payment estimate, 'Schedule a showing' and similar homes. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { formatPrice, type PropertyRecord } from '@gta/shared';
import PropertyPage from './PropertyPage';
import { LAKESHORE, record, renderAt, setUpData, statusIn } from '../test/fixtures';
import { resetFavouritesForTests } from '../favourites/favouritesStore';
import { paymentEstimate } from '../property/mortgageEstimate';
import { loadSimilarHomes, SimilarHomes } from '../property/SimilarHomes';
import { MemoryRouter } from 'react-router-dom';
import { toListing } from '../data/listing';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => {
  const mock = jest.requireActual('../test/remotesMock').remotesMock();
  return {
    ...mock,
    // the forms remote's inquiry form, with its 'Schedule a showing' group
    PropertyInquiryForm: () => (
      <form aria-label="GET IN TOUCH">
        <fieldset id="schedule-showing">
          <legend>Schedule a showing</legend>
          <label>
            Preferred date <input type="date" name="preferredDate" />
          </label>
        </fieldset>
      </form>
    ),
  };
});

const oakville = (id: string, fields: Record<string, unknown>): PropertyRecord =>
  record(
    { 'Property Name': id, 'City/State': 'Oakville, ON', 'Property Type': 'Detached Home', Status: 'Available', 'Listing Date': '2026-01-01', ...fields },
    `rec${id.replace(/\W/g, '')}`,
  );

// Lakeshore Manor: Oakville, Detached Home, $3,250,000 (20 %: $2,600,000 to $3,900,000)
const NEIGHBOURS = [
  oakville('Near Above', { Price: 3_400_000 }), // 150k
  oakville('Near Below', { Price: 3_000_000 }), // 250k
  oakville('Top Of Range', { Price: 3_900_000, 'Property Type': 'House' }), // 650k, older
  oakville('Bottom Of Range', { Price: 2_600_000, 'Property Type': 'Residential', 'Listing Date': '2026-02-01' }), // 650k, newer
  oakville('Too Dear', { Price: 3_910_000 }),
  oakville('A Condo', { Price: 3_250_000, 'Property Type': 'Condo' }),
  oakville('Sold Twin', { Price: 3_250_000, Status: 'Sold' }),
  record(
    { 'Property Name': 'Mississauga Twin', 'City/State': 'Mississauga, ON', 'Property Type': 'Detached Home', Status: 'Available', Price: 3_250_000 },
    'recMississaugaTwin',
  ),
];

/** The records API's reading of the similar-homes formulas (city, price bounds, types, status, not this record). */
function similarMatch(formula: string) {
  const city = /\{City\/State\}&''\)\) = "([^"]*)"/.exec(formula)?.[1];
  const bounds = [...formula.matchAll(/\{Price\} (>=|<=|<) (\d+)/g)].map((m) => [m[1], Number(m[2])] as const);
  const types = [...formula.matchAll(/\{Property Type\}&''\)\) = "([^"]*)"/g)].map((m) => m[1]);
  const not = /RECORD_ID\(\) != "([^"]+)"/.exec(formula)?.[1];
  return (r: PropertyRecord) => {
    const f = r.fields as Record<string, unknown>;
    const price = typeof f.Price === 'number' ? f.Price : NaN;
    return (
      String(f['City/State'] ?? '')
        .trim()
        .toLowerCase() === city &&
      bounds.every(([op, n]) => (op === '>=' ? price >= n : op === '<=' ? price <= n : price < n)) &&
      (types.length === 0 ||
        types.includes(
          String(f['Property Type'] ?? '')
            .trim()
            .toLowerCase(),
        )) &&
      String(f.Status ?? '')
        .trim()
        .toLowerCase() === 'available' &&
      r.id !== not
    );
  };
}

function setUp(records: PropertyRecord[] = [LAKESHORE, ...NEIGHBOURS]) {
  const state = setUpData(records);
  state.match = (formula) => (formula.includes('{City/State}&') ? similarMatch(formula) : statusIn(formula));
  return state;
}

const openLakeshore = async () => {
  renderAt('/property/lakeshore-manor', '/property/:propertySlug', <PropertyPage />);
  await screen.findByRole('heading', { level: 1, name: 'Lakeshore Manor' });
};

beforeEach(() => {
  localStorage.clear();
  resetFavouritesForTests();
});

describe('property page: similar homes', () => {
  it('shows the 3 nearest in price of the same city and a similar type, for sale, never the home itself', async () => {
    const state = setUp();
    await openLakeshore();
    const section = await screen.findByTestId('similar-homes');
    expect(within(section).getByRole('heading', { name: 'Similar homes' })).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('property-card')).toHaveLength(3));
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Near Above', 'Near Below', 'Bottom Of Range']);
    // opened by its URL, the page reads no whole list: its listing by the slug's words (one request), then the
    // similar homes nearest above and below the price (two)
    expect(state.selects).toEqual([]);
    expect(state.pages.map((p) => [p.query.pageSize, p.query.filterByFormula?.includes('{City/State}&') ? 'similar' : p.query.filterByFormula])).toEqual([
      [100, `AND(SEARCH(LOWER("lakeshore"), LOWER({Property Name}&'')), SEARCH(LOWER("manor"), LOWER({Property Name}&'')))`],
      [3, 'similar'],
      [3, 'similar'],
    ]);
  });

  it('without every listing at hand (a server-rendered page), asks the records API for the nearest above and below the price', async () => {
    const state = setUp();
    const found = await loadSimilarHomes(toListing(LAKESHORE));
    expect(found.map((s) => [s.listing.name, s.reason])).toEqual([
      ['Near Above', 'similar'],
      ['Near Below', 'similar'],
      ['Bottom Of Range', 'similar'],
    ]);
    const similar = state.pages.filter((p) => p.query.filterByFormula?.includes('{City/State}&'));
    expect(similar.map((p) => [p.query.pageSize, p.query.sort])).toEqual([
      [3, [{ field: 'Price', direction: 'asc' }]],
      [3, [{ field: 'Price', direction: 'desc' }]],
    ]);
    expect(state.selects).toEqual([]);
  });

  it('without every listing at hand, reads them only when the foot of the page comes near the view (the records client stays off the first load)', async () => {
    const state = setUp();
    const observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    const original = window.IntersectionObserver;
    window.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      render(
        <MemoryRouter>
          <SimilarHomes home={toListing(LAKESHORE)} />
        </MemoryRouter>,
      );
      await act(async () => undefined);
      const similarRequests = () => state.pages.filter((p) => p.query.filterByFormula?.includes('{City/State}&'));
      expect(similarRequests()).toEqual([]);
      expect(screen.queryByTestId('similar-homes')).toBeNull();
      expect(observed.at(-1)?.options?.rootMargin).toBe('800px 0px');

      // the cards lay themselves out on sight too: they get the test environment's own (none: at once)
      window.IntersectionObserver = original;
      act(() => observed.at(-1)!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      const section = await screen.findByTestId('similar-homes');
      await waitFor(() => expect(within(section).getAllByTestId('property-card')).toHaveLength(3));
      expect(similarRequests()).toHaveLength(2);
    } finally {
      window.IntersectionObserver = original;
    }
  });

  it('when the strict rule finds none, shows the same city’s homes, then the nearest in price elsewhere, each saying how (issue 38)', async () => {
    const state = setUp([LAKESHORE, ...NEIGHBOURS.slice(4)]);
    await openLakeshore();
    const section = await screen.findByTestId('similar-homes');
    await waitFor(() => expect(within(section).getAllByTestId('property-card')).toHaveLength(3));
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['A Condo', 'Too Dear', 'Mississauga Twin']);
    expect(
      within(section)
        .getAllByTestId('card-caption')
        .map((c) => c.textContent),
    ).toEqual(['Also for sale in Oakville', 'Also for sale in Oakville', 'Close to this price']);
    // the strict rule's two requests, then each wider tier's two, read only as needed
    expect(state.pages.filter((p) => p.query.pageSize === 3)).toHaveLength(6);
  });

  it('shows no section when no other home is for sale', async () => {
    setUp([LAKESHORE, ...NEIGHBOURS.filter((r) => r.fields.Status === 'Sold')]);
    await openLakeshore();
    await act(async () => undefined);
    expect(screen.queryByTestId('similar-homes')).toBeNull();
  });
});

describe('property page: favourites, share, payment and showing', () => {
  it('the heart saves the home to the favourites', async () => {
    setUp();
    await openLakeshore();
    const heart = screen.getByRole('button', { name: 'Save Lakeshore Manor to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('gta:favourites') ?? '[]')).toEqual(['recLakeshore']);
  });

  it("Share copies the property's link where the browser has no share sheet, and says 'Link copied'", async () => {
    setUp();
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await openLakeshore();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(writeText).toHaveBeenCalledWith('http://localhost/property/lakeshore-manor');
    expect(screen.getByText('Link copied')).toBeInTheDocument();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  });

  it('estimates the monthly payment (20 % down, 4.49 %, 25 years) and links the payment calculator with the price', async () => {
    setUp();
    await openLakeshore();
    const estimate = screen.getByTestId('payment-estimate');
    const monthly = paymentEstimate(3_250_000)?.monthly ?? 0;
    expect(within(estimate).getByTestId('monthly-payment')).toHaveTextContent(formatPrice(Math.round(monthly)));
    expect(estimate).toHaveTextContent('With 20 % down ($650,000), a 4.49 % fixed rate and a 25-year amortization.');
    expect(within(estimate).getByRole('link', { name: 'Work out your payment' })).toHaveAttribute('href', '/mortgage-calculator?tab=payment&price=3250000');
  });

  it("'Schedule a showing' takes the visitor to the inquiry form's preferred date", async () => {
    setUp();
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    await openLakeshore();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule a showing' }));
    expect(screen.getByLabelText('Preferred date')).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
  });
});
