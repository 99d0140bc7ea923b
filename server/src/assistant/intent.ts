/**
 * Reads what a visitor asks in plain words, without any model: buy / sell / invest, city names, bedrooms,
 * price limits, property types, office / evaluation / down-payment questions, and a name and an email.
 */
import { readBareName, readName } from './names';

export type Goal = 'buy' | 'sell' | 'invest';
export type Topic = 'offices' | 'evaluation' | 'downPayment' | 'landTransferTax' | 'mortgagePayment' | 'greeting' | 'thanks' | 'listWithUs';

/** A property-type family; each matches the listing types named in `LISTING_TYPES_BY_KIND`. */
export type PropertyKind = 'condo' | 'townhouse' | 'detached' | 'house' | 'commercial' | 'residential';

export interface Criteria {
  cities: string[];
  minBedrooms?: number;
  minBathrooms?: number;
  maxPrice?: number;
  minPrice?: number;
  kind?: PropertyKind;
}

export interface Intent {
  goals: Goal[];
  topics: Topic[];
  criteria: Criteria;
  /** True when the words carry any listing criterion. */
  hasCriteria: boolean;
  email?: string;
  /** A name the message surely gives. */
  name?: string;
  /** Words that may be a name (lower case after "I'm", a town's name): to confirm before storing. */
  nameToConfirm?: string;
  phone?: string;
  /** A price named in a down-payment, land-transfer-tax or payment question ('down payment on 1.2M'). */
  amount?: number;
  /** The question names Toronto (the City's municipal land transfer tax applies). */
  toronto?: boolean;
}

/** Cities of the team's area (the seed uses these; others are recognised too). */
export const KNOWN_CITIES = [
  'Oakville',
  'Mississauga',
  'Burlington',
  'Milton',
  'Brampton',
  'Caledon',
  'Halton Hills',
  'Georgetown',
  'Acton',
  'St. Catharines',
  'Niagara-on-the-Lake',
  'Niagara Falls',
  'Grimsby',
  'Hamilton',
  'Toronto',
  'Vaughan',
  'Markham',
  'Richmond Hill',
  'Etobicoke',
  'Lincoln',
  'Welland',
  'Fort Erie',
] as const;

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, a: 1, single: 1 };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A city name as a loose pattern: 'St. Catharines' also matches 'st catharines', 'Niagara-on-the-Lake' 'niagara on the lake'. */
function cityPattern(city: string): RegExp {
  const words = city
    .toLowerCase()
    .replace(/\./g, '')
    .split(/[\s-]+/)
    .map(escapeRegExp);
  return new RegExp(`\\b${words.join('[\\s.-]*')}\\b`, 'i');
}

export function findCities(text: string, extraCities: readonly string[] = []): string[] {
  const all = [...new Set([...KNOWN_CITIES, ...extraCities])].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  let rest = text;
  for (const city of all) {
    const pattern = cityPattern(city);
    if (pattern.test(rest)) {
      found.push(city);
      rest = rest.replace(pattern, ' '); // 'Niagara Falls' is not also 'Niagara…'
    }
  }
  return found;
}

const MONEY = /(\$\s*)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(million|mil|mm|m|k|thousand|grand)?(?![\w%])/gi;

interface Money {
  value: number;
  index: number;
  end: number;
  explicit: boolean;
}

/** Money amounts: '$1.5M', '2 million', '900k', '$850,000'. Bare small numbers ('3') are not money. */
export function findAmounts(text: string): Money[] {
  const out: Money[] = [];
  for (const m of text.matchAll(MONEY)) {
    const [, dollar, digits = '', unit] = m;
    let value = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const u = unit?.toLowerCase();
    if (u === 'million' || u === 'mil' || u === 'mm' || u === 'm') value *= 1_000_000;
    else if (u === 'k' || u === 'thousand' || u === 'grand') value *= 1_000;
    const explicit = Boolean(dollar || u || digits.includes(','));
    if (!explicit && value < 10_000) continue; // '3 bed', '2 baths', a year: not a price
    if (value < 10_000) continue;
    out.push({ value: Math.round(value), index: m.index ?? 0, end: (m.index ?? 0) + m[0].length, explicit });
  }
  return out;
}

const MIN_WORDS = /\b(over|above|more than|at least|min(?:imum)?|from|starting at|north of)\s*$/i;

function priceLimits(text: string): { maxPrice?: number; minPrice?: number } {
  const amounts = findAmounts(text);
  const result: { maxPrice?: number; minPrice?: number } = {};
  const between = /\bbetween\s+(.+?)\s+(?:and|to|-)\s+(.+?)(?:$|[,.;!?]|\s(?:in|with|for)\b)/i.exec(text);
  if (between) {
    const a = findAmounts(between[1] ?? '')[0]?.value ?? Number(/^\$?\s*(\d+(?:\.\d+)?)\s*$/.exec(between[1] ?? '')?.[1] ?? NaN);
    const b = findAmounts(between[2] ?? '')[0]?.value;
    if (Number.isFinite(a) && b !== undefined) {
      let low = a;
      let high = b;
      // '1 and 2 million': the unit of the second applies to the first
      if (low < 10_000 && high >= 1_000_000) low *= 1_000_000;
      if (low > high) [low, high] = [high, low];
      return { minPrice: low, maxPrice: high };
    }
  }
  for (const amount of amounts) {
    const before = text.slice(Math.max(0, amount.index - 24), amount.index);
    if (MIN_WORDS.test(before)) result.minPrice = amount.value;
    else result.maxPrice = amount.value; // 'under 2 million', 'up to', 'around', or a bare budget ('900k')
  }
  return result;
}

