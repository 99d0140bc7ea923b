/**
 * The text budget is for hostile work per record, not honest linear work over a large table: the site's own keyword
 * search (shared listingSearch.ts) over 10,000 seed listings stays within it, and what it charges grows with the
 * table, not with the number of `&` parts squared.
 */
import { EMPTY_LISTING_SEARCH, listingListFormula } from '@gta/shared/core';
import { generateListings } from '../seed/generate';
import { compileFormula } from './evaluate';
import { DEFAULT_LIMITS } from './limits';

describe('the text budget and the site keyword search', () => {
  const listings = generateListings({ count: 10_000 });
  const formula = listingListFormula({ ...EMPTY_LISTING_SEARCH, location: 'Oakville', keyword: 'oakville pool ravine view' });

  it('a keyword and location search over 10,000 listings is not stopped by the budget', () => {
    expect(formula).toContain("&' '&");
    const compiled = compileFormula(formula);
    let kept = 0;
    for (const r of listings) if (compiled.matches(r.fields, r)) kept++;
    expect(kept).toBeGreaterThan(0);
    // one text per `&` chain, not one per partial join: well under the allowance per record
    expect(compiled.usage.textChars / listings.length).toBeLessThan(DEFAULT_LIMITS.textCharsPerRecord / 2);
  });
});
