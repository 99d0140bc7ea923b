/**
 * The deterministic seed: luxury listings across Halton, Peel and Niagara with every Property field of spec
 * section 3, plus a handful of records in the messy shapes the front end must normalise (photos as a
 * comma-separated string or a single object, 'Not specified' values, missing fields).
 */
import type { FieldValue } from '@gta/shared/core';
import type { Fields, StoredRecord } from '../store/store';
import { seededRecordId } from '../store/ids';
import { SeededRandom, hashString } from './random';
import { listingPhotoUrl } from './photos';
import { CAMERA_HEIGHT, CAMERA_WIDTH } from '../media/cameraPhotos';

interface Town {
  city: string;
  weight: number;
  postal: readonly string[];
  neighbourhoods: readonly string[];
  streets: readonly string[];
  schools: readonly string[];
  parks: readonly string[];
  transit: readonly string[];
  blurb: string;
}

const TOWNS: readonly Town[] = [
  {
    city: 'Oakville',
    weight: 16,
    postal: ['L6J', 'L6K', 'L6H', 'L6M', 'L6L'],
    neighbourhoods: ['Old Oakville', 'Morrison', 'Eastlake', 'Glen Abbey', 'Bronte', 'Joshua Creek', 'Clearview'],
    streets: [
      'Lakeshore Road East',
      'Chartwell Road',
      'Balsam Drive',
      'Lakewood Drive',
      'Gloucester Avenue',
      'Sixth Line',
      'Dunvegan Road',
      'Spruce Street',
      'Ennisclare Drive',
    ],
    schools: [
      'Appleby College',
      "St. Mildred's-Lightbourn School",
      'Oakville Trafalgar High School',
      'Maple Grove Public School',
      'Linbrook Public School',
      'St. Thomas Aquinas Secondary',
    ],
    parks: ['Gairloch Gardens', 'Coronation Park', 'Bronte Creek Provincial Park', 'Lakeside Park', 'Shell Park', 'Sixteen Mile Creek trails'],
    transit: ['Oakville GO (Lakeshore West), 6 min drive', 'Bronte GO, 8 min drive', 'Oakville Transit route 14 at the corner', 'QEW access in 4 minutes'],
    blurb: 'Oakville pairs a historic lakefront downtown with some of the most sought-after school districts in the province.',
  },
  {
    city: 'Mississauga',
    weight: 15,
    postal: ['L5H', 'L5G', 'L5L', 'L5M', 'L5B', 'L5J'],
    neighbourhoods: ['Lorne Park', 'Port Credit', 'Mineola', 'Erin Mills', 'Streetsville', 'Meadowvale', 'Credit Woodlands'],
    streets: ['Indian Road', 'Mississauga Road', 'Lorne Park Road', 'Kenollie Avenue', 'Front Street', 'Caven Street', 'Stavebank Road', 'Doulton Drive'],
    schools: [
      'Lorne Park Secondary',
      'Mentor College',
      'Tecumseh Public School',
      'Kenollie Public School',
      'St. Luke Catholic Elementary',
      'John Fraser Secondary',
    ],
    parks: ['Jack Darling Memorial Park', 'Rattray Marsh Conservation Area', 'J.C. Saddington Park', 'Credit River Valley trails', 'Riverwood Conservancy'],
    transit: ['Port Credit GO, 5 min walk', 'Clarkson GO, 7 min drive', 'MiWay route 23 at the corner', 'Hazel McCallion LRT, 10 min drive'],
    blurb: "Mississauga's south end offers waterfront villages, mature ravine lots and a quick run downtown.",
  },
  {
    city: 'Burlington',
    weight: 12,
    postal: ['L7T', 'L7S', 'L7P', 'L7M', 'L7R', 'L7N'],
    neighbourhoods: ['Roseland', 'Shoreacres', 'Tyandaga', 'Millcroft', 'Aldershot', 'Downtown Burlington'],
    streets: ['Lakeshore Road', 'Spruce Avenue', 'Townsend Avenue', 'Shoreacres Road', 'Tyandaga Park Drive', 'Millcroft Park Drive', 'Brant Street'],
    schools: ['Burlington Central High School', 'Tuck Public School', 'Pine Grove Public School', 'Nelson High School', 'St. Raphael Catholic Elementary'],
    parks: ['Spencer Smith Park', 'Paletta Lakefront Park', 'Royal Botanical Gardens', 'Tyandaga Golf Course', 'Lowville Park'],
    transit: ['Burlington GO, 6 min drive', 'Appleby GO, 5 min drive', 'Burlington Transit route 10 nearby', 'QEW and 403 within minutes'],
    blurb: 'Burlington sits between the lake and the Niagara Escarpment, with a walkable downtown and deep green lots.',
  },
  {
    city: 'Milton',
    weight: 5,
    postal: ['L9T', 'L9E'],
    neighbourhoods: ['Campbellville', 'Timberlea', 'Willmott', 'Old Milton', 'Moffat'],
    streets: ['Campbellville Road', 'Guelph Line', 'Main Street East', 'Appleby Line', 'Derry Road'],
    schools: ['Milton District High School', 'Bishop Reding Catholic Secondary', 'W.I. Dick Middle School', 'Brookville Public School'],
    parks: ['Kelso Conservation Area', 'Rattlesnake Point', 'Crawford Lake', 'Mill Pond'],
    transit: ['Milton GO, 8 min drive', 'Highway 401 access in 5 minutes'],
    blurb: "Milton's escarpment estates give acreage and privacy within a half hour of Pearson.",
  },
  {
    city: 'Brampton',
    weight: 4,
    postal: ['L6P', 'L6Y', 'L7A', 'L6Z'],
    neighbourhoods: ['Castlemore', 'Credit Valley', 'Heart Lake', 'Toronto Gore Rural Estate'],
    streets: ['Castlemore Road', 'Valleyway Drive', 'Countryside Drive', 'Gore Road', 'Mayfield Road'],
    schools: ['Castlebrooke Secondary', 'Cardinal Ambrozic Secondary', 'Hewson Public School', 'Heart Lake Secondary'],
    parks: ['Claireville Conservation Area', 'Heart Lake Conservation Area', 'Gage Park', 'Chinguacousy Park'],
    transit: ['Brampton GO, 12 min drive', 'Zum route 501 nearby', 'Highway 427 access in 6 minutes'],
    blurb: "Brampton's estate enclaves offer large custom homes on generous lots close to the airport corridor.",
  },
  {
    city: 'Caledon',
    weight: 4,
    postal: ['L7C', 'L7K', 'L7E'],
    neighbourhoods: ['Caledon East', 'Inglewood', 'Bolton', 'Belfountain', 'Palgrave'],
    streets: ['Forks of the Credit Road', 'Old Church Road', 'Mississauga Road', 'Airport Road', 'King Street'],
    schools: ['Humberview Secondary', 'Mayfield Secondary', 'Belfountain Public School', 'Caledon Central Public School'],
    parks: ['Forks of the Credit Provincial Park', 'Albion Hills', 'Caledon Trailway', 'Cheltenham Badlands'],
    transit: ['Bolton GO bus, 10 min drive', 'Highway 410 access in 12 minutes'],
    blurb: "Caledon's hills and horse country hold some of the region's finest country estates.",
  },
  {
    city: 'Halton Hills',
    weight: 3,
    postal: ['L7G', 'L7J'],
    neighbourhoods: ['Georgetown', 'Glen Williams', 'Limehouse', 'Terra Cotta'],
    streets: ['Main Street', 'Confederation Street', 'Wildwood Road', 'Tenth Line', 'Ballinafad Road'],
    schools: ['Georgetown District High School', 'Christ the King Catholic Secondary', 'Glen Williams Public School'],
    parks: ['Terra Cotta Conservation Area', 'Hungry Hollow', 'Limehouse Conservation Area', 'Cedarvale Park'],
    transit: ['Georgetown GO, 7 min drive', 'Highway 7 and 401 nearby'],
    blurb: 'Halton Hills mixes historic villages on the Credit River with escarpment acreage.',
  },
  {
    city: 'St. Catharines',
    weight: 3,
    postal: ['L2N', 'L2T', 'L2R'],
    neighbourhoods: ['Port Dalhousie', 'Old Glenridge', 'Martindale', 'Western Hill'],
    streets: ['Lakeport Road', 'Main Street', 'Glenridge Avenue', 'Yates Street', 'Martindale Road'],
    schools: ['Ridley College', 'Sir Winston Churchill Secondary', 'Canadian Martyrs Catholic Elementary', 'Prince of Wales Public School'],
    parks: ['Lakeside Park Beach', 'Martindale Pond', 'Short Hills Provincial Park', 'Malcolmson Eco-Park'],
    transit: ['St. Catharines GO, 8 min drive', 'QEW access in 5 minutes'],
    blurb: 'St. Catharines pairs the Port Dalhousie harbourfront with leafy heritage streets.',
  },
  {
    city: 'Niagara-on-the-Lake',
    weight: 4,
    postal: ['L0S'],
    neighbourhoods: ['Old Town', 'Virgil', 'St. Davids', 'Queenston', 'Chautauqua'],
    streets: ['Queen Street', 'Niagara Boulevard', 'Four Mile Creek Road', 'Lakeshore Road', 'John Street East', 'Regent Street'],
    schools: ['Crossroads Public School', 'St. Michael Catholic Elementary', 'Niagara District Secondary', 'Ridley College (nearby)'],
    parks: ["Queen's Royal Park", 'Simcoe Park', 'Niagara Parkway trails', 'Fort George National Historic Site'],
    transit: ['Niagara GO (seasonal), 15 min drive', 'QEW access in 10 minutes'],
    blurb: 'Niagara-on-the-Lake offers vineyard estates and heritage homes steps from the Shaw Festival.',
  },
  {
    city: 'Grimsby',
    weight: 3,
    postal: ['L3M'],
    neighbourhoods: ['Grimsby Beach', 'Grimsby on the Lake', 'Escarpment Heights'],
    streets: ['Lake Street', 'Main Street West', 'Olive Street', 'Ridge Road', 'Casablanca Boulevard'],
    schools: ['Grimsby Secondary', 'Nelles Public School', 'Lakeview Public School', 'Blessed Trinity Catholic Secondary'],
    parks: ['Grimsby Beach Park', 'Beamer Memorial Conservation Area', 'Forty Mile Creek Park'],
    transit: ['Grimsby GO, 5 min drive', 'QEW access in 3 minutes'],
    blurb: 'Grimsby offers lakefront living under the escarpment, halfway between Toronto and Niagara.',
  },
];

