import { isNeighbourhoodName, neighbourhoodLabels } from './neighbourhoods';

const home = (location: string, lat: number, lng: number, city: string | null = 'Mississauga, ON') => ({ location, city, lat, lng });

describe('neighbourhood labels from the listings', () => {
  it('names each neighbourhood once, at the middle of its homes, the one with most homes first', () => {
    const labels = neighbourhoodLabels([
      home('Lorne Park', 43.52, -79.62),
      home('Lorne Park', 43.53, -79.61),
      home('lorne  park', 43.525, -79.615),
      home('Port Credit', 43.5565, -79.5885),
    ]);
    expect(labels.map((l) => [l.name, l.homes])).toEqual([
      ['Lorne Park', 3],
      ['Port Credit', 1],
    ]);
    expect(labels[0]?.lat).toBeCloseTo(43.525, 6);
    expect(labels[0]?.lng).toBeCloseTo(-79.615, 6);
  });

  it('leaves out what is not a neighbourhood: an address, a postal code, the town, a name spread over a region', () => {
    expect(isNeighbourhoodName('1240 Chartwell Road', 'Oakville, ON')).toBe(false);
    expect(isNeighbourhoodName('L5H 2K1', null)).toBe(false);
    expect(isNeighbourhoodName('Oakville', 'Oakville, ON')).toBe(false);
    expect(isNeighbourhoodName('Lakeshore Road East, Oakville', null)).toBe(false);
    expect(isNeighbourhoodName('Glen Abbey', 'Oakville, ON')).toBe(true);
    // 'Halton' used for homes 30 km apart is a region, not a place to label
    expect(neighbourhoodLabels([home('Halton', 43.45, -79.7), home('Halton', 43.52, -79.9)])).toEqual([]);
  });
});
