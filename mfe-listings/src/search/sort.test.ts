import { DEFAULT_SORT, MAX_PAGES, PAGE_SIZE, SORT_FIELDS, SORT_OPTIONS, pagesOf, sortOf, writePaging } from './sort';

describe('the order and length of a list in the URL', () => {
  it('reads sort= as one of the four orders, anything else as newest first', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual(['newest', 'price-desc', 'price-asc', 'size-desc']);
    expect(sortOf('price-asc')).toBe('price-asc');
    expect(sortOf(' PRICE-DESC ')).toBe('price-desc');
    expect(sortOf('size-desc')).toBe('size-desc');
    for (const v of [null, undefined, '', 'cheapest', 'Listing Date', 'price']) expect(sortOf(v)).toBe(DEFAULT_SORT);
    expect(DEFAULT_SORT).toBe('newest');
  });

  it('sorts newest first by Listing Date, and price and size with newest first between equal values', () => {
    expect(SORT_FIELDS.newest).toEqual([{ field: 'Listing Date', direction: 'desc' }]);
    expect(SORT_FIELDS['price-asc']).toEqual([
      { field: 'Price', direction: 'asc' },
      { field: 'Listing Date', direction: 'desc' },
    ]);
    expect(SORT_FIELDS['price-desc']).toEqual([
      { field: 'Price', direction: 'desc' },
      { field: 'Listing Date', direction: 'desc' },
    ]);
    expect(SORT_FIELDS['size-desc']).toEqual([
      { field: 'Size (sq ft)', direction: 'desc' },
      { field: 'Listing Date', direction: 'desc' },
    ]);
  });

  it('reads shown= as a number of pages of 20: shown=40 is 2, shown=41 is 3, nonsense is 1, at most 25', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(pagesOf('40')).toBe(2);
    expect(pagesOf('41')).toBe(3);
    expect(pagesOf('20')).toBe(1);
    expect(pagesOf('5')).toBe(1);
    for (const v of [null, undefined, '', 'lots', '-40', '0', 'NaN', 'Infinity', '1e999']) expect(pagesOf(v)).toBe(1);
    expect(pagesOf('100000')).toBe(MAX_PAGES);
  });

  it('writes only what differs from the default, keeping the filters', () => {
    const filters = new URLSearchParams('location=Oakville&status=all&sort=size-desc&shown=60');
    expect(writePaging(filters, 'newest', 1).toString()).toBe('location=Oakville&status=all');
    expect(writePaging(filters, 'price-asc', 2).toString()).toBe('location=Oakville&status=all&sort=price-asc&shown=40');
    expect(writePaging(new URLSearchParams(), 'newest', 3).toString()).toBe('shown=60');
    expect(filters.toString()).toBe('location=Oakville&status=all&sort=size-desc&shown=60'); // not changed in place
  });
});
