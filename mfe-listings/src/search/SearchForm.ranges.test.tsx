/** The compact search bar of issue 38: ranges, 'More filters', the counts each choice leaves, the location box. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EMPTY_LISTING_SEARCH, type ListingSearchFilters } from '@gta/shared/core';
import { SearchForm, filtersBehindMore } from './SearchForm';
import { record, setUpData } from '../test/fixtures';

jest.mock('airtable', () => jest.requireActual('../test/fixtures').airtableMock());

const home = (id: string, fields: Record<string, unknown>) =>
  record(
    {
      'Property Name': `Home ${id}`,
      'Property ID': `W81000${id}`,
      Status: 'Available',
      'City/State': 'Oakville, ON',
      Location: 'Old Oakville',
      'Postal Code': 'L6J 1A1',
      Address: `${id} Chartwell Road, Oakville, ON`,
      Bedrooms: 4,
      Bathrooms: 3,
      'Size (sq ft)': 4000,
      ...fields,
    },
    `rec${id}`,
  );

const HOMES = [
  home('1', { Price: 1_200_000, Garage: 2 }),
  home('2', { Price: 2_400_000, Garage: 3, Features: 'Saltwater pool' }),
  home('3', { Price: 3_500_000, Garage: 3, Waterfront: true }),
  home('4', {
    Price: 6_000_000,
    'City/State': 'Mississauga, ON',
    Location: 'Lorne Park',
    Address: '88 Indian Road, Mississauga, ON',
    'Postal Code': 'L5H 1R3',
  }),
];

function renderForm(filters: ListingSearchFilters = EMPTY_LISTING_SEARCH) {
  const onSearch = jest.fn<void, [ListingSearchFilters]>();
  render(<SearchForm filters={filters} onSearch={onSearch} onClear={() => undefined} statusFilter />);
  return onSearch;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the compact search bar', () => {
  it('searches a price range with a minimum and a maximum', () => {
    setUpData(HOMES);
    const onSearch = renderForm();
    fireEvent.change(screen.getByLabelText('Min price'), { target: { value: '2000000' } });
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '5000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_LISTING_SEARCH, minPrice: '2000000', price: '5000000' });
  });

  it('offers the steps of homes of $1M to $20M: $1M+ to $10M+, up to $1.5M to $10M', () => {
    setUpData(HOMES);
    renderForm();
    const labels = (name: string) =>
      within(screen.getByLabelText(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(labels('Min price')).toEqual(['No min', '$1M+', '$1.5M+', '$2M+', '$3M+', '$5M+', '$10M+']);
    expect(labels('Max price')).toEqual(['No max', 'Up to $1M', 'Up to $1.5M', 'Up to $2M', 'Up to $3M', 'Up to $5M', 'Up to $10M', 'Custom…']);
  });

  it("keeps the rarer filters behind 'More filters (n)', which opens them", () => {
    setUpData(HOMES);
    renderForm({ ...EMPTY_LISTING_SEARCH, pool: 'yes', garage: '3' });
    // jsdom reads no media query: the button is hidden here as below 640 px (and so has no accessible name to find it by)
    const more = [...document.querySelectorAll('button')].find((b) => b.textContent === 'More filters (2)') as HTMLButtonElement;
    // open at once when the URL sets one of them
    expect(more).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('more-filters-panel').id).toBe(more.getAttribute('aria-controls'));
    expect(filtersBehindMore({ ...EMPTY_LISTING_SEARCH, keyword: 'dock', status: 'sold' }, true)).toBe(2);
    expect(filtersBehindMore({ ...EMPTY_LISTING_SEARCH, keyword: 'dock', status: 'sold' }, false)).toBe(1);
  });

  it('once the visitor turns to the form, fits the steps to the homes on offer and says how many homes each choice leaves', async () => {
    const state = setUpData(HOMES);
    renderForm();
    expect(state.pages).toHaveLength(0);
    act(() => screen.getByLabelText('Min price').focus());
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Min price'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No min', '$1M+ (4)', '$1.5M+ (3)', '$2M+ (3)', '$3M+ (2)', '$5M+ (1)']),
    );
    // one compact read of the homes for sale: the fields the filters need
    expect(state.pages).toHaveLength(1);
    expect(state.pages[0]?.query.fields).toEqual(expect.arrayContaining(['Price', 'Address', 'Garage', 'Waterfront']));
    expect(
      within(screen.getByLabelText('Max price'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No max', 'Up to $1.5M (1)', 'Up to $2M (1)', 'Up to $3M (2)', 'Up to $5M (3)', 'Up to $10M (4)', 'Custom…']);
    // the counts follow the other choices
    fireEvent.change(screen.getByLabelText('Garage'), { target: { value: '3' } });
    expect(screen.getByRole('checkbox', { name: 'Pool (1)', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Waterfront (1)', hidden: true })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Min price')).getByRole('option', { name: '$3M+ (1)' })).toBeInTheDocument();
  });
});

describe('the location box: a combobox of the listings’ own locations', () => {
  it('suggests as the visitor types; Down and Enter take one and search with it', async () => {
    setUpData(HOMES);
    const onSearch = renderForm();
    const box = screen.getByRole('combobox', { name: 'Location' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'chart' } });
    const list = await screen.findByRole('listbox', { name: 'Location suggestions' });
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Chartwell Road, OakvilleStreet · 3 homes');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const first = within(list).getAllByRole('option')[0] as HTMLElement;
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_LISTING_SEARCH, location: 'Chartwell Road, Oakville' });
    expect(box).toHaveValue('Chartwell Road, Oakville');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('finds a neighbourhood with its city; Escape closes the list; a click takes a suggestion', async () => {
    setUpData(HOMES);
    const onSearch = renderForm();
    const box = screen.getByRole('combobox', { name: 'Location' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'lorne park, miss' } });
    await screen.findByRole('option', { name: /Lorne Park, Mississauga/ });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // Down opens the list again, on its first suggestion
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('option', { name: /Lorne Park, Mississauga/ }));
    expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_LISTING_SEARCH, location: 'Lorne Park, Mississauga' });
  });

  it('Enter with no suggestion chosen submits what was typed', async () => {
    setUpData(HOMES);
    const onSearch = renderForm();
    const box = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(box, { target: { value: 'L6J' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_LISTING_SEARCH, location: 'L6J' });
  });
});
