import { renderHook } from '@testing-library/react';
import { emit, eventBus, subscribe, useSiteEvent, type SiteEvent } from './bus';

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
});