/**
 * Where each neighbourhood is: a point inside it, [latitude, longitude] (WGS 84), from the public map of the area.
 * Lakeshore neighbourhoods take a point a little inland, so the jitter below keeps every home on land. A listing
 * carries its coordinates as the Latitude and Longitude fields (the map geocodes nothing at run time).
 */
export const NEIGHBOURHOOD_CENTRES: Readonly<Record<string, readonly [number, number]>> = {
  // Oakville
  'Old Oakville': [43.4465, -79.6705],
  Morrison: [43.4585, -79.6555],
  Eastlake: [43.4655, -79.6345],
  'Glen Abbey': [43.4405, -79.7245],
  Bronte: [43.4005, -79.7155],
  'Joshua Creek': [43.4805, -79.6455],
  Clearview: [43.4875, -79.6305],
  // Mississauga
  'Lorne Park': [43.5235, -79.6155],
  'Port Credit': [43.5565, -79.5885],
  Mineola: [43.5625, -79.5975],
  'Erin Mills': [43.5455, -79.7005],
  Streetsville: [43.5835, -79.7115],
  Meadowvale: [43.6105, -79.7405],
  'Credit Woodlands': [43.5705, -79.6555],
  // Burlington
  Roseland: [43.3425, -79.7835],
  Shoreacres: [43.3565, -79.7585],
  Tyandaga: [43.3405, -79.8305],
  Millcroft: [43.3905, -79.8005],
  Aldershot: [43.3055, -79.8505],
  'Downtown Burlington': [43.3305, -79.8005],
  // Milton
  Campbellville: [43.4855, -79.9855],
  Timberlea: [43.5255, -79.8755],
  Willmott: [43.4975, -79.8575],
  'Old Milton': [43.5135, -79.8835],
  Moffat: [43.4665, -80.0705],
  // Brampton
  Castlemore: [43.7875, -79.6905],
  'Credit Valley': [43.6525, -79.7695],
  'Heart Lake': [43.7465, -79.7885],
  'Toronto Gore Rural Estate': [43.7955, -79.6555],
  // Caledon
  'Caledon East': [43.8725, -79.8605],
  Inglewood: [43.7935, -79.9345],
  Bolton: [43.8765, -79.7365],
  Belfountain: [43.7955, -80.0065],
  Palgrave: [43.9425, -79.8315],
  // Halton Hills
  Georgetown: [43.6505, -79.9185],
  'Glen Williams': [43.6835, -79.9275],
  Limehouse: [43.6335, -79.9775],
  'Terra Cotta': [43.7075, -79.9475],
  // St. Catharines
  'Port Dalhousie': [43.1965, -79.2655],
  'Old Glenridge': [43.1505, -79.2385],
  Martindale: [43.1705, -79.2755],
  'Western Hill': [43.1595, -79.2565],
  // Niagara-on-the-Lake
  'Old Town': [43.2545, -79.0735],
  Virgil: [43.2225, -79.1205],
  'St. Davids': [43.1575, -79.1075],
  Queenston: [43.1655, -79.0535],
  Chautauqua: [43.2575, -79.0835],
  // Grimsby
  'Grimsby Beach': [43.1995, -79.5455],
  'Grimsby on the Lake': [43.2015, -79.5905],
  'Escarpment Heights': [43.1855, -79.5655],
};

