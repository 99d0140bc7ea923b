/**
 * The local assistant's answer to one visitor message, from the listings and the site's facts (no model):
 * listings for buy / invest criteria, office addresses and phones, booking a home evaluation, the minimum down
 * payment rule, and otherwise an offer to pass the question to the team, storing a lead once a name and an email
 * are given.
 */
import { formatPrice, propertySlug, siteProfile, telHref, type ChatContact, type PropertyRecord } from '@gta/shared/core';
import { EMAIL, PHONE, bareName, findName, parseIntent, type Criteria, type Intent } from './intent';
import { readName } from './names';
import { PAYMENT_DEFAULTS, landTransferTax, monthlyPayment } from './guides';
import { describeCriteria, listingLine, listingSummary, morePath, searchListings } from './listings';

export type Role = 'human' | 'ai';

export interface Turn {
  role: Role;
  content: string;
}

export interface ChatLead {
  name: string;
  email: string;
  phone?: string;
  question: string;
  conversation: string;
}

export interface ReplyContext {
  listings: readonly PropertyRecord[];
  /** The conversation so far, oldest first, without the new message. */
  history: readonly Turn[];
  /** Stores the lead; returns false when this session already left the same email. */
  saveLead: (lead: ChatLead) => boolean;
  /** Names of files the visitor attached to this message. */
  fileNames?: readonly string[];
  /** The contact a lead form on the site already gave (metadata.context.contact): not asked for again. */
  contact?: ChatContact;
  /** The listing the visitor asked about ('Ask about this home', metadata.context.listing), found by its slug. */
  listing?: PropertyRecord;
}

/** Marks the answer that offered to pass a question on (also how a later message finds that question). */
export const HANDOFF_MARK = 'pass your question to the team';

/** Minimum down payment in Canada: 5% of the first $500,000, 10% of the rest; 20% of the whole price at $1.5M or more. */
export function minimumDownPayment(price: number): number {
  if (price >= 1_500_000) return Math.round(price * 0.2);
  if (price <= 500_000) return Math.round(price * 0.05);
  return Math.round(25_000 + (price - 500_000) * 0.1);
}

function downPaymentAnswer(amount: number | undefined): string {
  const rule =
    'The minimum down payment in Canada is **5% of the first $500,000** of the price and **10% of the portion above $500,000**; ' +
    'from a price of **$1,500,000 and up, it is 20%** of the whole price (and below 20% down, mortgage default insurance is required).';
  const example =
    amount !== undefined
      ? `\n\nFor a ${formatPrice(amount)} home the minimum is **${formatPrice(minimumDownPayment(amount))}**.`
      : `\n\nFor example: $450,000 → ${formatPrice(minimumDownPayment(450_000))}; $900,000 → ${formatPrice(minimumDownPayment(900_000))}; $1,800,000 → ${formatPrice(minimumDownPayment(1_800_000))}.`;
  return `${rule}${example}\n\nOur [mortgage calculators](/mortgage-calculator) work out payments and land transfer tax.`;
}

/** Dollars with cents only when there are cents ('$14,475', '$3,979.52'). */
function money(value: number): string {
  const cents = Math.round(value * 100) % 100 !== 0;
  return `$${value.toLocaleString('en-CA', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 })}`;
}

export const LTT_CALCULATOR_PATH = '/mortgage-calculator?tab=land-transfer-tax';
export const PAYMENT_CALCULATOR_PATH = '/mortgage-calculator?tab=payment';

