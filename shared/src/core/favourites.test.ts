import { FAVOURITES_MAX, cleanFavouriteIds, favouritesSharePath, idsFromShareParam, parseFavourites, serialiseFavourites } from './favourites';

describe('favourites', () => {
  it('keeps record ids only, once each, in order, at most FAVOURITES_MAX', () => {
    expect(cleanFavouriteIds(['recB', 'recA', 'recB', 'x', 42, '', 'rec"), TRUE(', 'recC'])).toEqual(['recB', 'recA', 'recC']);
    const many = Array.from({ length: FAVOURITES_MAX + 5 }, (_, i) => `rec${i}`);
    expect(cleanFavouriteIds(many)).toHaveLength(FAVOURITES_MAX);
  });

  it('reads what was stored, and anything broken as an empty list', () => {
    expect(parseFavourites(serialiseFavourites(['recA', 'recB']))).toEqual(['recA', 'recB']);
    for (const raw of [null, undefined, '', 'not json', '{"a":1}', '"recA"']) expect(parseFavourites(raw)).toEqual([]);
  });

  it('shares as /favourites?ids=… and reads the link back', () => {
    expect(favouritesSharePath(['recA', 'recB'])).toBe('/favourites?ids=recA,recB');
    expect(favouritesSharePath([])).toBe('/favourites');
    expect(idsFromShareParam('recA, recB,,<script>,recA')).toEqual(['recA', 'recB']);
    expect(idsFromShareParam(null)).toEqual([]);
  });
});