/** How far a home may sit from its neighbourhood's point, in degrees (about 450 m north-south, 400 m east-west). */
export const COORDINATE_JITTER = { lat: 0.004, lng: 0.005 } as const;

/**
 * A home's coordinates: its neighbourhood's point moved by a small offset drawn from the Property ID (not from the
 * seed's random stream, so adding coordinates changed no other seeded value), rounded to 6 decimals (~0.1 m).
 */
export function listingCoordinates(neighbourhood: string, propertyId: string): { latitude: number; longitude: number } {
  const centre = NEIGHBOURHOOD_CENTRES[neighbourhood];
  if (!centre) throw new Error(`No map point for the neighbourhood ${neighbourhood}`);
  const a = hashString(`${propertyId}:lat`) / 0xffffffff;
  const b = hashString(`${propertyId}:lng`) / 0xffffffff;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { latitude: round(centre[0] + (a * 2 - 1) * COORDINATE_JITTER.lat), longitude: round(centre[1] + (b * 2 - 1) * COORDINATE_JITTER.lng) };
}

/** Neighbourhoods on the lake shore: some of their homes are on the water. */
const LAKESHORE_NEIGHBOURHOODS: ReadonlySet<string> = new Set([
  'Old Oakville',
  'Eastlake',
  'Bronte',
  'Lorne Park',
  'Port Credit',
  'Mineola',
  'Roseland',
  'Shoreacres',
  'Aldershot',
  'Port Dalhousie',
  'Chautauqua',
  'Old Town',
  'Grimsby Beach',
  'Grimsby on the Lake',
]);
/** Towns of country estates: their lots are counted in acres. */
const ESTATE_TOWNS: ReadonlySet<string> = new Set(['Milton', 'Caledon', 'Halton Hills', 'Niagara-on-the-Lake']);

