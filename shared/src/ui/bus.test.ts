import { renderHook } from '@testing-library/react';
import { emit, eventBus, latestEvent, subscribe, useSiteEvent, type SiteEvent } from './bus';

describe('event bus', () => {
  it('delivers an event only to subscribers of its type, with its version', () => {
    const leads = jest.fn();
    const chats = jest.fn();
    const off = subscribe('lead/submitted', leads);
    subscribe('chat/open', chats)();
    emit({ type: 'lead/submitted', version: 1, form: 'contact-form' });
    expect(leads).toHaveBeenCalledWith({ type: 'lead/submitted', version: 1, form: 'contact-form' });
    expect(chats).not.toHaveBeenCalled();
    expect(eventBus.getState().last).toEqual({ type: 'lead/submitted', version: 1, form: 'contact-form' });
    off();
    emit({ type: 'lead/submitted', version: 1, form: 'property-finder' });
    expect(leads).toHaveBeenCalledTimes(1);
  });

  it('ignores, with one warning per type, an event whose version or type this bus does not understand', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const chats = jest.fn();
    const off = subscribe('chat/open', chats);
    const before = eventBus.getState().last;
    // what a remote built against a newer @gta/shared could emit into this page's bus
    const newer = { type: 'chat/open', version: 2, prompt: 'hi', channel: 'voice' } as unknown as SiteEvent;
    emit(newer);
    emit(newer);
    emit({ type: 'tour/booked', version: 1 } as unknown as SiteEvent);
    emit({ type: 'chat/open' } as unknown as SiteEvent);
    expect(chats).not.toHaveBeenCalled();
    expect(eventBus.getState().last).toBe(before);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      "[event bus] ignored a chat/open event of version 2: this page's @gta/shared understands version 1 of it",
      "[event bus] ignored an event of unknown type tour/booked: this page's @gta/shared does not know it",
    ]);
    emit({ type: 'chat/open', version: 1, prompt: 'hi' });
    expect(chats).toHaveBeenCalledWith({ type: 'chat/open', version: 1, prompt: 'hi' });
    off();
  });

  it('useSiteEvent listens while mounted', () => {
    const handler = jest.fn();
    const { unmount } = renderHook(() => useSiteEvent('chat/open', handler));
    emit({ type: 'chat/open', version: 1, prompt: 'hi' });
    unmount();
    emit({ type: 'chat/open', version: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps the last event of each type and replays it to a late subscriber that asks for it', () => {
    const ask: SiteEvent = {
      type: 'chat/ask-about-listing',
      version: 1,
      listing: { slug: 'lakeview-estate', name: 'Lakeview Estate', address: '12 Lakeshore Rd, Oakville', path: '/property/lakeview-estate' },
    };
    emit(ask);
    emit({ type: 'favourites/changed', version: 1, count: 3 });
    expect(latestEvent('chat/ask-about-listing')).toEqual(ask);
    const late = jest.fn();
    const plain = jest.fn();
    const offLate = subscribe('chat/ask-about-listing', late, { replay: true });
    const offPlain = subscribe('chat/ask-about-listing', plain);
    expect(late).toHaveBeenCalledWith(ask);
    expect(plain).not.toHaveBeenCalled();
    offLate();
    offPlain();
  });

  it('delivers both versions of lead/submitted: version 2 carries the contact the form sent', () => {
    const leads = jest.fn();
    const off = subscribe('lead/submitted', leads);
    emit({ type: 'lead/submitted', version: 1, form: 'home-evaluation' });
    emit({ type: 'lead/submitted', version: 2, form: 'contact-form', contact: { name: 'Jane Doe', email: 'jane@example.com' } });
    expect(leads.mock.calls.map(([e]) => e)).toEqual([
      { type: 'lead/submitted', version: 1, form: 'home-evaluation' },
      { type: 'lead/submitted', version: 2, form: 'contact-form', contact: { name: 'Jane Doe', email: 'jane@example.com' } },
    ]);
    expect(latestEvent('lead/submitted')).toMatchObject({ version: 2, contact: { email: 'jane@example.com' } });
    off();
  });

  it('useSiteEvent with replay gets the event emitted before it mounted', () => {
    emit({ type: 'lead/submitted', version: 2, form: 'property-inquiry', contact: { name: 'Sam Lee', email: 'sam@example.com' } });
    const handler = jest.fn();
    const { unmount } = renderHook(() => useSiteEvent('lead/submitted', handler, { replay: true }));
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ form: 'property-inquiry', contact: { name: 'Sam Lee', email: 'sam@example.com' } }));
    unmount();
  });
});
