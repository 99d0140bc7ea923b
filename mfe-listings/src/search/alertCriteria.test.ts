/**
 * A listing alert (shared/src/core/listingAlerts.ts) watches the search the visitor ran: the server evaluates the
 * shared formula, so it must be this page's formula for the same filters, and the search's URL query the same.
 */
import { alertSearchFormula, alertSearchQuery, alertCriteriaFromQuery } from '@gta/shared/core';
import { EMPTY_FILTERS, filtersFromParams, filtersToParams, type SearchFilters } from './filters';
import { buildSearchFormula } from './formula';

const cases: Partial<SearchFilters>[] = [
  {},
  { location: 'Oakville' },
  { location: '  Oak"ville  \\ ', status: 'all' },
  { price: '1000000', propertyType: 'Condo', beds: '3', baths: '5+', sqft: '2000', status: 'sold' },
  { price: 'custom', priceCustom: '$750,000', beds: 'custom', bedsCustom: '2', baths: 'custom', bathsCustom: '1.5', sqft: 'custom', sqftCustom: '1,800' },
  { propertyType: 'custom', propertyTypeCustom: 'Semi  Detached', keyword: 'pool, ravine;  POOL' },
  { keyword: '"), TRUE(), ("' },
];

describe('listing alerts watch the same search as this page', () => {
  it.each(cases.map((c) => [JSON.stringify(c), c] as const))('%s: same formula and same URL query', (_name, partial) => {
    const filters: SearchFilters = { ...EMPTY_FILTERS, ...partial };
    expect(alertSearchFormula(filters)).toBe(buildSearchFormula(filters));
    expect(alertSearchQuery(filters)).toBe(filtersToParams(filters).toString());
    const query = filtersToParams(filters);
    expect(alertCriteriaFromQuery(query)).toEqual(filtersFromParams(query));
  });
});
