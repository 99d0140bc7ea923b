/**
 * A visitor's name read from a chat message, without any model. Names come in many shapes: hyphens and apostrophes
 * (Anna-Marie O'Neil, D'Angelo), particles (Jan van der Berg, Maria de la Cruz, Fatima al-Sayed), two given names
 * (Mary Anne Smith), letters beyond English (José Álvarez, Nguyễn Văn An, Łucja Żak, 李明). A name is read from the
 * words that introduce it ("my name is", "this is", "I am", "I'm", "call me"), or from a message that begins with
 * it before an email. A reading is `sure` when the words can only be a name; otherwise the assistant asks
 * ("Should I note your name as …?") rather than guess.
 */

export interface NameReading {
  name: string;
  /** False: the words may not be a name (lower-case after "I'm", a town's name): confirm it before storing. */
  sure: boolean;
}

/** Words that are never a name (or a part of one): ordinary words that follow "I'm", "this is", "call me". */
export const NOT_NAMES = new Set([
  'and',
  'or',
  'but',
  'my',
  'email',
  'e-mail',
  'mail',
  'from',
  'in',
  'looking',
  'interested',
  'a',
  'an',
  'the',
  'here',
  'not',
  'just',
  'buying',
  'selling',
  'investing',
  'trying',
  'thinking',
  'wondering',
  'new',
  'moving',
  'relocating',
  'planning',
  'hoping',
  'at',
  'on',
  'with',
  'to',
  'for',
  'so',
  'very',
  'also',
  'ready',
  'curious',
  'back',
  'sure',
  'ok',
  'okay',
  'fine',
  'good',
  'great',
  'happy',
  'glad',
  'is',
  'it',
  'phone',
  'cell',
  'mobile',
  'number',
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'contact',
  'available',
  'reachable',
  'currently',
  'me',
  'us',
  'you',
  'i',
  'reach',
  'write',
  'send',
  'text',
  'please',
  'yes',
  'yeah',
  'of',
  'course',
  'name',
  'about',
  'question',
  'questions',
  'regarding',
  're',
  'dear',
  'team',
  'agent',
  'home',
  'house',
  'condo',
  'property',
  'info',
  'information',
  'details',
  'no',
  'nope',
  'thx',
  'cheers',
  'bye',
  'goodbye',
  'perfect',
  'awesome',
  'cool',
  'nice',
  'wow',
  'what',
  'why',
  'how',
  'when',
  'where',
  'who',
  'which',
  'can',
  'could',
  'would',
  'will',
  'do',
  'does',
  'did',
  'are',
  'was',
  'that',
  'this',
  'there',
  'they',
  'we',
  'your',
  'our',
  'much',
  'many',
  'some',
  'any',
  'all',
  'more',
  'help',
  'need',
  'want',
  'like',
  'love',
  'tax',
  'mortgage',
  'payment',
  'price',
  'listing',
  'listings',
  'call',
  'later',
  'today',
  'tomorrow',
  'tonight',
  'now',
  'soon',
  'anytime',
  'asap',
  'whenever',
  'maybe',
  'morning',
  'mornings',
  'afternoon',
  'afternoons',
  'evening',
  'evenings',
  'weekend',
  'weekends',
  'done',
  'correct',
  'right',
  'wrong',
  'actually',
  'again',
  'bad',
  'ask',
  'asking',
  'get',
  'got',
  'let',
  'lets',
  "let's",
  'sorry',
  'still',
  'only',
  'too',
]);

/** Particles inside a name, kept in lower case: Jan van der Berg, Maria de la Cruz, Ludwig von Mises, Ana dos Santos. */
const PARTICLES = new Set([
  'de',
  'del',
  'della',
  'der',
  'den',
  'di',
  'da',
  'das',
  'dos',
  'du',
  'la',
  'le',
  'van',
  'von',
  'ten',
  'ter',
  'bin',
  'ibn',
  'bint',
  'al',
  'el',
  'y',
  'zu',
]);