/**
 * A home's lot (acres, two decimals; none for a condo) and whether it is on the water, drawn from the Property ID as
 * the coordinates are (not from the seed's random stream, so adding them changed no other seeded value): a
 * townhouse's lot is small, a house's a fifth of an acre to an acre and a half, a country estate's up to 25 acres;
 * a third of the houses of a lakeshore neighbourhood are on the water.
 */
export function listingLot(type: string, city: string, neighbourhood: string, propertyId: string): { lotAcres: number | null; waterfront: boolean } {
  const a = hashString(`${propertyId}:lot`) / 0xffffffff;
  const b = hashString(`${propertyId}:water`) / 0xffffffff;
  const round = (n: number) => Math.round(n * 100) / 100;
  if (type === 'Condo') return { lotAcres: null, waterfront: LAKESHORE_NEIGHBOURHOODS.has(neighbourhood) && b < 0.25 };
  const lotAcres =
    type === 'Town House' ? round(0.04 + a * 0.08) : ESTATE_TOWNS.has(city) && type !== 'Commercial' ? round(1 + Math.pow(a, 2) * 24) : round(0.2 + a * 1.3);
  return { lotAcres, waterfront: type !== 'Town House' && LAKESHORE_NEIGHBOURHOODS.has(neighbourhood) && b < 0.34 };
}

