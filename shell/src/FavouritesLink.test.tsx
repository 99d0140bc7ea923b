import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { emit, FAVOURITES_STORAGE_KEY } from '@gta/shared';
import { Navigation } from './Navigation';

const nav = () =>
  render(
    <MemoryRouter>
      <Navigation />
    </MemoryRouter>,
  );

beforeEach(() => localStorage.clear());

describe('the favourites count in the navigation', () => {
  it('is not there while nothing is saved', () => {
    nav();
    expect(screen.queryByRole('link', { name: /Favourites/ })).toBeNull();
  });

  it('shows how many listings are saved in this browser, linking to /favourites', () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(['recA', 'recB']));
    nav();
    const link = screen.getByRole('link', { name: 'Favourites (2)' });
    expect(link).toHaveAttribute('href', '/favourites');
  });

  it('follows the listings as hearts are pressed (the bus) and in other tabs (storage)', () => {
    nav();
    act(() => emit({ type: 'favourites/changed', version: 1, count: 1 }));
    expect(screen.getByRole('link', { name: 'Favourites (1)' })).toBeInTheDocument();
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(['recA', 'recB', 'recC']));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_STORAGE_KEY }));
    });
    expect(screen.getByRole('link', { name: 'Favourites (3)' })).toBeInTheDocument();
    act(() => emit({ type: 'favourites/changed', version: 1, count: 0 }));
    expect(screen.queryByRole('link', { name: /Favourites/ })).toBeNull();
  });
});