function bedrooms(text: string): number | undefined {
  const m = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*\+?\s*-?\s*(?:bed(?:room)?s?|br|bdr?m?s?)\b/i.exec(text);
  if (!m?.[1]) return undefined;
  const raw = m[1].toLowerCase();
  const n = WORD_NUMBERS[raw] ?? Number(raw);
  return Number.isFinite(n) && n > 0 && n <= 20 ? n : undefined;
}

function bathrooms(text: string): number | undefined {
  const m = /\b(\d{1,2}(?:\.5)?|one|two|three|four|five)\s*\+?\s*-?\s*(?:bath(?:room)?s?|ba|washrooms?)\b/i.exec(text);
  if (!m?.[1]) return undefined;
  const raw = m[1].toLowerCase();
  const n = WORD_NUMBERS[raw] ?? Number(raw);
  return Number.isFinite(n) && n > 0 && n <= 20 ? n : undefined;
}

function propertyKind(text: string): PropertyKind | undefined {
  const t = text.toLowerCase();
  if (/\b(condo(minium)?s?|apartments?|penthouses?|lofts?)\b/.test(t)) return 'condo';
  if (/\b(town\s*-?\s*(house|home)s?|row\s*houses?)\b/.test(t)) return 'townhouse';
  if (/\b(semi-?detached|detached|single[-\s]family|estates?|mansions?)\b/.test(t)) return 'detached';
  if (/\bcommercial|office space|retail\b/.test(t)) return 'commercial';
  if (/\b(houses?|bungalows?)\b/.test(t)) return 'house';
  return undefined;
}

export const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
export const PHONE = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
/** A person's name the message gives for sure: 'My name is Jane Doe', "I'm Anna-Marie O'Neil", 'Jane Doe, jane@example.com'. */
export function findName(text: string): string | undefined {
  const read = readName(text);
  return read?.sure ? read.name : undefined;
}

/**
 * A message that is nothing but a name ('Jane Doe', 'jane.'), the answer to "what is your name?". Greetings,
 * thanks and ordinary words are not names ('Thank you', 'No thanks', 'Sure').
 */
export function bareName(text: string): string | undefined {
  return readBareName(text)?.name;
}

export function parseIntent(text: string, extraCities: readonly string[] = []): Intent {
  const t = text.toLowerCase();
  const goals: Goal[] = [];
  if (/\b(buy|buying|purchase|purchasing|looking for|find me|show me|search|searching|move to|moving to|first[-\s]time buyer|for sale|available)\b/.test(t))
    goals.push('buy');
  if (/\b(sell|selling|sold|list my|listing my|put my (house|home|condo) on)\b/.test(t)) goals.push('sell');
  if (/\b(invest|investing|investment|investor|rental|rent out|cash ?flow|roi|pre-?construction|income property)\b/.test(t)) goals.push('invest');

  const topics: Topic[] = [];
  if (
    /\b(office|offices|address|addresses|located|location of your|where are you|phone|call you|telephone|contact (you|the team|details|info)|reach (you|the team)|visit you)\b/.test(
      t,
    )
  )
    topics.push('offices');
  if (/\b(evaluat\w*|apprais\w*|valuation|value of my|what('?s| is) my (home|house|condo|property) worth|how much is my|worth)\b/.test(t))
    topics.push('evaluation');
  if (/\b(down ?payment|downpayment|deposit needed|how much (do i need|should i put) down|minimum down)\b/.test(t)) topics.push('downPayment');
  if (/\b(land[-\s]?transfer|transfer tax|ltt|mltt|welcome tax)\b/.test(t)) topics.push('landTransferTax');
  if (
    /\b(mortgage payments?|monthly payments?|payments? (would|will|be)|pay (per|a|each|every) month|monthly (cost|mortgage)|mortgage (cost|calculator)|carrying costs?)\b/.test(
      t,
    ) ||
    /\bhow much (would|will|do) i pay\b/.test(t)
  )
    topics.push('mortgagePayment');
  if (/\b(list with you|list my|listing my)\b/.test(t)) topics.push('listWithUs');
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening)|bonjour|greetings)\b/.test(t)) topics.push('greeting');
  if (/^\s*(thanks|thank you|thx|great,? thanks|perfect)\b/.test(t)) topics.push('thanks');

  const prices = priceLimits(text);
  const criteria: Criteria = { cities: findCities(text, extraCities), ...prices };
  const beds = bedrooms(text);
  if (beds !== undefined) criteria.minBedrooms = beds;
  const baths = bathrooms(text);
  if (baths !== undefined) criteria.minBathrooms = baths;
  const kind = propertyKind(text);
  if (kind) criteria.kind = kind;
  const hasCriteria =
    criteria.cities.length > 0 ||
    beds !== undefined ||
    baths !== undefined ||
    kind !== undefined ||
    prices.maxPrice !== undefined ||
    prices.minPrice !== undefined;

  const intent: Intent = { goals, topics, criteria, hasCriteria };
  const email = EMAIL.exec(text)?.[0];
  if (email) intent.email = email.toLowerCase();
  const withoutEmail = email ? text.replace(email, ' ') : text;
  const phone = PHONE.exec(withoutEmail)?.[0];
  if (phone) intent.phone = phone.trim();
  const name = readName(text);
  if (name?.sure) intent.name = name.name;
  else if (name) intent.nameToConfirm = name.name;
  if (topics.includes('downPayment') || topics.includes('landTransferTax') || topics.includes('mortgagePayment')) {
    const amount = findAmounts(text)[0];
    if (amount) intent.amount = amount.value;
  }
  if (/\btoronto\b/i.test(text)) intent.toronto = true;
  return intent;
}