/** Property types of the search options (spec section 5). */
export const SEED_PROPERTY_TYPES = ['Condo', 'House', 'Town House', 'Detached Home', 'Residential', 'Commercial', 'Other'] as const;
type SeedPropertyType = (typeof SEED_PROPERTY_TYPES)[number];

const TYPE_WEIGHTS: readonly (readonly [SeedPropertyType, number])[] = [
  ['Detached Home', 30],
  ['House', 22],
  ['Condo', 16],
  ['Town House', 12],
  ['Residential', 10],
  ['Commercial', 5],
  ['Other', 5],
];

const NAME_STYLES: Record<SeedPropertyType, readonly string[]> = {
  'Detached Home': ['Estate', 'Manor', 'Residence', 'Villa', 'Retreat'],
  House: ['House', 'Residence', 'Cottage Estate', 'Family Home'],
  Condo: ['Penthouse', 'Sky Residence', 'Suite', 'Waterfront Condo'],
  'Town House': ['Townhome', 'Row House', 'Executive Townhome'],
  Residential: ['Custom Build', 'Modern Residence', 'Ravine Home'],
  Commercial: ['Boutique Retail', 'Professional Building', 'Mixed-Use Block'],
  Other: ['Vineyard Property', 'Equestrian Farm', 'Building Lot', 'Carriage House'],
};

const ADJECTIVES = [
  'Lakeview',
  'Ravine',
  'Heritage',
  'Modern',
  'Garden',
  'Escarpment',
  'Harbour',
  'Oak Grove',
  'Stonegate',
  'Willow',
  'Parkside',
  'Cedar',
  'Bluffs',
  'Maple',
  'Linden',
  'Crescent',
];

const FEATURES = [
  'Heated floors',
  'Wine cellar',
  'Home theatre',
  'Saltwater pool',
  "Chef's kitchen",
  'Smart home system',
  'Radiant heat',
  'Elevator',
  'Three-car garage',
  'Primary suite with spa ensuite',
  'Walk-out lower level',
  'Gas fireplace',
  'Wood-burning fireplace',
  'Covered loggia',
  'Outdoor kitchen',
  'Home gym',
  'Sauna',
  'Library',
  "Butler's pantry",
  'Mudroom',
  'EV charger',
  'Irrigation system',
  'Generator',
  'Heated driveway',
  'Coffered ceilings',
  'Floor-to-ceiling windows',
  'Lake views',
  'Ravine lot',
  'Concierge',
  'Rooftop terrace',
  'Private elevator access',
  'Nanny suite',
  'Golf simulator',
];

const KITCHENS = [
  "Chef's kitchen with Wolf and Sub-Zero appliances, quartzite island and butler's pantry",
  'Custom Downsview cabinetry, Miele appliances, walk-in pantry and breakfast area',
  'Open kitchen with Calacatta marble counters, Thermador range and coffee bar',
  'Renovated eat-in kitchen with Gaggenau appliances and a 12-foot waterfall island',
  'Two-tone Italian cabinetry, integrated appliances, wine fridge and walk-out to terrace',
];

const SAFETY = [
  'Quiet, low-traffic street with an active neighbourhood watch',
  'Gated enclave with 24-hour monitored security',
  "Concierge and controlled access; one of the area's lowest crime rates",
  'Family-friendly crescent with walkable sidewalks and crossing guards',
  'Private lane with monitored alarm and camera system',
];

