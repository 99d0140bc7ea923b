import { renderHook } from '@testing-library/react';
import { emit, eventBus, subscribe, useSiteEvent } from './bus';

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

  it('useSiteEvent listens while mounted', () => {
    const handler = jest.fn();
    const { unmount } = renderHook(() => useSiteEvent('chat/open', handler));
    emit({ type: 'chat/open', version: 1, prompt: 'hi' });
    unmount();
    emit({ type: 'chat/open', version: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