/** Land transfer tax from the calculators' rules: Ontario's, and Toronto's on top in the City of Toronto. */
export function landTransferTaxAnswer(amount: number | undefined, toronto: boolean): string {
  const link = `Try other prices, and the first-time buyer refunds, in our [land transfer tax calculator](${LTT_CALCULATOR_PATH}).`;
  if (amount === undefined) {
    const example = landTransferTax(900_000);
    return (
      `Land transfer tax is paid on closing, on the purchase price: Ontario charges 0.5% to 2.5% by bracket, and in the City of Toronto the municipal tax is added on top. ` +
      `For example, on a $900,000 home it is **${money(example.ontario)}** in Ontario, or **${money(example.inToronto)}** in Toronto. Tell me the price and I'll work it out. ${link}`
    );
  }
  const tax = landTransferTax(amount);
  const ontarioLine = `On a ${formatPrice(amount)} home, Ontario's land transfer tax is **${money(tax.ontario)}**`;
  const torontoLine = `in the City of Toronto the municipal tax adds ${money(tax.toronto)}, for **${money(tax.inToronto)}** in all`;
  const rebates = `First-time buyers get up to ${money(tax.ontarioFirstTimeRebate)} back from Ontario${toronto ? ` and up to ${money(tax.torontoFirstTimeRebate)} from Toronto` : ''}.`;
  return toronto ? `${ontarioLine}, and ${torontoLine}. ${rebates} ${link}` : `${ontarioLine} (${torontoLine}). ${rebates} ${link}`;
}

/** A monthly payment from the calculators' defaults (20% down, 25 years, their default rate). */
export function mortgagePaymentAnswer(amount: number | undefined): string {
  const price = amount ?? PAYMENT_DEFAULTS.price;
  const down = Math.round(price * PAYMENT_DEFAULTS.downPaymentShare);
  const payment = monthlyPayment(price - down, PAYMENT_DEFAULTS.contractRate, PAYMENT_DEFAULTS.amortizationYears);
  const rate = `${(PAYMENT_DEFAULTS.contractRate * 100).toFixed(2)}%`;
  const lead = amount === undefined ? 'It depends on the price, your down payment, the rate and the amortization. For example, on' : 'On';
  return (
    `${lead} a ${formatPrice(price)} home with 20% down (${formatPrice(down)}), a ${rate} fixed rate and a 25-year amortization, the payment is about **${money(payment)} a month**. ` +
    `Put in your own figures, including a smaller down payment and its CMHC premium, in our [mortgage payment calculator](${PAYMENT_CALCULATOR_PATH}).`
  );
}

function officesAnswer(): string {
  const lines = siteProfile.offices.map(
    (o) => `- **${o.name}** — ${o.addressLines.join(', ')} · [${o.phone}](${telHref(o.phone)}) · [${o.email}](mailto:${o.email})`,
  );
  const agent = siteProfile.agent;
  return [
    `You can reach ${siteProfile.teamName} at any of our offices:`,
    '',
    ...lines,
    '',
    `Or call the team directly at [${agent.mobilePhone}](${telHref(agent.mobilePhone)}) (mobile) or [${agent.officePhone}](${telHref(agent.officePhone)}) (office). More on [our offices](/our-offices) and the [contact page](/contact-us).`,
  ].join('\n');
}

function evaluationAnswer(): string {
  return (
    'Booking a home evaluation is simple: fill in the short form on our [home evaluation page](/home-evaluation) — your address, city, ' +
    'postal code, bedrooms, bathrooms and size — and an agent will prepare a market evaluation and contact you, at no cost or obligation.'
  );
}

function sellAnswer(withEvaluation: boolean): string {
  return [
    'Thinking of selling? We market every home with professional photography, targeted promotion and our network of buyers across the GTA.',
    withEvaluation ? '' : `The best first step is a free [home evaluation](/home-evaluation): we'll tell you what your home could sell for today.`,
    'When you are ready, you can [list with us](/list-with-us), or read our [seller’s guide](/sellers-guide).',
  ]
    .filter(Boolean)
    .join(' ');
}

function investAnswer(): string {
  return 'For investors we track pre-construction launches and income properties across Halton, Peel and Niagara — see our [pre-construction guide](/pre-construction) or [register for new developments](/new-development).';
}

