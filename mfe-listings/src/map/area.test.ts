import { areaOf, formatArea, inArea, parseArea, withinArea, REGION } from './area';

const oakville = { id: 'a', lat: 43.4465, lng: -79.6705 };
const portCredit = { id: 'b', lat: 43.5565, lng: -79.5885 };
const niagara = { id: 'c', lat: 43.2545, lng: -79.0735 };

describe('the searched area', () => {
  it('keeps the listings inside the box, edges included, in their order', () => {
    const halton = { south: 43.3, west: -79.8, north: 43.6, east: -79.55 };
    expect(withinArea([niagara, oakville, portCredit], halton)).toEqual([oakville, portCredit]);
    expect(inArea({ lat: 43.3, lng: -79.8 }, halton)).toBe(true);
    expect(inArea({ lat: 43.2999, lng: -79.7 }, halton)).toBe(false);
    expect(withinArea([niagara, oakville], null)).toEqual([niagara, oakville]);
  });

  it('travels in the URL as south,west,north,east with 4 decimals, and reads back', () => {
    const text = formatArea({ south: 43.123456, west: -79.98768, north: 43.5, east: -79.2 });
    expect(text).toBe('43.1235,-79.9877,43.5,-79.2');
    expect(parseArea(text)).toEqual({ south: 43.1235, west: -79.9877, north: 43.5, east: -79.2 });
  });

  it('refuses anything that is not a box on the globe', () => {
    for (const bad of [
      null,
      '',
      '43,-80,44',
      '43,-80,44,-79,1',
      'a,b,c,d',
      '44,-80,43,-79',
      '43,-79,44,-80',
      '43,-80,95,-79',
      '43,-200,44,-79',
      '43,-80,44,-79e2',
      '1e1,-80,44,-79',
    ]) {
      expect([bad, parseArea(bad)]).toEqual([bad, null]);
    }
  });

  it('spans a set of points, and the region holds every seeded town', () => {
    expect(areaOf([oakville, niagara, portCredit])).toEqual({ south: 43.2545, west: -79.6705, north: 43.5565, east: -79.0735 });
    expect(areaOf([])).toBeNull();
    for (const p of [oakville, portCredit, niagara]) expect(inArea(p, REGION)).toBe(true);
  });
});
