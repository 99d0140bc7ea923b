import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SearchForm } from './SearchForm';
import { EMPTY_LISTING_SEARCH, type ListingSearchFilters } from '@gta/shared/core';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the listings search form', () => {
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