const OPENINGS = [
  'Set on a prized lot in {hood}, this {type} is a study in understated luxury.',
  'A rare offering in {hood}: {beds} bedrooms of refined living, finished to the highest standard.',
  'Designed for grand entertaining and quiet everyday comfort, this {hood} {type} delivers both.',
  'Light pours through walls of glass in this architect-designed {type} in the heart of {hood}.',
  'Timeless craftsmanship meets modern convenience in this {type}, moments from the best of {hood}.',
];

/**
 * The sentence drawn, or when the text already has it the next one that it has not: a description never says
 * the same sentence twice (issue 39 #4: the listing description repeated one of the two before it). The draw is kept,
 * so every other seeded value stays as it was.
 */
export function anotherOf(all: readonly string[], drawn: string, used: readonly string[]): string {
  if (!used.includes(drawn)) return drawn;
  const start = all.indexOf(drawn);
  for (let step = 1; step <= all.length; step++) {
    const next = all[(start + step) % all.length]!;
    if (!used.includes(next)) return next;
  }
  return drawn;
}

const MIDDLES = [
  'Soaring ceilings, wide-plank oak floors and custom millwork frame the principal rooms.',
  'The main floor flows from a formal dining room to a family room anchored by a limestone fireplace.',
  'The primary retreat offers a dressing room and a spa ensuite with heated floors and a freestanding tub.',
  'A finished lower level adds a media room, wine cellar, gym and guest suite.',
  'French doors open to a landscaped garden with a covered loggia and outdoor kitchen.',
];

export interface SeedOptions {
  count: number;
  /** Seed of the random stream (same seed, same data). */
  seed?: number;
  /** Listing dates are spread over the 420 days before this day. */
  anchorDate?: string;
  /**
   * Some listings hold open houses on the first weekend after this day (YYYY-MM-DD; default: the day the seed runs,
   * in UTC), so a freshly seeded site shows upcoming ones.
   */
  openHousesFrom?: string;
}

/** A listing's open houses (the 'Open House' field): the first Saturday and Sunday after `from`, in Toronto time. */
function openHouses(from: string, index: number): string {
  const start = new Date(`${from}T12:00:00Z`);
  const toSaturday = (6 - start.getUTCDay() + 7) % 7 || 7;
  const day = (n: number) => new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const hour = 12 + (index % 3);
  return `${day(toSaturday)} ${hour}:00-${hour + 2}:00; ${day(toSaturday + 1)} 13:00-15:00`;
}

const DEFAULT_ANCHOR = '2026-10-31';

function money(rand: SeededRandom, type: SeedPropertyType, city: string): number {
  const premium = ['Oakville', 'Mississauga', 'Niagara-on-the-Lake'].includes(city) ? 1.25 : 1;
  const ranges: Record<SeedPropertyType, [number, number]> = {
    'Detached Home': [2_200_000, 9_800_000],
    House: [1_600_000, 5_500_000],
    Condo: [899_000, 4_200_000],
    'Town House': [1_150_000, 2_900_000],
    Residential: [1_800_000, 6_500_000],
    Commercial: [2_500_000, 12_000_000],
    Other: [1_400_000, 7_500_000],
  };
  const [lo, hi] = ranges[type];
  const raw = (lo + Math.pow(rand.next(), 1.6) * (hi - lo)) * premium;
  return Math.round(raw / 1000) * 1000 - (rand.chance(0.6) ? 1000 : 0);
}

