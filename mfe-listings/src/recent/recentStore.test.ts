import {
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
  clearRecentlyViewed,
  forgetRecentlyViewed,
  parseRecentlyViewed,
  readRecentlyViewed,
  recordIdsFormula,
  recordRecentlyViewed,
} from './recentStore';

const id = (n: number) => `rec${String(n).padStart(14, '0')}`;

describe('the recently viewed list in localStorage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the newest first, each listing once, at most 8', () => {
    for (let n = 1; n <= 10; n += 1) recordRecentlyViewed(id(n));
    expect(RECENTLY_VIEWED_MAX).toBe(8);
    expect(readRecentlyViewed()).toEqual([10, 9, 8, 7, 6, 5, 4, 3].map(id));
    recordRecentlyViewed(id(5));
    expect(readRecentlyViewed()).toEqual([5, 10, 9, 8, 7, 6, 4, 3].map(id));
    recordRecentlyViewed(id(5));
    expect(readRecentlyViewed()).toEqual([5, 10, 9, 8, 7, 6, 4, 3].map(id));
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '')).toEqual([5, 10, 9, 8, 7, 6, 4, 3].map(id));
  });

  it('forgets listings one by one or all at once', () => {
    [1, 2, 3].forEach((n) => recordRecentlyViewed(id(n)));
    forgetRecentlyViewed([id(2)]);
    expect(readRecentlyViewed()).toEqual([id(3), id(1)]);
    clearRecentlyViewed();
    expect(readRecentlyViewed()).toEqual([]);
    expect(localStorage.getItem(RECENTLY_VIEWED_KEY)).toBeNull();
  });

  it('reads only record ids from the storage, whatever else is there', () => {
    expect(parseRecentlyViewed(null)).toEqual([]);
    expect(parseRecentlyViewed('not json')).toEqual([]);
    expect(parseRecentlyViewed('{"a":1}')).toEqual([]);
    expect(parseRecentlyViewed(JSON.stringify([id(1), 42, 'rec"), TRUE(), ("', 'recA', id(1), null, 'xyz']))).toEqual([id(1), 'recA']);
    expect(parseRecentlyViewed(JSON.stringify(Array.from({ length: 20 }, (_, i) => id(i))))).toHaveLength(8);
    recordRecentlyViewed('rec") OR TRUE()');
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('asks the records API for exactly these ids, each a quoted string', () => {
    expect(recordIdsFormula([id(1), id(2)])).toBe(`OR(RECORD_ID() = "${id(1)}", RECORD_ID() = "${id(2)}")`);
    expect(recordIdsFormula([id(1), 'rec") OR TRUE() OR ("'])).toBe(`OR(RECORD_ID() = "${id(1)}")`);
  });

  it('a storage that refuses writes (full, or disabled) remembers nothing and breaks nothing', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      expect(() => recordRecentlyViewed(id(1))).not.toThrow();
      expect(readRecentlyViewed()).toEqual([]);
    } finally {
      setItem.mockRestore();
    }
  });
});