/** A word of a name: letters (any script), with inner hyphens, apostrophes or a final period (an initial). */
const WORD = /^[\p{L}\p{M}](?:[\p{L}\p{M}'’-]*[\p{L}\p{M}])?\.?$/u;
const startsUpper = (w: string): boolean => /^[\p{Lu}\p{Lt}]/u.test(w);
/** Letters without case (CJK, Arabic, Hebrew…): no capital to look for. */
const uncased = (w: string): boolean => /^[\p{Lo}]/u.test(w);
const bare = (w: string): string => w.toLowerCase().replace(/[’]/g, "'").replace(/\.$/, '');
/** 'al-Sayed', "d'Angelo", "o'neil": a particle joined to the name by a hyphen or an apostrophe. */
const joinedParticle = (w: string): boolean => /^(al|el|ad|as|abu|ben|bin|d|o|l)['’-]\p{L}/iu.test(w);

function isParticle(w: string): boolean {
  return PARTICLES.has(bare(w));
}

/** Ordinary words that are also names (Nguyễn Văn An, Will Smith): a name's second word when written with a capital. */
const ALSO_NAMES = new Set(['an', 'will', 'so', 'do', 'sure', 'bad']);

function isNameWord(w: string, inside: boolean): boolean {
  if (!WORD.test(w)) return false;
  return !NOT_NAMES.has(bare(w)) || (inside && startsUpper(w) && ALSO_NAMES.has(bare(w)));
}

/** One word in a name's usual capitals: 'o'neil' → "O'Neil", 'anna-marie' → 'Anna-Marie'; mixed case is kept. */
function capitalise(word: string, inner: boolean): string {
  if (inner && isParticle(word)) return word.toLowerCase();
  if (word !== word.toLowerCase() && word !== word.toUpperCase()) return word;
  const lower = word.toLowerCase();
  return lower.replace(/(^[\p{L}]['’]|^|-)(\p{L})/gu, (_m, before: string, letter: string) => `${before.toUpperCase()}${letter.toUpperCase()}`);
}

export function tidyName(words: readonly string[]): string {
  return words
    .map((w, i) => capitalise(w, i > 0 && i < words.length - 1))
    .join(' ')
    .slice(0, 80);
}

/** Split on spaces, keeping the punctuation that ends a name (',', ';', '(', '!') as the end of the run. */
function leadingNameWords(text: string, opts: { capitals: boolean }): { words: string[]; lowercase: boolean } {
  const words: string[] = [];
  let lowercase = false;
  const tokens = text.split(/\s+/).filter(Boolean);
  for (const raw of tokens) {
    const stopAfter = /[,;:!?()"“”]$/.test(raw) || (/[.]$/.test(raw) && !/^\p{L}\.$/u.test(raw));
    const token = raw
      .replace(/^[("“]+/, '')
      .replace(/[,;:!?()"“”]+$/, '')
      .replace(/(?<=\p{L}{2})\.$/u, '');
    if (token === '') break;
    const particle = words.length > 0 && isParticle(token);
    if (!particle && !isNameWord(token, words.length > 0)) break;
    if (!particle && !startsUpper(token) && !uncased(token) && !joinedParticle(token)) {
      // "I'm Jane and …": after a capitalised word the name ends at the first lower-case one
      if (opts.capitals && words.length > 0 && !lowercase) break;
      lowercase = true;
    }
    words.push(token);
    if (words.length >= 6 || stopAfter) break;
  }
  while (words.length > 0 && isParticle(words[words.length - 1]!)) words.pop();
  return { words, lowercase };
}

/** The phrases that introduce a name. `capitals`: only a word with a capital letter is read as a name after it. */
const INTRODUCTIONS: { pattern: RegExp; capitals: boolean; lowerMeansNone?: boolean }[] = [
  { pattern: /(?<![\p{L}])(?:my name is|my name's|my name’s|name is|name:|my full name is)\s+/giu, capitals: false },
  { pattern: /(?<![\p{L}])(?:this is|i am|i'm|i’m|im|it's|it’s|it is|here is|here's|here’s|sincerely|regards|cheers)[,:]?\s+/giu, capitals: true },
  { pattern: /(?<![\p{L}])(?:call me|you can call me|ask for)\s+/giu, capitals: true, lowerMeansNone: true },
];

export const KNOWN_PLACES = new Set(
  [
    'oakville',
    'mississauga',
    'burlington',
    'milton',
    'brampton',
    'caledon',
    'georgetown',
    'acton',
    'grimsby',
    'hamilton',
    'toronto',
    'vaughan',
    'markham',
    'etobicoke',
    'lincoln',
    'welland',
    'niagara',
    'halton',
    'peel',
    'ontario',
    'canada',
  ].map((c) => c.toLowerCase()),
);

/** A run of words read as a name: how sure the reading is. */
function reading(words: readonly string[], lowercase: boolean, placeMeansNone = false): NameReading | undefined {
  const named = words.filter((w) => !isParticle(w));
  if (named.length === 0) return undefined;
  const tooLong = named.length > 4;
  const kept = tooLong ? words.slice(0, 4) : words;
  // a town alone ('call me about Oakville', 'my name is Milton') or lower-case words after "I'm" may be no name at all
  const place = named.length === 1 && KNOWN_PLACES.has(bare(named[0]!));
  if (place && placeMeansNone) return undefined;
  return { name: tidyName(kept), sure: !lowercase && !place && !tooLong };
}

/** The name the introductions in a message give: the first sure one, else the first reading to confirm. */
function introduced(text: string): NameReading | undefined {
  const found: { index: number; reading: NameReading }[] = [];
  for (const intro of INTRODUCTIONS) {
    intro.pattern.lastIndex = 0;
    for (const m of text.matchAll(intro.pattern)) {
      const after = text.slice((m.index ?? 0) + m[0].length);
      const { words, lowercase } = leadingNameWords(after, { capitals: intro.capitals });
      if (words.length === 0) continue;
      if (lowercase && intro.lowerMeansNone) continue;
      const r = reading(words, lowercase && intro.capitals, intro.capitals);
      if (r) found.push({ index: m.index ?? 0, reading: r });
    }
  }
  found.sort((a, b) => a.index - b.index);
  return found.find((f) => f.reading.sure)?.reading ?? found[0]?.reading;
}

const LEADING_WORDS = /^\s*(?:(?:sure|yes|yeah|yep|ok|okay|of course|certainly|absolutely|hi|hello|hey|great|sorry|no|nope|actually)(?![\p{L}])[\s,!.:-]*)*/iu;

/** Words that are all a name, with nothing else ('Jane Doe', "mary-kate o'neil", 'Nguyễn Văn An'). */
function onlyName(words: string): NameReading | undefined {
  const text = words.trim().replace(/[.!]+$/, '');
  const { words: read } = leadingNameWords(text, { capitals: false });
  const all = text.split(/\s+/).filter(Boolean);
  if (read.length === 0 || read.length !== all.length) return undefined;
  return reading(read, false);
}

/** The email pattern of the assistant (a message that begins with a name before it gives the name). */
const EMAIL_AHEAD = /^\s*([^@,;:]+?)\s*(?:[,;:-]\s*|\s+)[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;

/** The name a message gives, with how sure the reading is. */
export function readName(text: string): NameReading | undefined {
  const intro = introduced(text);
  if (intro) return intro;
  // 'Jane Doe, jane@example.com', 'Sure, Jane Doe jane@example.com': only words that are all names
  const m = EMAIL_AHEAD.exec(text.replace(LEADING_WORDS, ''));
  return m?.[1] ? onlyName(m[1]) : undefined;
}

/** A message that is nothing but a name, the answer to "what is your name?" ('Thank you', 'Sure' are none). */
export function readBareName(text: string): NameReading | undefined {
  const rest = text.replace(LEADING_WORDS, '');
  return rest.trim() === '' ? undefined : onlyName(rest);
}