function listingsAnswer(criteria: Criteria, listings: readonly PropertyRecord[], contact?: ChatContact): string {
  const result = searchListings(listings, criteria);
  const what = describeCriteria(criteria);
  const more = morePath(criteria);
  if (result.total === 0) {
    // widen the search by dropping the narrowest criteria, one at a time
    const relaxed: Criteria = { ...criteria };
    delete relaxed.minBathrooms;
    delete relaxed.kind;
    let alt = searchListings(listings, relaxed, 3);
    if (alt.total === 0) {
      delete relaxed.minBedrooms;
      alt = searchListings(listings, relaxed, 3);
    }
    if (alt.total === 0) {
      delete relaxed.minPrice;
      delete relaxed.maxPrice;
      alt = searchListings(listings, relaxed, 3);
    }
    const nearby = alt.total > 0 ? `\n\nThe closest available ${describeCriteria(relaxed)}:\n\n${alt.matches.map(listingLine).join('\n')}` : '';
    const alert = contact
      ? `ask me to pass this on and an agent will send matches to **${contact.email}** first`
      : 'leave your name and email and an agent will send you matches first';
    return `I couldn't find any available ${what} right now.${nearby}\n\nNew homes come to market every week: ${alert}, or [tell us what you're looking for](/active-listings).`;
  }
  const count = result.total === 1 ? 'one available listing' : `${result.total} available listings`;
  const shown = result.total > result.matches.length ? ` Here are the top ${result.matches.length}:` : '';
  return `I found ${count} — ${what}.${shown}\n\n${result.matches.map(listingLine).join('\n')}\n\nSee [${more.label}](${more.path}), or tell me a budget, a city or the number of bedrooms to narrow it down.`;
}

/** Refining an earlier search ('under 1.5M' after '3 bed in Oakville') keeps what the visitor said before. */
function withEarlierCriteria(current: Intent, history: readonly Turn[], cities: readonly string[]): Criteria {
  if (current.criteria.cities.length > 0) return current.criteria;
  const lastHuman = [...history].reverse().find((t) => t.role === 'human');
  if (!lastHuman) return current.criteria;
  const previous = parseIntent(lastHuman.content, cities);
  if (!previous.hasCriteria || previous.topics.some((t) => t === 'downPayment' || t === 'landTransferTax' || t === 'mortgagePayment')) return current.criteria;
  const merged: Criteria = { ...previous.criteria, ...current.criteria, cities: previous.criteria.cities };
  for (const key of Object.keys(merged) as (keyof Criteria)[]) if (merged[key] === undefined) delete merged[key];
  return merged;
}

function handoffAnswer(): string {
  return `That's a question for one of our agents. I can ${HANDOFF_MARK} — just send your **name and email** (for example “Jane Doe, jane@example.com”) and someone will get back to you shortly. You can also call [${siteProfile.agent.mobilePhone}](${telHref(siteProfile.agent.mobilePhone)}).`;
}

/** The name of the listing asked about, as its record has it. */
const listingName = (record: PropertyRecord): string => String(record.fields['Property Name'] ?? 'this home');

/**
 * A question the assistant passes on when the site already knows the visitor (a lead form sent in this tab): the
 * lead is stored with that contact at once, and the name and email are not asked for again.
 */
function knownContactHandoff(contact: ChatContact, ctx: ReplyContext, message: string): string {
  const about = ctx.listing ? ` about **${listingName(ctx.listing)}**` : '';
  const stored = ctx.saveLead({
    name: contact.name,
    email: contact.email,
    question: ctx.listing ? `About ${listingName(ctx.listing)} (${listingPath(ctx.listing)}): ${message}` : message,
    conversation: transcript(ctx.history, message),
  });
  const first = contact.name.split(' ')[0];
  return stored
    ? `Thank you, ${first}. I've passed your question${about} to the team, and an agent will reach you at **${contact.email}** shortly. ${LEAD_SAVED_MARK}, just write the correct name or email.`
    : `Thanks, ${first} — the team already has your details (**${contact.email}**) and will be in touch soon${about ? `${about}` : ''}. Anything else I can look up for you?`;
}

