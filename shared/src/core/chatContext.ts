/**
 * What the chat knows besides the typed message, from other parts of the page (the event bus): the listing the
 * visitor asked about ('Ask about this home' on a property page) and the contact a lead form already sent (so the
 * assistant does not ask for a name and an email again). The widget sends it with each message as
 * `metadata.context` (the n8n chat protocol's metadata, which n8n hands to the workflow as it is); the local
 * assistant reads it with parseChatContext, the one rule for both sides: short, known fields only, never free text.
 */
import { FORM_SCHEMAS, cleanText, validateField } from './validation';

/** The listing a conversation is about: its slug (the server looks the home up by it) and its name as shown. */
export interface ChatListingContext {
  slug: string;
  name: string;
}

/** A visitor's contact as a lead form sent it: the name and the email, nothing more (no phone, no message). */
export interface ChatContact {
  name: string;
  email: string;
}

export interface ChatContext {
  listing?: ChatListingContext;
  contact?: ChatContact;
}

export const CHAT_CONTEXT_LIMITS = { slug: 120, listingName: 200, name: 200, email: 254 } as const;

/** A property slug as propertySlug makes it: lower-case letters and digits joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type ChatContextResult = { ok: true; context: ChatContext } | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyKeys(value: Record<string, unknown>, keys: readonly string[], what: string): string | null {
  const extra = Object.keys(value).find((key) => !keys.includes(key));
  return extra === undefined ? null : `${what} has an unknown field '${extra.slice(0, 40)}'.`;
}

function shortText(value: unknown, max: number, label: string): { ok: true; text: string } | { ok: false; error: string } {
  if (typeof value !== 'string') return { ok: false, error: `${label} must be text.` };
  const text = cleanText(value).replace(/\s+/g, ' ');
  if (text === '') return { ok: false, error: `${label} is required.` };
  if (text.length > max) return { ok: false, error: `${label} must be at most ${max} characters.` };
  return { ok: true, text };
}

/** The contact of a lead form's validated value (every lead form has a name and an email), or null. */
export function contactOf(value: Readonly<Record<string, unknown>>): ChatContact | null {
  const parsed = parseChatContext({ contact: { name: value.name, email: value.email } });
  return parsed.ok && parsed.context.contact ? parsed.context.contact : null;
}

/**
 * Reads `metadata.context` of a chat request. Absent (undefined or null) is an empty context; anything else must be
 * { listing?: { slug, name }, contact?: { name, email } } within CHAT_CONTEXT_LIMITS, or the request is refused.
 */
export function parseChatContext(value: unknown): ChatContextResult {
  if (value === undefined || value === null) return { ok: true, context: {} };
  if (!isRecord(value)) return { ok: false, error: 'The chat context must be an object.' };
  const unknown = onlyKeys(value, ['listing', 'contact'], 'The chat context');
  if (unknown) return { ok: false, error: unknown };
  const context: ChatContext = {};
  if (value.listing !== undefined && value.listing !== null) {
    const listing = value.listing;
    if (!isRecord(listing)) return { ok: false, error: 'The listing must be an object.' };
    const extra = onlyKeys(listing, ['slug', 'name'], 'The listing');
    if (extra) return { ok: false, error: extra };
    const { slug } = listing;
    if (typeof slug !== 'string' || slug.length > CHAT_CONTEXT_LIMITS.slug || !SLUG.test(slug))
      return { ok: false, error: 'The listing slug is not a property slug.' };
    const name = shortText(listing.name, CHAT_CONTEXT_LIMITS.listingName, 'The listing name');
    if (!name.ok) return name;
    context.listing = { slug, name: name.text };
  }
  if (value.contact !== undefined && value.contact !== null) {
    const contact = value.contact;
    if (!isRecord(contact)) return { ok: false, error: 'The contact must be an object.' };
    const extra = onlyKeys(contact, ['name', 'email'], 'The contact');
    if (extra) return { ok: false, error: extra };
    const name = shortText(contact.name, CHAT_CONTEXT_LIMITS.name, 'The contact name');
    if (!name.ok) return name;
    const emailError = typeof contact.email === 'string' ? validateField(FORM_SCHEMAS['contact-form'].email, contact.email) : 'The contact email must be text.';
    if (emailError) return { ok: false, error: emailError };
    context.contact = { name: name.text, email: String(contact.email).trim().toLowerCase() };
  }
  return { ok: true, context };
}
