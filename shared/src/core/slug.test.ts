import { findBySlug, propertyPath, propertySlug } from './slug';

describe('propertySlug (spec section 2)', () => {
  it.each([
    ['Lakeshore Estate', 'lakeshore-estate'],
    ['  The Oakville  Manor ', 'the-oakville-manor'],
    ["Queen's Court #12, Unit B!", 'queens-court-12-unit-b'],
    ['Villa -- on the -- Bluff', 'villa-on-the-bluff'],
    ['-Edge-', 'edge'],
    ['Château Élan', 'chteau-lan'],
    ['2400 Lakeshore Rd W', '2400-lakeshore-rd-w'],
  ])('%s -> %s', (name, slug) => {
    expect(propertySlug(name)).toBe(slug);
  });

  it("uses 'property' when nothing is left", () => {
    expect(propertySlug('!!!')).toBe('property');
    expect(propertySlug('')).toBe('property');
    expect(propertySlug(undefined)).toBe('property');
    expect(propertySlug(' - - ')).toBe('property');
  });

  it('finds a record by the slug of its name, and builds its path', () => {
    const records = [
      { id: 'rec1', fields: { 'Property Name': 'Harbour View' } },
      { id: 'rec2', fields: { 'Property Name': 'Maple Ridge Estate' } },
    ];
    expect(findBySlug(records, 'maple-ridge-estate')?.id).toBe('rec2');
    expect(findBySlug(records, 'nowhere')).toBeUndefined();
    expect(propertyPath('Harbour View')).toBe('/property/harbour-view');
  });
});
