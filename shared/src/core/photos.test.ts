import { normalisePhotos } from './photos';

describe('normalisePhotos (spec section 3)', () => {
  it('reads an array of objects with url', () => {
    expect(normalisePhotos([{ url: '/a.jpg' }, { url: '/b.jpg', filename: 'b' }])).toEqual(['/a.jpg', '/b.jpg']);
  });
  it('reads an array of strings', () => {
    expect(normalisePhotos(['/a.jpg', ' /b.jpg '])).toEqual(['/a.jpg', '/b.jpg']);
  });
  it('reads a comma-separated string', () => {
    expect(normalisePhotos('/a.jpg, /b.jpg,/c.jpg')).toEqual(['/a.jpg', '/b.jpg', '/c.jpg']);
  });
  it('reads a single object with url', () => {
    expect(normalisePhotos({ url: '/only.jpg' })).toEqual(['/only.jpg']);
  });
  it("drops empty, 'undefined' and 'null' entries", () => {
    expect(normalisePhotos(['', 'undefined', '/a.jpg', 'null', '  ', { url: '' }, { url: 'null' }, { nourl: 1 }, 7])).toEqual(['/a.jpg']);
    expect(normalisePhotos('undefined, ,null,/x.jpg')).toEqual(['/x.jpg']);
  });
  it('gives an empty list for nothing', () => {
    for (const v of [undefined, null, '', [], 42, true]) expect(normalisePhotos(v)).toEqual([]);
  });
});
