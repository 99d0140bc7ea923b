/**
 * Starts the chat widget when the visitor first shows they are there (moves the pointer, touches, scrolls, types
 * or tabs), and never before the page's first paint (ARCHITECTURE.md rule 5). A page that is loaded and left alone
 * (a crawler, a speed test, a tab opened in the background) never fetches the chat's 14 KB of compressed
 * JavaScript; a visitor who reads without moving gets it once the browser has been idle for a while
 * (CHAT_FALLBACK_MS). A chat that cannot load leaves the page as it is.
 */
import { getRuntimeConfig, loadRemoteModule, siteChatOptions, type CreateChat } from '@gta/shared';

/** The signs of a visitor: any of these, once, starts the chat. */
export const VISITOR_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin'] as const;

/** Without any sign of a visitor, the chat still starts this long after the page has loaded and gone idle. */
export const CHAT_FALLBACK_MS = 12_000;

function whenIdle(callback: () => void): void {
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(callback, { timeout: 4000 });
  else window.setTimeout(callback, 1500);
}

/** Calls back once the page has painted content (the browser's first-contentful-paint entry). */
function afterFirstContentfulPaint(callback: () => void): void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (typeof PerformanceObserver === 'undefined' || painted()) {
    callback();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    callback();
  });
  try {
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    callback(); // a browser without paint timing
  }
}

function loadChat(): void {
  loadRemoteModule<{ default: CreateChat }>('chat/createChat')
    .then((mod) => mod.default(siteChatOptions(getRuntimeConfig().chatWebhookUrl)))
    .catch((error: unknown) => console.warn('The chat assistant is unavailable right now.', error));
}

/**
 * Arms the chat: `load` runs once, after the first paint, on the first visitor event or after the fallback delay.
 * Returns a function that disarms it (nothing loads after that).
 */
export function startChatOnFirstSign(load: () => void = loadChat, fallbackMs = CHAT_FALLBACK_MS): () => void {
  let done = false;
  let fallback: number | undefined;
  const options: AddEventListenerOptions = { passive: true, capture: true };
  const disarm = () => {
    done = true;
    for (const type of VISITOR_EVENTS) window.removeEventListener(type, onSign, options);
    window.removeEventListener('load', armFallback);
    if (fallback !== undefined) window.clearTimeout(fallback);
  };
  function onSign() {
    if (done) return;
    disarm();
    afterFirstContentfulPaint(load);
  }
  function armFallback() {
    if (!done) fallback = window.setTimeout(() => whenIdle(onSign), fallbackMs);
  }
  for (const type of VISITOR_EVENTS) window.addEventListener(type, onSign, options);
  if (document.readyState === 'complete') armFallback();
  else window.addEventListener('load', armFallback, { once: true });
  return disarm;
}
