import { CHAT_FALLBACK_MS, startChatOnFirstSign } from './chat';

describe('the chat starts on the first sign of a visitor', () => {
  afterEach(() => jest.useRealTimers());

  it('loads nothing while the page is left alone, then once on the first pointer move', () => {
    const load = jest.fn();
    const disarm = startChatOnFirstSign(load, 60_000);
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('scroll'));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    disarm();
  });

  it('a visitor who never moves still gets the chat after the fallback delay', () => {
    jest.useFakeTimers();
    const load = jest.fn();
    startChatOnFirstSign(load);
    jest.advanceTimersByTime(CHAT_FALLBACK_MS - 100);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100 + 2000); // then the browser goes idle (jsdom: the 1.5 s idle stand-in)
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointermove'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('once disarmed, nothing starts it', () => {
    jest.useFakeTimers();
    const load = jest.fn();
    startChatOnFirstSign(load)();
    window.dispatchEvent(new Event('touchstart'));
    jest.advanceTimersByTime(CHAT_FALLBACK_MS * 2);
    expect(load).not.toHaveBeenCalled();
  });
});
