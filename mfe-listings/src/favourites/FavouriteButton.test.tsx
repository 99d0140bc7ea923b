import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { FAVOURITES_STORAGE_KEY, subscribe } from '@gta/shared';
import { PropertyCard } from '../components/PropertyCard';
import { toListing } from '../data/listing';
import { LAKESHORE, RAVINE } from '../test/fixtures';
import { FavouriteButton } from './FavouriteButton';
import { resetFavouritesForTests } from './favouritesStore';

const stored = () => JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '[]') as string[];
const heart = (name: string) => screen.getByRole('button', { name: `Save ${name} to favourites` });

function Cards() {
  return (
    <MemoryRouter initialEntries={['/active-listings']}>
      <Routes>
        <Route
          path="/active-listings"
          element={
            <>
              <PropertyCard listing={toListing(LAKESHORE)} />
              <PropertyCard listing={toListing(RAVINE)} />
            </>
          }
        />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
    </MemoryRouter>
  );
}

beforeEach(() => {
  localStorage.clear();
  resetFavouritesForTests();
});

describe('the heart on a listing card', () => {
  it('saves the listing to the browser and removes it again, without opening the property', () => {
    const changes: number[] = [];
    const off = subscribe('favourites/changed', (e) => changes.push(e.count));
    render(<Cards />);
    expect(heart('Lakeshore Manor')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart('Lakeshore Manor'));
    expect(heart('Lakeshore Manor')).toHaveAttribute('aria-pressed', 'true');
    expect(heart('Ravine Retreat')).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual(['recLakeshore']);
    fireEvent.click(heart('Ravine Retreat'));
    expect(stored()).toEqual(['recRavine', 'recLakeshore']);
    // still on the list: the click was the heart's, not the card's
    expect(screen.queryByText('Another page')).toBeNull();
    fireEvent.click(heart('Lakeshore Manor'));
    expect(heart('Lakeshore Manor')).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual(['recRavine']);
    expect(changes).toEqual([1, 2, 1]);
    off();
  });

  it('a saved listing is still saved on the next page load', () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(['recRavine']));
    render(<Cards />);
    expect(heart('Ravine Retreat')).toHaveAttribute('aria-pressed', 'true');
    expect(heart('Lakeshore Manor')).toHaveAttribute('aria-pressed', 'false');
  });

  it('renders on the server with no favourites and takes the stored ones when it hydrates, with no mismatch', async () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(['recLakeshore']));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = document.createElement('div');
    page.innerHTML = renderToString(<Cards />);
    document.body.appendChild(page);
    expect(page.querySelector('[aria-pressed="true"]')).toBeNull();
    resetFavouritesForTests();
    await act(async () => {
      hydrateRoot(page, <Cards />);
    });
    expect(page.querySelector('[aria-label="Save Lakeshore Manor to favourites"]')).toHaveAttribute('aria-pressed', 'true');
    expect(errors).not.toHaveBeenCalled();
    page.remove();
  });

  it('follows another tab', () => {
    render(<Cards />);
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(['recRavine']));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_STORAGE_KEY, newValue: JSON.stringify(['recRavine']) }));
    });
    expect(heart('Ravine Retreat')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the heart on the property page', () => {
  it('says what happened, with a link to the favourites once saved', () => {
    render(
      <MemoryRouter>
        <FavouriteButton id="recLakeshore" name="Lakeshore Manor" variant="page" />
      </MemoryRouter>,
    );
    fireEvent.click(heart('Lakeshore Manor'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved to your favourites.');
    expect(screen.getByRole('link', { name: 'View favourites' })).toHaveAttribute('href', '/favourites');
    fireEvent.click(heart('Lakeshore Manor'));
    expect(screen.getByRole('status')).toHaveTextContent('Removed from your favourites.');
    expect(stored()).toEqual([]);
  });
});
