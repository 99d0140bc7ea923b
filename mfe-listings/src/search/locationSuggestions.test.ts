import { cityOf, locationIndex, streetOf, suggestLocations } from './locationSuggestions';

const listings = [
  { 'City/State': 'Oakville, ON', Location: 'Old Oakville', Address: '1276 Chartwell Road, Oakville, ON', 'Postal Code': 'L6J 4K2', 'Property ID': 'W8100012' },
  {
    'City/State': 'Oakville, ON',
    Location: 'Morrison',
    Address: 'PH303 - 2228 Chartwell Road, Oakville, ON',
    'Postal Code': 'L6J 7B1',
    'Property ID': 'W8100150',
  },
  { 'City/State': 'Mississauga, ON', Location: 'Lorne Park', Address: '88 Indian Road, Mississauga, ON', 'Postal Code': 'L5H 1R3', 'Property ID': 'W8100290' },
  {
    'City/State': 'Mississauga, ON',
    Location: 'Port Credit',
    Address: '12 Lorne Park Road, Mississauga, ON',
    'Postal Code': 'L5G 2A1',
    'Property ID': 'W8100300',
  },
];
const index = locationIndex(listings);
const shown = (typed: string) => suggestLocations(index, typed).map((s) => `${s.kind}: ${s.value} (${s.count})`);

describe('location suggestions from the listings’ own values', () => {
  it('reads the city, the street and the unit out of the fields', () => {
    expect(cityOf('Oakville, ON')).toBe('Oakville');
    expect(streetOf('PH303 - 2228 Chartwell Road, Oakville, ON')).toBe('Chartwell Road');
    expect(streetOf('1276 Chartwell Road, Oakville, ON')).toBe('Chartwell Road');
  });

  it('a street with its city and the homes on it, before the addresses', () => {
    expect(shown('chartwell')).toEqual([
      'Street: Chartwell Road, Oakville (2)',
      'Address: 1276 Chartwell Road, Oakville (1)',
      'Address: PH303 - 2228 Chartwell Road, Oakville (1)',
    ]);
  });

  it('a neighbourhood with its city; every typed word starts a word of the suggestion', () => {
    expect(shown('lorne park, miss')).toEqual([
      'Neighbourhood: Lorne Park, Mississauga (1)',
      'Street: Lorne Park Road, Mississauga (1)',
      'Address: 12 Lorne Park Road, Mississauga (1)',
    ]);
    expect(shown('orne')).toEqual([]);
  });

  it('cities first, postal areas by their first three characters, property IDs', () => {
    expect(shown('o')[0]).toBe('City: Oakville (2)');
    expect(shown('l6j')).toEqual(['Postal area: L6J (2)']);
    expect(shown('w8100150')).toEqual(['Property ID: W8100150 (1)']);
  });

  it('at most 8, nothing for nothing typed', () => {
    expect(suggestLocations(index, '  ')).toEqual([]);
    expect(suggestLocations(index, 'o', 2)).toHaveLength(2);
  });
});
