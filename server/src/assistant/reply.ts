/**
 * The local assistant's answer to one visitor message, from the listings and the site's facts (no model):
 * listings for buy / invest criteria, office addresses and phones, booking a home evaluation, the minimum down
 * payment rule, and otherwise an offer to pass the question to the team, storing a lead once a name and an email
 * are given.
 */
import { formatPrice, siteProfile, telHref, type PropertyRecord } from '@gta/shared/core';
import { parseIntent, type Criteria, type Intent } from './intent';
import { describeCriteria, listingLine, morePath, searchListings } from './listings';

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

function officesAnswer(): string {
  const lines = siteProfile.offices.map((o) => `- **${o.name}** — ${o.addressLines.join(', ')} · [${o.phone}](${telHref(o.phone)}) · [${o.email}](mailto:${o.email})`);
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

function listingsAnswer(criteria: Criteria, listings: readonly PropertyRecord[]): string {
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
    return `I couldn't find any available ${what} right now.${nearby}\n\nNew homes come to market every week: leave your name and email and an agent will send you matches first, or [tell us what you're looking for](/active-listings).`;
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
  if (!previous.hasCriteria || previous.topics.includes('downPayment')) return current.criteria;
  const merged: Criteria = { ...previous.criteria, ...current.criteria, cities: previous.criteria.cities };
  for (const key of Object.keys(merged) as (keyof Criteria)[]) if (merged[key] === undefined) delete merged[key];
  return merged;
}

function handoffAnswer(): string {
  return `That's a question for one of our agents. I can ${HANDOFF_MARK} — just send your **name and email** (for example “Jane Doe, jane@example.com”) and someone will get back to you shortly. You can also call [${siteProfile.agent.mobilePhone}](${telHref(siteProfile.agent.mobilePhone)}).`;
}

/** The contact details given so far in the conversation (the newest wins). */
function contactSoFar(history: readonly Turn[], intent: Intent): { name?: string; email?: string; phone?: string } {
  const out: { name?: string; email?: string; phone?: string } = {};
  for (const turn of history) {
    if (turn.role !== 'human') continue;
    const i = parseIntent(turn.content);
    if (i.name) out.name = i.name;
    if (i.email) out.email = i.email;
    if (i.phone) out.phone = i.phone;
  }
  if (intent.name) out.name = intent.name;
  if (intent.email) out.email = intent.email;
  if (intent.phone) out.phone = intent.phone;
  return out;
}

/** The question to pass on: the visitor's message the assistant could not answer, else their latest other message. */
function questionToPass(history: readonly Turn[], current: string): string {
  for (let i = history.length - 1; i > 0; i--) {
    const turn = history[i]!;
    const before = history[i - 1]!;
    if (turn.role === 'ai' && turn.content.includes(HANDOFF_MARK) && before.role === 'human') return before.content;
  }
  const lastHuman = [...history].reverse().find((t) => t.role === 'human' && !/@/.test(t.content));
  return lastHuman?.content ?? current;
}

function transcript(history: readonly Turn[], current: string): string {
  const turns = [...history.slice(-12), { role: 'human' as const, content: current }];
  return turns.map((t) => `${t.role === 'human' ? 'Visitor' : 'Assistant'}: ${t.content}`).join('\n').slice(0, 4000);
}

function leadAnswer(intent: Intent, ctx: ReplyContext, message: string): string | null {
  const askedForContact = ctx.history.some((t) => t.role === 'ai' && (t.content.includes(HANDOFF_MARK) || t.content.includes('leave your name and email')));
  const contact = contactSoFar(ctx.history, intent);
  if (!intent.email && !(intent.name && askedForContact && contact.email)) {
    // a name alone right after the offer: ask for the email
    if (intent.name && askedForContact && !contact.email) return `Thank you, ${intent.name}. What email address should the team use to reach you?`;
    return null;
  }
  if (!contact.email) return null;
  if (!contact.name) return `Thank you! And what is your name, so the team knows who to ask for at ${contact.email}?`;
  const stored = ctx.saveLead({
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    question: questionToPass(ctx.history, message),
    conversation: transcript(ctx.history, message),
  });
  const first = contact.name.split(' ')[0];
  return stored
    ? `Thank you, ${first}! I've passed your question to the team; an agent will reach you at **${contact.email}** shortly. Is there anything else I can help you with in the meantime?`
    : `Thanks, ${first} — the team already has your details (${contact.email}) and will be in touch soon. Anything else I can look up for you?`;
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

  const { topics, goals } = intent;
  if (topics.includes('downPayment')) parts.push(downPaymentAnswer(intent.amount));
  if (topics.includes('offices')) parts.push(officesAnswer());
  if (topics.includes('evaluation')) parts.push(evaluationAnswer());
  if (goals.includes('sell') || topics.includes('listWithUs')) parts.push(sellAnswer(topics.includes('evaluation')));

  const searching = !topics.includes('downPayment') && (goals.includes('buy') || goals.includes('invest') || intent.hasCriteria);
  if (searching && !(lead && !intent.hasCriteria && goals.length === 0)) {
    const criteria = withEarlierCriteria(intent, ctx.history, cities);
    const onlySell = goals.length === 1 && goals[0] === 'sell';
    if (!onlySell) {
      const hasAny = criteria.cities.length > 0 || criteria.kind || criteria.minBedrooms !== undefined || criteria.maxPrice !== undefined || criteria.minPrice !== undefined || criteria.minBathrooms !== undefined;
      if (hasAny) parts.push(listingsAnswer(criteria, ctx.listings));
      else
        parts.push(
          `Wonderful — I can help you find the right ${goals.includes('invest') ? 'investment' : 'home'}. Which city are you considering (Oakville, Mississauga, Burlington, Milton…), what budget, and how many bedrooms? For example: “3 bed in Oakville under 2 million”.`,
        );
    }
  }
  if (goals.includes('invest')) parts.push(investAnswer());

  if (parts.length === 0 && topics.includes('greeting'))
    parts.push(`Hello! I'm ${siteProfile.assistantName}. Are you looking to buy, sell or invest? Tell me a city, a budget or the number of bedrooms and I'll find matching homes.`);
  if (parts.length === 0 && topics.includes('thanks')) parts.push(`You're very welcome! Anything else I can help you with?`);

  if (ctx.fileNames && ctx.fileNames.length > 0) {
    parts.push(`I received ${ctx.fileNames.map((n) => `“${n}”`).join(', ')}. I can't open files myself, but an agent can review ${ctx.fileNames.length === 1 ? 'it' : 'them'} — leave your name and email and the team will follow up.`);
  }

  if (parts.length === 0) parts.push(handoffAnswer());
  return parts.join('\n\n');
}
