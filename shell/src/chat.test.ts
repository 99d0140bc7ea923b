import { waitFor } from '@testing-library/react';
import { emit } from '@gta/shared';
import {
  CHAT_FALLBACK_MS,
  LAUNCHER_FAILED,
  LAUNCHER_ID,
  PHONE_BUTTON_SIZE,
  SAFE_AREA,
  SCROLLING_CLASS,
  SCROLL_SETTLE_MS,
  markScrolling,
  startChat,
  startChatOnFirstSign,
} from './chat';

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

describe('the static chat launcher (the chat button within the first second)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.classList.remove('gta-chat-safe-area');
  });
  const launcher = () => document.getElementById(LAUNCHER_ID);

  it('is on the page at once, before the chat code is loaded, and keeps the phone safe area', () => {
    const load = jest.fn(() => new Promise<void>(() => undefined));
    const stop = startChat(load, 60_000);
    expect(launcher()).toHaveAttribute('aria-label', 'Open chat: Chat with Aria');
    expect(load).not.toHaveBeenCalled();
    expect(document.documentElement).toHaveClass('gta-chat-safe-area');
    expect(document.getElementById(`${LAUNCHER_ID}-style`)?.textContent).toContain(
      `footer[data-testid="site-footer"]{padding-bottom:calc(${SAFE_AREA}px + env(safe-area-inset-bottom, 0px))}`,
    );
    stop();
    expect(launcher()).toBeNull();
  });

  it('pressed, loads the chat open and gives its place to the widget', async () => {
    const load = jest.fn(async () => ({ unmount: () => undefined }));
    startChat(load, 60_000);
    launcher()!.click();
    expect(load).toHaveBeenCalledWith(true);
    await waitFor(() => expect(launcher()).toBeNull());
  });

  it('when the chat remote failed, stays, says so, and the next press tries again', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValueOnce({ unmount: () => undefined });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    startChat(load, 60_000);
    launcher()!.click();
    await waitFor(() => expect(document.getElementById(`${LAUNCHER_ID}-status`)).toHaveTextContent(LAUNCHER_FAILED));
    expect(launcher()).not.toHaveAttribute('aria-busy');
    launcher()!.click();
    await waitFor(() => expect(launcher()).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('pressed while the widget loads on a first sign, opens it once it is there', async () => {
    let resolve!: (chat: { unmount: () => void; open: () => void }) => void;
    const open = jest.fn();
    const load = jest.fn(() => new Promise<{ unmount: () => void; open: () => void }>((r) => (resolve = r)));
    startChat(load, 60_000);
    window.dispatchEvent(new Event('pointermove'));
    await waitFor(() => expect(load).toHaveBeenCalledWith(false));
    launcher()!.click();
    expect(load).toHaveBeenCalledTimes(1);
    resolve({ unmount: () => undefined, open });
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(launcher()).toBeNull();
  });

  it("'Ask about this home' on the bus loads the chat open before it was on the page; once there, the chat answers it", async () => {
    const open = jest.fn();
    const load = jest.fn(async () => ({ unmount: () => undefined, open }));
    const stop = startChat(load, 60_000);
    const listing = { slug: 'lakeshore-manor', name: 'Lakeshore Manor', address: '120 Lakeshore Road East, Oakville', path: '/property/lakeshore-manor' };
    emit({ type: 'chat/ask-about-listing', version: 1, listing });
    expect(load).toHaveBeenCalledWith(true);
    expect(launcher()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(launcher()).toBeNull());
    emit({ type: 'chat/ask-about-listing', version: 1, listing });
    emit({ type: 'chat/open', version: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the chat button on phones (issue 39 #5)', () => {
  afterEach(() => jest.useRealTimers());

  it('steps aside while the page scrolls, off the corner of the cards passing under it, and is back once it rests', () => {
    jest.useFakeTimers();
    const stop = markScrolling();
    const root = document.documentElement;
    window.dispatchEvent(new Event('scroll'));
    expect(root).toHaveClass(SCROLLING_CLASS);
    jest.advanceTimersByTime(SCROLL_SETTLE_MS - 100);
    window.dispatchEvent(new Event('scroll')); // still scrolling: still aside
    jest.advanceTimersByTime(SCROLL_SETTLE_MS - 100);
    expect(root).toHaveClass(SCROLLING_CLASS);
    jest.advanceTimersByTime(200);
    expect(root).not.toHaveClass(SCROLLING_CLASS);
    window.dispatchEvent(new Event('scroll'));
    stop();
    expect(root).not.toHaveClass(SCROLLING_CLASS);
  });

  it('is smaller on phones, inset by the safe area, and hidden only while scrolling and not focused', () => {
    const stop = startChat(() => new Promise(() => undefined), 60_000);
    const style = document.getElementById(`${LAUNCHER_ID}-style`)?.textContent ?? '';
    expect(style).toContain(
      `width:${PHONE_BUTTON_SIZE}px;height:${PHONE_BUTTON_SIZE}px;right:calc(16px + env(safe-area-inset-right, 0px));bottom:calc(16px + env(safe-area-inset-bottom, 0px))`,
    );
    expect(style).toMatch(
      new RegExp(`html\\.${SCROLLING_CLASS} #${LAUNCHER_ID}:not\\(:focus-visible\\)\\{transform:translateY\\([^}]*opacity:0;pointer-events:none\\}`),
    );
    stop();
  });
});
