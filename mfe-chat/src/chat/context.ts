/**
 * What the chat learns from the rest of the page through the event bus (never from another remote's code):
 *  - 'Ask about this home' (chat/ask-about-listing): the listing the conversation is about;
 *  - a lead form sent (lead/submitted version 2): the visitor's name and email, kept for the tab in sessionStorage
 *    so that the chat does not ask for them again, also after a reload; nothing else of the form is kept.
 * Both go to the assistant with each message as metadata.context (parseChatContext in @gta/shared: the local
 * assistant checks it with that rule; n8n hands it to the workflow as it is).
 */
import { parseChatContext, type AskedListing, type ChatContact, type ChatContext } from '@gta/shared';

export const CONTACT_STORAGE_KEY = 'gta-chat/contact';

/** The contact a lead form gave in this tab, or null (none, blocked storage, or a value that is not a contact). */
export function readKnownContact(): ChatContact | null {
  try {
    const raw = window.sessionStorage.getItem(CONTACT_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = parseChatContext({ contact: JSON.parse(raw) as unknown });
    return parsed.ok ? (parsed.context.contact ?? null) : null;
  } catch {
    return null;
  }
}

export function storeKnownContact(contact: ChatContact): void {
  try {
    window.sessionStorage.setItem(CONTACT_STORAGE_KEY, JSON.stringify({ name: contact.name, email: contact.email }));
  } catch {
    /* storage blocked: known for this page view only */
  }
}

/** The first question put in the input for the visitor to send or change. */
export function askAboutText(listing: AskedListing): string {
  return `I'd like to know more about ${listing.name}${listing.address ? `, ${listing.address}` : ''}.`;
}

/** The context sent with a message: each part only when the assistant's rule accepts it; undefined when there is none. */
export function chatContext(listing: AskedListing | null, contact: ChatContact | null): ChatContext | undefined {
  const context: ChatContext = {};
  const parsedListing = listing ? parseChatContext({ listing: { slug: listing.slug, name: listing.name } }) : null;
  if (parsedListing?.ok) context.listing = parsedListing.context.listing;
  const parsedContact = contact ? parseChatContext({ contact: { name: contact.name, email: contact.email } }) : null;
  if (parsedContact?.ok) context.contact = parsedContact.context.contact;
  return context.listing || context.contact ? context : undefined;
}