function isoDate(anchor: string, daysBack: number): string {
  const d = new Date(`${anchor}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - daysBack);
  return d.toISOString().slice(0, 10);
}

function postalCode(rand: SeededRandom, prefix: string): string {
  const letters = 'ABCEGHJKLMNPRSTVWXYZ';
  return `${prefix} ${rand.int(1, 9)}${letters[rand.int(0, letters.length - 1)]}${rand.int(0, 9)}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** One listing, complete. */
function listing(rand: SeededRandom, index: number, anchor: string): Fields {
  const town = rand.weighted(TOWNS.map((t) => [t, t.weight] as const));
  const type = rand.weighted(TYPE_WEIGHTS);
  const hood = rand.pick(town.neighbourhoods);
  const number = rand.int(12, 2980) + index * 7;
  const street = rand.pick(town.streets);
  const unit = type === 'Condo' ? `PH${rand.int(1, 6)}0${rand.int(1, 4)} - ` : '';
  const address = `${unit}${number} ${street}, ${town.city}, ON`;
  const name = `${rand.pick(ADJECTIVES)} ${rand.pick(NAME_STYLES[type])} at ${number} ${street}`;
  const beds = type === 'Condo' ? rand.int(2, 4) : type === 'Commercial' ? 0 : rand.int(3, 7);
  const baths = type === 'Commercial' ? rand.int(2, 6) : Math.min(10, beds + rand.int(-1, 3) * 0.5 + 1);
  const size = type === 'Condo' ? rand.int(12, 42) * 100 : type === 'Town House' ? rand.int(20, 38) * 100 : rand.int(32, 110) * 100;
  const price = money(rand, type, town.city);
  const status = rand.weighted([
    ['Available', 74],
    ['Sold', 15],
    ['Conditional', 11],
  ] as const);
  const yearBuilt = rand.chance(0.2) ? rand.int(1870, 1960) : rand.int(1985, 2025);
  const features = rand.sample(FEATURES, rand.int(4, 9));
  const schools = rand.sample(town.schools, rand.int(2, 3));
  const parks = rand.sample(town.parks, rand.int(1, 3));
  const photoCount = rand.int(3, 20);
  const propertyId = `${town.city === 'Oakville' || town.city === 'Burlington' || town.city === 'Milton' || town.city === 'Halton Hills' ? 'W' : town.city === 'Mississauga' || town.city === 'Brampton' || town.city === 'Caledon' ? 'W' : 'X'}${(8_100_000 + index * 137 + rand.int(0, 99)).toString()}`;
  const typeWord = type === 'Other' || type === 'Residential' ? 'home' : type.toLowerCase();
  const values = { hood, type: typeWord, beds: String(beds) };
  const middles = rand.sample(MIDDLES, 2);
  const description = `${fill(rand.pick(OPENINGS), values)} ${middles.join(' ')}`;
  const listingDescription = `${description} ${anotherOf(MIDDLES, rand.pick(MIDDLES), middles)} Offered at ${new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(price)}; private showings by appointment.`;
  const locationDescription = `${town.blurb} ${hood} is known for its ${rand.pick(['tree-lined streets', 'lake breezes', 'ravine trails', 'boutique shopping', 'heritage architecture'])}, with ${schools[0]} and ${parks[0]} close by.`;
  const coordinates = listingCoordinates(hood, propertyId);
  const lot = listingLot(type, town.city, hood, propertyId);
  const photos = Array.from({ length: photoCount }, (_, i) => ({
    id: `att${propertyId}${String(i + 1).padStart(2, '0')}`,
    // the original: a camera-weight JPEG of the local pool (src/media/cameraPhotos.ts), read by the image pipeline
    url: listingPhotoUrl(propertyId, i + 1).replace(/\.svg$/, '.jpg'),
    filename: `${propertyId}-${i + 1}.jpg`,
    type: 'image/jpeg',
    width: CAMERA_WIDTH,
    height: CAMERA_HEIGHT,
  }));
  return {
    'Property Name': name,
    'Property ID': propertyId,
    'Property Type': type,
    Status: status,
    Location: hood,
    'City/State': `${town.city}, ON`,
    'Postal Code': postalCode(rand, rand.pick(town.postal)),
    Price: price,
    Bedrooms: beds,
    Bathrooms: baths,
    'Size (sq ft)': size,
    ...(lot.lotAcres === null ? {} : { 'Lot Size (acres)': lot.lotAcres }),
    Waterfront: lot.waterfront,
    Garage: type === 'Condo' ? rand.int(1, 2) : rand.int(2, 4),
    Description: description,
    'Listing Description': listingDescription,
    'Location Description': locationDescription,
    'Listing Date': isoDate(anchor, rand.int(0, 420)),
    'Year Built': yearBuilt,
    Kitchen: rand.pick(KITCHENS),
    'Tax Amount': Math.round((price * (0.0068 + rand.next() * 0.0035)) / 10) * 10,
    'Parking Spaces': type === 'Condo' ? rand.int(1, 3) : rand.int(4, 10),
    School: schools.join(', '),
    'School Count': schools.length + rand.int(2, 9),
    Parks: parks.join(', '),
    'Parks Count': parks.length + rand.int(1, 8),
    Transit: rand.sample(town.transit, 2).join('; '),
    Safety: rand.pick(SAFETY),
    Address: address,
    Latitude: coordinates.latitude,
    Longitude: coordinates.longitude,
    Features: features.join(', '),
    Featured: rand.chance(0.3),
    Photos: photos,
  };
}

/** Turns some records into the messy shapes real bases contain. Deterministic by index. */
function messUp(fields: Fields, index: number): Fields {
  const photos = fields.Photos as { url: string }[];
  const out: Fields = { ...fields };
  switch (index % 12) {
    case 3: // photos as a comma-separated string
      out.Photos = photos.map((p) => p.url).join(', ');
      break;
    case 5: // a single attachment object
      out.Photos = photos[0] as unknown as FieldValue;
      break;
    case 7: // an array of strings with junk entries
      out.Photos = [...photos.map((p) => p.url), 'undefined', '', 'null'];
      break;
    case 9: // 'Not specified' values and numbers as text
      out.Kitchen = 'Not specified';
      out.Features = 'Not specified';
      out.Transit = 'Not specified';
      out['Tax Amount'] = 'Not specified';
      out.Garage = String(out.Garage);
      out.Price = `${Number(out.Price).toLocaleString('en-CA')}`;
      out.Latitude = String(out.Latitude);
      out.Longitude = String(out.Longitude);
      break;
    case 11: // missing fields
      delete out['Year Built'];
      delete out.Safety;
      delete out['Location Description'];
      delete out['Listing Description'];
      delete out['Parks Count'];
      delete out.Location;
      break;
    default:
      break;
  }
  return out;
}

/** Generates `count` listings, the same on every run for the same options. Oldest record first. */
export function generateListings(options: SeedOptions): StoredRecord[] {
  const rand = new SeededRandom(options.seed ?? 20260131);
  const anchor = options.anchorDate ?? DEFAULT_ANCHOR;
  const names = new Set<string>();
  const records: StoredRecord[] = [];
  for (let i = 0; i < options.count; i++) {
    let fields = listing(rand, i, anchor);
    // property pages are found by the slug of the name: keep names unique
    while (names.has(String(fields['Property Name']))) fields = listing(rand, i + options.count, anchor);
    names.add(String(fields['Property Name']));
    // the first few are featured and available, so the home page always has a full row
    if (i < 9) {
      fields.Status = 'Available';
      fields.Featured = true;
    }
    if (i >= 12 && options.count <= 2000) fields = messUp(fields, i);
    else if (i >= 12 && i % 97 === 0) fields = messUp(fields, i);
    // what portals show on a listing (no random draw: the other fields stay as they were)
    if (i % 5 === 2 && fields.Status === 'Available') fields['Open House'] = openHouses(options.openHousesFrom ?? new Date().toISOString().slice(0, 10), i);
    if (i % 7 === 3) fields['Virtual Tour'] = 'https://vimeo.com/76979871';
    const created = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
    records.push({ id: seededRecordId(i + 1), createdTime: created, fields });
  }
  return records;
}

/** Field names of the Properties table (declared so formulas can name a field no record has yet). */
export const PROPERTY_FIELD_NAMES: readonly string[] = [
  'Property Name',
  'Property ID',
  'Property Type',
  'Status',
  'Location',
  'City/State',
  'Postal Code',
  'Price',
  'Bedrooms',
  'Bathrooms',
  'Size (sq ft)',
  'Lot Size (acres)',
  'Waterfront',
  'Garage',
  'Description',
  'Listing Description',
  'Location Description',
  'Listing Date',
  'Year Built',
  'Kitchen',
  'Tax Amount',
  'Parking Spaces',
  'School',
  'School Count',
  'Parks',
  'Parks Count',
  'Transit',
  'Safety',
  'Address',
  'Latitude',
  'Longitude',
  'Features',
  'Featured',
  'Open House',
  'Virtual Tour',
  'Photos',
  'Floor Plans',
];
