import { contactOf, parseChatContext } from './chatContext';

describe('chat context (metadata.context of a chat message)', () => {
  it('reads a listing and a contact, tidied', () => {
    expect(
      parseChatContext({ listing: { slug: 'lakeview-estate', name: ' Lakeview  Estate ' }, contact: { name: 'Jane Doe', email: ' Jane@Example.com' } }),
    ).toEqual({
      ok: true,
      context: { listing: { slug: 'lakeview-estate', name: 'Lakeview Estate' }, contact: { name: 'Jane Doe', email: 'jane@example.com' } },
    });
    expect(parseChatContext(undefined)).toEqual({ ok: true, context: {} });
    expect(parseChatContext({})).toEqual({ ok: true, context: {} });
  });

  it('refuses free or unbounded text, unknown fields and malformed values', () => {
    const refused = (value: unknown) => parseChatContext(value).ok;
    expect(refused('listing')).toBe(false);
    expect(refused({ note: 'anything' })).toBe(false);
    expect(refused({ listing: { slug: 'lakeview-estate', name: 'Lakeview', description: 'x' } })).toBe(false);
    expect(refused({ listing: { slug: '../admin', name: 'Lakeview' } })).toBe(false);
    expect(refused({ listing: { slug: 'a'.repeat(121), name: 'Lakeview' } })).toBe(false);
    expect(refused({ listing: { slug: 'lakeview', name: 'x'.repeat(201) } })).toBe(false);
    expect(refused({ contact: { name: 'Jane', email: 'not-an-email' } })).toBe(false);
    expect(refused({ contact: { name: '', email: 'jane@example.com' } })).toBe(false);
    expect(refused({ contact: { name: 'Jane', email: 'jane@example.com', phone: '905 555 0100' } })).toBe(false);
    expect(parseChatContext({ contact: { name: 'x'.repeat(300), email: 'jane@example.com' } })).toEqual({
      ok: false,
      error: 'The contact name must be at most 200 characters.',
    });
  });

  it("takes a lead form's name and email, nothing else", () => {
    expect(contactOf({ name: 'Jane Doe', email: 'jane@example.com', phone: '905-555-0100', message: 'Hello' })).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
    });
    expect(contactOf({ name: 'Jane Doe' })).toBeNull();
  });
});