const listingPath = (record: PropertyRecord): string => `/property/${listingSlugOf(record)}`;
const listingSlugOf = (record: PropertyRecord): string => propertySlug(record.fields['Property Name']);

/** 'Ask about this home': the home's facts and link, and the question passed on (or the offer to). */
function listingContextAnswer(record: PropertyRecord, ctx: ReplyContext, message: string): string {
  const facts = `Here is **${listingName(record)}**: ${listingSummary(record)}.`;
  if (ctx.contact) return `${facts}\n\n${knownContactHandoff(ctx.contact, ctx, message)}`;
  return `${facts}\n\nFor a showing, the price history or anything not on the page, I can ${HANDOFF_MARK} — just send your **name and email** (for example “Jane Doe, jane@example.com”) and an agent will get back to you about this home.`;
}

/** Asked when an email came without a name (also how the next message is read as the answer). */
export const ASK_NAME = 'what is your name';
/** Marks the answer that stored a lead (a later name or email is a correction). */
export const LEAD_SAVED_MARK = 'If I got anything wrong';

/** Asked when the words may not be a name ("i'm anna marie", "My name is Milton"): the name is stored once confirmed. */
export const CONFIRM_NAME = 'Should I note your name as';
const confirmQuestion = (name: string): string => `${CONFIRM_NAME} **${name}**? Reply “yes”, or write your name as you’d like it.`;
const YES = /^\s*(?:yes|yeah|yep|yup|ya|y|correct|right|that's right|that’s right|that is right|exactly|sure|please do|ok|okay|perfect)\b/i;
const NO = /^\s*(?:no|nope|not really|wrong|incorrect)\b/i;

/** The name the assistant asked to confirm in this turn, if it did. */
function nameAskedToConfirm(turn: Turn | undefined): string | undefined {
  if (turn?.role !== 'ai') return undefined;
  return new RegExp(`${CONFIRM_NAME} \\*\\*(.+?)\\*\\*\\?`).exec(turn.content)?.[1];
}

/**
 * The name in a message: one it surely gives in words; right after the assistant asked for it, a message that is
 * only a name; right after it asked "Should I note your name as …?", a yes (that name) or another name.
 */
function nameIn(content: string, before: Turn | undefined): string | undefined {
  const toConfirm = nameAskedToConfirm(before);
  if (toConfirm && YES.test(content) && !findName(content)) return toConfirm;
  return findName(content) ?? (askedName(before) || toConfirm ? bareName(content) : undefined);
}

const askedName = (turn: Turn | undefined): boolean => turn?.role === 'ai' && turn.content.toLowerCase().includes(ASK_NAME);

/** The contact details given so far in the conversation (the newest wins). */
function contactSoFar(history: readonly Turn[], intent: Intent, message: string, known?: ChatContact): { name?: string; email?: string; phone?: string } {
  const out: { name?: string; email?: string; phone?: string } = known ? { name: known.name, email: known.email } : {};
  history.forEach((turn, i) => {
    if (turn.role !== 'human') return;
    const parsed = parseIntent(turn.content);
    const name = nameIn(turn.content, history[i - 1]);
    if (name) out.name = name;
    if (parsed.email) out.email = parsed.email;
    if (parsed.phone) out.phone = parsed.phone;
  });
  const name = nameIn(message, history[history.length - 1]);
  if (name) out.name = name;
  if (intent.email) out.email = intent.email;
  if (intent.phone) out.phone = intent.phone;
  return out;
}

/**
 * Whether a message asks something beyond the contact details it gives: a question, a search, a topic, or "call
 * me about …" ("Jane Doe, jane@example.com" and "Sorry, my name is John Smyth" ask nothing).
 */
export function asksSomething(message: string): boolean {
  let rest = message.replace(new RegExp(EMAIL.source, 'gi'), ' ').replace(new RegExp(PHONE.source, 'g'), ' ');
  const name = readName(rest)?.name;
  if (name) rest = rest.split(name).join(' ');
  if (/\?/.test(rest)) return true;
  if (/\b(?:call|contact|email|text|reach|phone|ring)\s+(?:me|us)\s+(?:about|regarding|re|for|to)\b/i.test(rest)) return true;
  const intent = parseIntent(rest);
  return intent.hasCriteria || intent.goals.length > 0 || intent.topics.some((t) => t !== 'greeting' && t !== 'thanks' && t !== 'offices');
}

/**
 * The question to pass on: what the visitor asked in this message; else the message the assistant could not
 * answer (the one before its offer to pass it on); else the conversation's latest request; else this message.
 */
function questionToPass(history: readonly Turn[], current: string): string {
  if (asksSomething(current)) return current;
  for (let i = history.length - 1; i > 0; i--) {
    const turn = history[i]!;
    const before = history[i - 1]!;
    if (turn.role === 'ai' && turn.content.includes(HANDOFF_MARK) && before.role === 'human') return before.content;
  }
  const request = [...history].reverse().find((t) => t.role === 'human' && asksSomething(t.content));
  return request?.content ?? current;
}

function transcript(history: readonly Turn[], current: string): string {
  const turns = [...history.slice(-12), { role: 'human' as const, content: current }];
  return turns
    .map((t) => `${t.role === 'human' ? 'Visitor' : 'Assistant'}: ${t.content}`)
    .join('\n')
    .slice(0, 4000);
}

function leadAnswer(intent: Intent, ctx: ReplyContext, message: string): string | null {
  const askedForContact = ctx.history.some((t) => t.role === 'ai' && (t.content.includes(HANDOFF_MARK) || t.content.includes('leave your name and email')));
  const last = ctx.history[ctx.history.length - 1];
  const justAskedName = askedName(last);
  const confirming = nameAskedToConfirm(last);
  const givenName = nameIn(message, last);
  const alreadySaved = ctx.history.some((t) => t.role === 'ai' && t.content.includes(LEAD_SAVED_MARK));
  const contact = contactSoFar(ctx.history, intent, message, ctx.contact);
  // words that may be a name: asked about rather than guessed ("Should I note your name as …?")
  const guess = givenName ? undefined : intent.nameToConfirm;
  const leadTalk = askedForContact || justAskedName || Boolean(confirming) || alreadySaved || Boolean(contact.email);
  if (guess && (intent.email || leadTalk) && guess !== contact.name) return confirmQuestion(guess);
  if (confirming && !givenName && (NO.test(message) || !asksSomething(message))) return `Sorry about that — ${ASK_NAME}, as you'd like the team to write it?`;
  const givesContact = Boolean(intent.email) || Boolean(givenName && leadTalk);
  if (!givesContact) {
    // still waiting for a name: a 'Thank you' is not one, ask again
    if (justAskedName && contact.email) return `You're welcome! Before I pass this on, ${ASK_NAME}, so the team knows who to ask for at **${contact.email}**?`;
    return null;
  }
  if (!contact.email) return givenName ? `Thank you, ${givenName}. What email address should the team use to reach you?` : null;
  if (!contact.name) return `Thank you! And ${ASK_NAME}, so the team knows who to ask for at **${contact.email}**?`;
  const stored = ctx.saveLead({
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    question: questionToPass(ctx.history, message),
    conversation: transcript(ctx.history, message),
  });
  const first = contact.name.split(' ')[0];
  const understood = `**${contact.name}**, **${contact.email}**${contact.phone ? `, **${contact.phone}**` : ''}`;
  const fix = `${LEAD_SAVED_MARK}, just write the correct name or email (for example “My name is …”).`;
  if (!stored) return `Thanks, ${first} — the team already has your details (${understood}) and will be in touch soon. Anything else I can look up for you?`;
  return alreadySaved
    ? `Thank you, I've corrected it: the team will reach ${understood}. ${fix}`
    : `Thank you, ${first}! I've passed your question to the team with these details: ${understood}. ${fix} Is there anything else I can help you with in the meantime?`;
}

/** Cities present in the listings (so a town the seed adds later is recognised too). */
function listingCities(listings: readonly PropertyRecord[]): string[] {
  const set = new Set<string>();
  for (const r of listings) {
    const c = r.fields['City/State'];
    if (typeof c === 'string') set.add(c.split(',')[0]!.trim());
  }
  return [...set].filter(Boolean);
}

export function composeReply(message: string, ctx: ReplyContext): string {
  const cities = listingCities(ctx.listings);
  const intent = parseIntent(message, cities);
  const parts: string[] = [];

  const lead = leadAnswer(intent, ctx, message);
  if (lead) parts.push(lead);
  // the message names the home the visitor asked about: that home, not a search of its city
  const aboutListing = !lead && ctx.listing !== undefined && message.toLowerCase().includes(listingName(ctx.listing).toLowerCase());
  if (aboutListing && ctx.listing) parts.push(listingContextAnswer(ctx.listing, ctx, message));

  const { topics, goals } = intent;
  if (topics.includes('landTransferTax')) parts.push(landTransferTaxAnswer(intent.amount, intent.toronto === true));
  if (topics.includes('mortgagePayment')) parts.push(mortgagePaymentAnswer(intent.amount));
  if (topics.includes('downPayment')) parts.push(downPaymentAnswer(intent.amount));
  if (topics.includes('offices')) parts.push(officesAnswer());
  if (topics.includes('evaluation')) parts.push(evaluationAnswer());
  if (goals.includes('sell') || topics.includes('listWithUs')) parts.push(sellAnswer(topics.includes('evaluation')));

  const guideQuestion = topics.includes('downPayment') || topics.includes('landTransferTax') || topics.includes('mortgagePayment');
  const searching = !guideQuestion && !aboutListing && (goals.includes('buy') || goals.includes('invest') || intent.hasCriteria);
  // a message that gives contact details gets listings only when it asks for them ('call me about Oakville' does not)
  if (searching && !(lead && goals.length === 0)) {
    const criteria = withEarlierCriteria(intent, ctx.history, cities);
    const onlySell = goals.length === 1 && goals[0] === 'sell';
    if (!onlySell) {
      const hasAny =
        criteria.cities.length > 0 ||
        criteria.kind ||
        criteria.minBedrooms !== undefined ||
        criteria.maxPrice !== undefined ||
        criteria.minPrice !== undefined ||
        criteria.minBathrooms !== undefined;
      if (hasAny) parts.push(listingsAnswer(criteria, ctx.listings, ctx.contact));
      else
        parts.push(
          `Wonderful — I can help you find the right ${goals.includes('invest') ? 'investment' : 'home'}. Which city are you considering (Oakville, Mississauga, Burlington, Milton…), what budget, and how many bedrooms? For example: “3 bed in Oakville under 2 million”.`,
        );
    }
  }
  if (goals.includes('invest')) parts.push(investAnswer());

  if (parts.length === 0 && topics.includes('greeting'))
    parts.push(
      `Hello! I'm ${siteProfile.assistantName}. Are you looking to buy, sell or invest? Tell me a city, a budget or the number of bedrooms and I'll find matching homes.`,
    );
  if (parts.length === 0 && topics.includes('thanks')) parts.push(`You're very welcome! Anything else I can help you with?`);

  if (ctx.fileNames && ctx.fileNames.length > 0) {
    parts.push(
      `I received ${ctx.fileNames.map((n) => `“${n}”`).join(', ')}. I can't open files myself, but an agent can review ${ctx.fileNames.length === 1 ? 'it' : 'them'} — ${ctx.contact ? 'send them with the contact form and the team will follow up' : 'leave your name and email and the team will follow up'}.`,
    );
  }

  if (parts.length === 0 && ctx.listing) parts.push(listingContextAnswer(ctx.listing, ctx, message));
  else if (parts.length === 0) parts.push(ctx.contact ? knownContactHandoff(ctx.contact, ctx, message) : handoffAnswer());
  return parts.join('\n\n');
}
