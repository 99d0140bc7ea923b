import type { ReactElement, ReactNode } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderWithFirstScreenData, FAVOURITES_STORAGE_KEY } from '@gta/shared';
import FavouritesPage from './FavouritesPage';
import { renderAt, setUpData } from '../test/fixtures';
import { resetFavouritesForTests } from '../favourites/favouritesStore';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

const openAt = (url: string) => renderAt(url, '/favourites', <FavouritesPage />);
const store = (ids: string[]) => localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(ids));
const stored = () => JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '[]') as string[];
const cardNames = () => screen.getAllByTestId('property-card').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const idCalls = (state: ReturnType<typeof setUpData>) => state.pages.filter((p) => p.query.filterByFormula?.startsWith('OR(RECORD_ID()'));

beforeEach(() => {
  localStorage.clear();
  resetFavouritesForTests();
});

describe('/favourites: the visitor’s own list', () => {
  it('shows the saved homes, most recently saved first, read in one request', async () => {
    const state = setUpData();
    store(['recRavine', 'recLakeshore']);
    openAt('/favourites');
    await waitFor(() => expect(cardNames()).toEqual(['Ravine Retreat', 'Lakeshore Manor']));
    expect(screen.getByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
    expect(screen.getByTestId('favourites-count')).toHaveTextContent('2 homes saved in this browser.');
    expect(idCalls(state).map((p) => p.query)).toEqual([{ pageSize: 100, filterByFormula: 'OR(RECORD_ID() = "recRavine", RECORD_ID() = "recLakeshore")' }]);
    for (const heart of screen.getAllByRole('button', { name: /^Save .* to favourites$/ })) expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('a heart pressed again takes the home off the page and the list, with no new request; the focus goes to the list', async () => {
    const state = setUpData();
    store(['recRavine', 'recLakeshore']);
    openAt('/favourites');
    const heart = await screen.findByRole('button', { name: 'Save Ravine Retreat to favourites' });
    heart.focus();
    fireEvent.click(heart);
    expect(cardNames()).toEqual(['Lakeshore Manor']);
    expect(stored()).toEqual(['recLakeshore']);
    expect(screen.getByTestId('favourites-count')).toHaveTextContent('1 home saved in this browser.');
    expect(screen.getByRole('heading', { name: 'Your favourites' })).toHaveFocus();
    expect(idCalls(state)).toHaveLength(1);
  });

  it("says 'No favourites yet' with the way to the listings when none are saved", async () => {
    const state = setUpData();
    openAt('/favourites');
    const empty = await screen.findByTestId('favourites-empty');
    expect(empty).toHaveTextContent('No favourites yet');
    expect(within(empty).getByRole('link', { name: 'Browse Active Listings' })).toHaveAttribute('href', '/active-listings');
    expect(idCalls(state)).toEqual([]);
  });

  it('takes a home the records API no longer has off the list, and says so', async () => {
    setUpData();
    store(['recGone', 'recLakeshore']);
    openAt('/favourites');
    await waitFor(() => expect(cardNames()).toEqual(['Lakeshore Manor']));
    expect(screen.getByTestId('favourites-count')).toHaveTextContent('One saved home is no longer listed.');
    expect(stored()).toEqual(['recLakeshore']);
  });

  it('is rendered on the server without the visitor’s list (it is in their browser), as loading', () => {
    setUpData();
    store(['recLakeshore']);
    const html = renderToString(
      <MemoryRouter initialEntries={['/favourites']}>
        <Routes>
          <Route path="/favourites" element={<FavouritesPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(html).toContain('Loading your favourites...');
    expect(html).not.toContain('Lakeshore Manor');
  });

  it('shares the list as a link to /favourites?ids=…', async () => {
    setUpData();
    store(['recRavine', 'recLakeshore']);
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    openAt('/favourites');
    await screen.findByRole('button', { name: 'Share this list' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share this list' }));
    });
    expect(writeText).toHaveBeenCalledWith('http://localhost/favourites?ids=recRavine,recLakeshore');
    expect(screen.getByText('Link copied')).toBeInTheDocument();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  });
});

describe('/favourites?ids=…: a shared shortlist', () => {
  it("shows the link's homes in its order, and 'Save these to my favourites' keeps them in this browser", async () => {
    setUpData();
    store(['recPending']);
    openAt('/favourites?ids=recLakeshore,recRavine');
    await waitFor(() => expect(cardNames()).toEqual(['Lakeshore Manor', 'Ravine Retreat']));
    expect(screen.getByRole('heading', { name: 'A shortlist of 2 homes' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save these to my favourites' }));
    expect(stored()).toEqual(['recLakeshore', 'recRavine', 'recPending']);
    expect(screen.getByTestId('favourites-count')).toHaveTextContent('Saved to your favourites.');
    expect(screen.getByRole('link', { name: 'View my favourites' })).toHaveAttribute('href', '/favourites');
    expect(screen.queryByRole('button', { name: 'Save these to my favourites' })).toBeNull();
  });

  it('says when all of them are saved already, and when one is no longer listed', async () => {
    setUpData();
    store(['recRavine', 'recLakeshore']);
    openAt('/favourites?ids=recLakeshore,recGone,recRavine,not-an-id');
    await waitFor(() => expect(cardNames()).toEqual(['Lakeshore Manor', 'Ravine Retreat']));
    const status = screen.getByTestId('favourites-count');
    expect(status).toHaveTextContent('All of these are in your favourites.');
    expect(status).toHaveTextContent('One home in this link is no longer listed.');
    expect(screen.queryByRole('button', { name: 'Save these to my favourites' })).toBeNull();
  });

  it('is rendered on the server with its homes', async () => {
    setUpData();
    const page = (wrap: (node: ReactNode) => ReactElement) =>
      renderToString(
        wrap(
          <MemoryRouter initialEntries={['/favourites?ids=recLakeshore,recRavine']}>
            <Routes>
              <Route path="/favourites" element={<FavouritesPage />} />
            </Routes>
          </MemoryRouter>,
        ),
      );
    const rendered = await renderWithFirstScreenData(page);
    expect(rendered.result).toContain('Lakeshore Manor');
    expect(rendered.result).toContain('Ravine Retreat');
    expect(rendered.result).toContain('Save these to my favourites');
    expect(Object.keys(rendered.data)).toEqual(['favourites:recLakeshore,recRavine']);
  });
});
