import type { ReactElement, ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { renderWithFirstScreenData, FALLBACK_PROPERTY_IMAGE, subscribe, type SiteEvent } from '@gta/shared';
import { rememberListings } from '../data/properties';
import { toListing } from '../data/listing';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import PropertyPage from './PropertyPage';
import { ESCARPMENT, LAKESHORE, LocationDisplay, never, pageQueries, photos, record, renderAt, setUpData } from '../test/fixtures';
import { propertySlugQueries } from '@gta/shared/listing-search';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());
jest.mock('../components/remotes', () => jest.requireActual('../test/remotesMock').remotesMock());

const renderProperty = (slug: string) => renderAt(`/property/${slug}`, '/property/:propertySlug', <PropertyPage />);
const counter = () => screen.getByTestId('gallery-counter').textContent;

describe('/property/{slug}', () => {
  it("shows 'Loading property details...' while loading", () => {
    setUpData().answer = never;
    renderProperty('lakeshore-manor');
    expect(screen.getByText('Loading property details...')).toBeInTheDocument();
  });

  it("shows 'Property Not Found' naming the slug, with 'View All Active Listings' and 'Go Home'", async () => {
    setUpData();
    renderProperty('no-such-home');
    const notFound = await screen.findByTestId('property-not-found');
    expect(notFound).toHaveTextContent('Property Not Found');
    expect(notFound).toHaveTextContent('no-such-home');
    expect(within(notFound).getByRole('link', { name: 'View All Active Listings' })).toHaveAttribute('href', '/active-listings');
    expect(within(notFound).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('finds the property by the slug of its name and shows the breadcrumb, hero, information and key features', async () => {
    setUpData();
    renderProperty('lakeshore-manor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lakeshore Manor' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByRole('link', { name: 'Active Listings' })).toHaveAttribute('href', '/active-listings');
    expect(crumbs.getByText('Lakeshore Manor')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('photo-availability')).toHaveTextContent('3 photos available');
    expect(screen.getByTestId('property-price')).toHaveTextContent('$3,250,000');
    expect(screen.getByText('Detached Home', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Available');
    const features = within(screen.getByRole('complementary', { name: 'Key Features' }));
    expect(features.getByText('Bedrooms').previousSibling).toHaveTextContent('5');
    expect(features.getByText('Bathrooms').previousSibling).toHaveTextContent('6');
    expect(features.getByText('Living Area').previousSibling).toHaveTextContent('5,200 sq ft');
    expect(features.getByText('Garage Spaces').previousSibling).toHaveTextContent('3');
  });

  it('falls back to City/State for the location, N/A for missing figures, and says when there are no photos', async () => {
    setUpData();
    renderProperty('escarpment-estate');
    await screen.findByRole('heading', { level: 1, name: 'Escarpment Estate' });
    expect(screen.getAllByText('Burlington, ON').length).toBeGreaterThan(0);
    expect(screen.getByTestId('property-price')).toHaveTextContent('N/A');
    expect(screen.getByTestId('photo-availability')).toHaveTextContent('No photos available');
    expect(screen.getByTestId('gallery-empty')).toHaveTextContent('No Images Available');
    expect(screen.getByTestId('gallery-empty')).toHaveTextContent('Property photos will be displayed here');
  });

  it('sets the title, description, canonical URL and schema.org RealEstateListing data', async () => {
    setUpData();
    renderProperty('lakeshore-manor');
    await screen.findByRole('heading', { level: 1, name: 'Lakeshore Manor' });
    expect(document.title).toMatch(/^Lakeshore Manor · 120 Lakeshore Road East, Oakville/);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Detached Home in 120 Lakeshore Road East, Oakville: \$3,250,000, 5 bedrooms/,
    );
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/property/lakeshore-manor');
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: 'Lakeshore Manor',
      url: 'http://localhost/property/lakeshore-manor',
      datePosted: '2026-03-01',
      offers: { '@type': 'Offer', price: 3250000, priceCurrency: 'CAD', availability: 'https://schema.org/InStock' },
      contentLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Oakville', addressRegion: 'ON', postalCode: 'L6J 1H4', addressCountry: 'CA' },
      },
    });
    expect(ld.image).toHaveLength(3);
  });

  describe('gallery', () => {
    it('moves with previous/next, wrapping both ways, and shows n of total', async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      await screen.findByTestId('gallery');
      expect(counter()).toBe('1 of 3');
      fireEvent.click(screen.getAllByRole('button', { name: 'Previous photo' })[0]!);
      expect(counter()).toBe('3 of 3');
      fireEvent.click(screen.getAllByRole('button', { name: 'Next photo' })[0]!);
      expect(counter()).toBe('1 of 3');
      fireEvent.click(screen.getAllByRole('button', { name: 'Next photo' })[0]!);
      expect(counter()).toBe('2 of 3');
      expect(within(screen.getByTestId('gallery-main')).getByRole('img')).toHaveAttribute('src', '/media/listings/lakeshore/2.svg');
    });

    it('moves with the arrow keys and with swipes over 50 px', async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      const main = await screen.findByTestId('gallery-main');
      fireEvent.keyDown(main, { key: 'ArrowRight' });
      expect(counter()).toBe('2 of 3');
      fireEvent.keyDown(main, { key: 'ArrowLeft' });
      fireEvent.keyDown(main, { key: 'ArrowLeft' });
      expect(counter()).toBe('3 of 3');
      const surface = main.parentElement!;
      fireEvent.touchStart(surface, { touches: [{ clientX: 300, clientY: 100 }] });
      fireEvent.touchEnd(surface, { changedTouches: [{ clientX: 240, clientY: 105 }] });
      expect(counter()).toBe('1 of 3');
      fireEvent.touchStart(surface, { touches: [{ clientX: 100, clientY: 100 }] });
      fireEvent.touchEnd(surface, { changedTouches: [{ clientX: 140, clientY: 100 }] });
      expect(counter()).toBe('1 of 3');
      fireEvent.touchStart(surface, { touches: [{ clientX: 100, clientY: 100 }] });
      fireEvent.touchEnd(surface, { changedTouches: [{ clientX: 180, clientY: 100 }] });
      expect(counter()).toBe('3 of 3');
    });

    it('shows up to 12 thumbnails and a +N tile for the rest', async () => {
      setUpData([record({ 'Property Name': 'Grand Estate', Photos: photos(15, 'grand') })]);
      renderProperty('grand-estate');
      await screen.findByTestId('gallery');
      expect(screen.getAllByTestId('gallery-thumb')).toHaveLength(12);
      expect(screen.getByRole('button', { name: 'Show 3 more photos' })).toHaveTextContent('+3');
      fireEvent.click(screen.getByRole('button', { name: 'Show photo 5 of 15' }));
      expect(counter()).toBe('5 of 15');
      expect(screen.getByRole('button', { name: 'Show photo 5 of 15' })).toHaveAttribute('aria-current', 'true');
    });

    it('opens a full view on the main image, with previous, next, arrow keys, focus inside, and Escape to close', async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      fireEvent.click(await screen.findByTestId('gallery-main'));
      const dialog = screen.getByRole('dialog', { name: 'Lakeshore Manor' });
      expect(dialog).toHaveTextContent('1 of 3');
      expect(dialog.contains(document.activeElement)).toBe(true);
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
      expect(dialog).toHaveTextContent('2 of 3');
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
      expect(dialog).toHaveTextContent('3 of 3');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
      expect(dialog).toHaveTextContent('1 of 3');
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(counter()).toBe('1 of 3');
    });

    it('closes the full view with its close button', async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      fireEvent.click(await screen.findByTestId('gallery-main'));
      fireEvent.click(screen.getByRole('button', { name: 'Close full view' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it("shows 'Image Not Available' for a broken photo and 'N/A' for a broken thumbnail", async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      setUpData();
      renderProperty('lakeshore-manor');
      const main = await screen.findByTestId('gallery-main');
      fireEvent.error(within(main).getByRole('img'));
      expect(within(main).getByRole('img', { name: 'Image Not Available' })).toBeInTheDocument();
      const thumb = screen.getAllByTestId('gallery-thumb')[1]!;
      fireEvent.error(thumb.querySelector('img')!);
      expect(within(thumb).getByRole('img', { name: 'N/A' })).toHaveTextContent('N/A');
    });

    it("the banner behind the title shows the stock image when the first photo fails, not the browser's broken image", async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      await screen.findByRole('heading', { level: 1, name: 'Lakeshore Manor' });
      const banner = () => document.querySelector('header img');
      expect(banner()).toHaveAttribute('src', '/media/listings/lakeshore/1.svg');
      fireEvent.error(banner()!);
      expect(banner()).toHaveAttribute('src', FALLBACK_PROPERTY_IMAGE);
    });

    it('starts at the first photo again when the property changes', async () => {
      const other = record({ 'Property Name': 'Second Home', Photos: photos(4, 'second') });
      setUpData([LAKESHORE, other]);
      function GoTo() {
        const navigate = useNavigate();
        return (
          <button type="button" onClick={() => navigate('/property/second-home')}>
            go
          </button>
        );
      }
      render(
        <MemoryRouter initialEntries={['/property/lakeshore-manor']}>
          <Routes>
            <Route path="/property/:propertySlug" element={<PropertyPage />} />
          </Routes>
          <GoTo />
          <LocationDisplay />
        </MemoryRouter>,
      );
      fireEvent.click(within(await screen.findByTestId('gallery')).getAllByRole('button', { name: 'Next photo' })[0]!);
      expect(counter()).toBe('2 of 3');
      fireEvent.click(screen.getByRole('button', { name: 'go' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Second Home' })).toBeInTheDocument();
      expect(counter()).toBe('1 of 4');
    });
  });

  describe('tabs', () => {
    it('opens on Highlights: listing description, location description and the summary with Not specified for missing values', async () => {
      setUpData();
      renderProperty('escarpment-estate');
      await screen.findByRole('tab', { name: 'Highlights', selected: true });
      expect(screen.queryByRole('heading', { name: 'Listing Description' })).toBeNull();
      const summary = within(screen.getByTestId('property-summary'));
      expect(summary.getByText('Kitchen Type').nextSibling).toHaveTextContent('Not specified');
      expect(summary.getByText('Year Built').nextSibling).toHaveTextContent('Not specified');
      expect(summary.getByText('Listing Date').nextSibling).toHaveTextContent('January 15, 2026');
      expect(summary.getByText('Status').nextSibling).toHaveTextContent('available');
    });

    it('shows the listing description when there is one', async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      expect(await screen.findByRole('heading', { name: 'Listing Description' })).toBeInTheDocument();
      expect(screen.getByText('A lakefront manor with a private dock.')).toBeInTheDocument();
      const summary = within(screen.getByTestId('property-summary'));
      expect(summary.getByText('Annual Tax Amount').nextSibling).toHaveTextContent('$21,000');
      expect(summary.getByText('Living Area').nextSibling).toHaveTextContent('5,200 sq ft');
    });

    it("Neighbourhood shows four cards with 'nearby' counts and 'Information not available'", async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      fireEvent.click(await screen.findByRole('tab', { name: 'Neighbourhood' }));
      const cards = screen.getAllByTestId('neighbourhood-card');
      expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Schools', 'Parks & Recreation', 'Transit', 'Safety']);
      expect(cards[0]).toHaveTextContent('4 nearby');
      expect(cards[0]).toHaveTextContent('Appleby College');
      expect(cards[1]).toHaveTextContent('3 nearby');
      expect(cards[3]).toHaveTextContent('Information not available');
    });

    it('Calculators loads the mortgage calculators with the price; arrow keys move between tabs', async () => {
      setUpData();
      renderProperty('lakeshore-manor');
      const highlights = await screen.findByRole('tab', { name: 'Highlights' });
      fireEvent.keyDown(highlights, { key: 'ArrowLeft' });
      expect(screen.getByRole('tab', { name: 'Calculators' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Calculators' })).toHaveFocus();
      expect(screen.getByTestId('calculators')).toHaveTextContent('Calculators for 3250000');
    });
  });

  it("has 'Contact Information' with the inquiry form for this property and the agent card", async () => {
    setUpData([ESCARPMENT, LAKESHORE]);
    renderProperty('lakeshore-manor');
    expect(await screen.findByRole('heading', { name: 'Contact Information' })).toBeInTheDocument();
    expect(screen.getByTestId('inquiry-form')).toHaveAttribute('data-property', 'Lakeshore Manor');
    expect(screen.getByTestId('agent-card')).toBeInTheDocument();
  });

  it("'Ask about this home' is a button that asks the chat about this listing on the event bus", async () => {
    setUpData([ESCARPMENT, LAKESHORE]);
    const asked: SiteEvent[] = [];
    const off = subscribe('chat/ask-about-listing', (e) => asked.push(e));
    renderProperty('lakeshore-manor');
    const button = await screen.findByRole('button', { name: 'Ask about this home' });
    fireEvent.click(button);
    off();
    expect(asked).toEqual([
      {
        type: 'chat/ask-about-listing',
        version: 1,
        listing: { slug: 'lakeshore-manor', name: 'Lakeshore Manor', address: '120 Lakeshore Road East, Oakville', path: '/property/lakeshore-manor' },
      },
    ]);
  });

  it('a server-rendered property page carries its own listing only, not every listing', async () => {
    setUpData();
    const page = (wrap: (node: ReactNode) => ReactElement) =>
      renderToString(
        wrap(
          <MemoryRouter initialEntries={['/property/lakeshore-manor']}>
            <Routes>
              <Route path="/property/:propertySlug" element={<PropertyPage />} />
            </Routes>
          </MemoryRouter>,
        ),
      );
    const rendered = await renderWithFirstScreenData(page);
    expect(rendered.result).toContain('Lakeshore Manor');
    expect(Object.keys(rendered.data)).toEqual(['property:lakeshore-manor']);
    expect((rendered.data['property:lakeshore-manor'] as { name: string }).name).toBe('Lakeshore Manor');
  });

  it('opened from a list that has shown it, the page shows the property at once, with no loading state and no request', () => {
    const state = setUpData();
    rememberListings([toListing(LAKESHORE)]);
    renderProperty('lakeshore-manor');
    expect(screen.queryByText('Loading property details...')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Lakeshore Manor' })).toBeInTheDocument();
    expect(state.pages).toEqual([]);
    expect(state.selects).toEqual([]);
  });
});

describe('/property/{slug} opened by its URL: a bounded lookup, never the whole list', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      record({ 'Property Name': `Lakeview Estate at ${i + 1} Maple Avenue`, Status: 'Available', 'Listing Date': '2026-01-01' }),
    );

  it('finds a listing with one request of up to 100 records, by the words of its slug', async () => {
    const state = setUpData([...many(300), LAKESHORE]);
    renderProperty('lakeview-estate-at-17-maple-avenue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lakeview Estate at 17 Maple Avenue' })).toBeInTheDocument();
    expect(state.selects).toEqual([]);
    expect(state.pages).toHaveLength(1);
    expect(state.pages[0]?.query.pageSize).toBe(100);
    expect(state.pages[0]?.query.filterByFormula).toContain(`SEARCH(LOWER("lakeview"), LOWER({Property Name}&''))`);
  });

  it('finds a name the slug rule took characters out of (an apostrophe, an accent) with a second request', async () => {
    const queens = record({ 'Property Name': "Queen's Quay Penthouse", Status: 'Available' }, 'recQueens');
    const obrien = record({ 'Property Name': "O'Brien's Château", Status: 'Available' }, 'recObrien');
    const state = setUpData([...many(50), queens, obrien]);
    renderProperty('queens-quay-penthouse');
    expect(await screen.findByRole('heading', { level: 1, name: "Queen's Quay Penthouse" })).toBeInTheDocument();
    expect(state.pages).toHaveLength(2);

    const again = setUpData([...many(50), queens, obrien]);
    renderProperty('obriens-chteau');
    expect(await screen.findByRole('heading', { level: 1, name: "O'Brien's Château" })).toBeInTheDocument();
    expect(again.pages).toHaveLength(2);
    expect(again.selects).toEqual([]);
  });

  it('answers an unknown slug with two small requests, and a slug no name can have with none', async () => {
    const records = many(300);
    const state = setUpData(records);
    const lookups = propertySlugQueries('no-such-home');
    state.match = pageQueries(records, lookups ? [lookups.words, lookups.pieces] : []);
    renderProperty('no-such-home');
    await screen.findByTestId('property-not-found');
    expect(state.pages.map((p) => p.query.pageSize)).toEqual([100, 100]);
    expect(state.selects).toEqual([]);

    const none = setUpData([...many(300)]);
    renderProperty('not--a-slug');
    await screen.findAllByTestId('property-not-found');
    expect(none.pages).toEqual([]);
    expect(none.selects).toEqual([]);
  });
});
