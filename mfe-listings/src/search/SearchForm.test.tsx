import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SearchForm, filtersBesideLocation } from './SearchForm';
import { EMPTY_LISTING_SEARCH, type ListingSearchFilters } from '@gta/shared/core';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the listings search form', () => {
  it("on a phone: 'Filters' tells how many fields beside the location are set and opens them (shown from 640 px; e2e checks the widths)", () => {
    const filters = { ...EMPTY_LISTING_SEARCH, location: 'Oakville', beds: '4', keyword: 'pool' };
    render(<SearchForm filters={filters} onSearch={() => undefined} onClear={() => undefined} />);
    // jsdom reads no media query: the button is hidden here as from 640 px (and so has no accessible name to find it by)
    const toggle = document.querySelector<HTMLButtonElement>('button[aria-controls]') as HTMLButtonElement;
    expect(toggle).toHaveTextContent('Filters (2)');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const group = document.getElementById((toggle.getAttribute('aria-controls') ?? '').split(' ')[0] ?? '');
    expect(group).toBe(screen.getByTestId('more-filters'));
    expect(within(group as HTMLElement).getByLabelText('Bedrooms')).toHaveValue('4');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // the count follows what will be searched
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '2000000' } });
    expect(toggle).toHaveTextContent('Filters (3)');
  });

  it('counts the status beside the location only where the form has it', () => {
    const sold = { ...EMPTY_LISTING_SEARCH, status: 'sold' as const };
    expect(filtersBesideLocation(sold, true)).toBe(1);
    expect(filtersBesideLocation(sold, false)).toBe(0);
    expect(filtersBesideLocation({ ...EMPTY_LISTING_SEARCH, location: 'Milton' }, true)).toBe(0);
  });

  it('searches with what was typed and picked into the server HTML before the page hydrated', async () => {
    const onSearch = jest.fn<void, [ListingSearchFilters]>();
    const form = <SearchForm filters={EMPTY_LISTING_SEARCH} onSearch={onSearch} onClear={() => undefined} />;
    const page = document.createElement('div');
    page.innerHTML = renderToString(form);
    document.body.appendChild(page);
    // a visitor on a slow phone fills the search in while the app is still starting
    (within(page).getByLabelText('Location') as HTMLInputElement).value = 'Oakville';
    (within(page).getByLabelText('Bedrooms') as HTMLSelectElement).value = '4';
    await act(async () => {
      hydrateRoot(page, form);
    });
    fireEvent.change(within(page).getByLabelText('Keyword'), { target: { value: 'pool' } });
    fireEvent.click(within(page).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_LISTING_SEARCH, location: 'Oakville', beds: '4', keyword: 'pool' });
    expect(within(page).getByLabelText('Location')).toHaveValue('Oakville');
  });

  it('shows the search of a new URL (Back, a shared link)', () => {
    const { rerender } = render(<SearchForm filters={{ ...EMPTY_LISTING_SEARCH, location: 'Milton' }} onSearch={() => undefined} onClear={() => undefined} />);
    expect(screen.getByLabelText('Location')).toHaveValue('Milton');
    rerender(<SearchForm filters={{ ...EMPTY_LISTING_SEARCH, location: 'Burlington' }} onSearch={() => undefined} onClear={() => undefined} />);
    expect(screen.getByLabelText('Location')).toHaveValue('Burlington');
  });

  it('the custom property type has its own name, apart from the select that reveals it, and is searched for', () => {
    const onSearch = jest.fn<void, [ListingSearchFilters]>();
    render(<SearchForm filters={EMPTY_LISTING_SEARCH} onSearch={onSearch} onClear={() => undefined} />);
    // behind 'More filters' (issue 38: results first)
    fireEvent.click([...document.querySelectorAll('button')].find((b) => b.textContent === 'More filters') as HTMLButtonElement);
    fireEvent.change(screen.getByRole('combobox', { name: 'Property type' }), { target: { value: 'custom' } });
    const custom = screen.getByRole('textbox', { name: 'Describe the property type' });
    // one control answers to 'Property type': the select
    expect(screen.getAllByLabelText('Property type')).toEqual([screen.getByRole('combobox', { name: 'Property type' })]);
    expect(screen.queryByRole('textbox', { name: 'Property type' })).toBeNull();
    fireEvent.change(custom, { target: { value: 'Loft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ propertyType: 'custom', propertyTypeCustom: 'Loft' }));
  });
});
