/**
 * The chat, in two steps that keep the first load light:
 *  1. a small static launcher button (this file, no remote code), in the widget's place within the first second;
 *     pressing it loads the chat remote and opens the window; if the remote fails, the button stays and the next
 *     press tries again (loadRemoteModule forgets a failed load);
 *  2. the widget itself, which replaces the launcher (same size and place, no shift) once its remote has loaded.
 * On phones the page keeps a safe area below the footer and for scrolling, so the button covers no content.
 *
 * Starts the chat widget when the visitor first shows they are there (moves the pointer, touches, scrolls, types
 * or tabs), and never before the page's first paint (docs/architecture.md rule 5). A page that is loaded and left alone
 * (a crawler, a speed test, a tab opened in the background) never fetches the chat's 14 KB of compressed
 * JavaScript; a visitor who reads without moving gets it once the browser has been idle for a while
 * (CHAT_FALLBACK_MS). A chat that cannot load leaves the page as it is.
 */
import { getRuntimeConfig, loadRemoteModule, siteChatOptions, subscribe, theme, visuallyHidden, type CreateChat, type MountedChat } from '@gta/shared';

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

export const LAUNCHER_ID = 'gta-chat-launcher';
export const LAUNCHER_FAILED = "The chat couldn't load just now. Press the chat button to try again.";
/** The widget's toggle (mfe-chat styles.ts toggleButton): 60 px, 24 px from the corner. */
export const BUTTON_SIZE = 60;
export const BUTTON_OFFSET = 24;
/** On phones (mfe-chat's toggleButton too): 52 px, 16 px from the corner, beside the safe-area insets. */
export const PHONE_BUTTON_SIZE = 52;
export const PHONE_BUTTON_OFFSET = 16;
/** Below the footer and for scrolling on phones: the button, its offset and a margin. */
export const SAFE_AREA = PHONE_BUTTON_SIZE + PHONE_BUTTON_OFFSET + 16;
export const PHONE_MAX_WIDTH = 768;
/** On html while the page scrolls (and SCROLL_SETTLE_MS after): on phones the button steps aside, off the cards' corners. */
export const SCROLLING_CLASS = 'gta-chat-scrolling';
export const SCROLL_SETTLE_MS = 700;
/** The button's corner: its offset plus the device's safe area (a notch, the home indicator: viewport-fit=cover). */
const inset = (side: 'right' | 'bottom', offset: number): string => `calc(${offset}px + env(safe-area-inset-${side}, 0px))`;

const ICON =
  '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 3 13.5" /><path d="M8 8.5h8M8 11.5h5" /></svg>';

/** A style object as CSS declarations (numbers in px), for the launcher's stylesheet, written before React runs. */
const cssText = (style: Readonly<Record<string, string | number>>): string =>
  Object.entries(style)
    .map(
      ([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${typeof value === 'number' && value !== 0 ? `${value}px` : value}`,
    )
    .join(';');

const STYLE = `
#${LAUNCHER_ID}{position:fixed;right:${inset('right', BUTTON_OFFSET)};bottom:${inset('bottom', BUTTON_OFFSET)};z-index:${theme.layer.chat};width:${BUTTON_SIZE}px;height:${BUTTON_SIZE}px;display:inline-flex;align-items:center;justify-content:center;padding:0;border:1px solid ${theme.color.gold};border-radius:${theme.radius.pill};background:${theme.color.ink};color:${theme.color.gold};box-shadow:${theme.shadow.lifted};cursor:pointer;transition:transform ${theme.motion.base} ${theme.motion.ease},opacity ${theme.motion.base},background ${theme.motion.fast}}
#${LAUNCHER_ID}:hover{transform:translateY(-2px);background:${theme.color.inkSoft}}
#${LAUNCHER_ID}:focus-visible{outline:3px solid ${theme.color.focus};outline-offset:2px}
#${LAUNCHER_ID}[aria-busy="true"]{cursor:progress}
#${LAUNCHER_ID}[aria-busy="true"] svg{animation:gta-chat-launcher-pulse 1.2s ease-in-out infinite}
@keyframes gta-chat-launcher-pulse{50%{opacity:.45}}
@media (prefers-reduced-motion:reduce){#${LAUNCHER_ID}{transition:none}#${LAUNCHER_ID}:hover{transform:none}#${LAUNCHER_ID}[aria-busy="true"] svg{animation:none}}
#${LAUNCHER_ID}-status{${cssText(visuallyHidden)}}
@media (max-width:${PHONE_MAX_WIDTH}px){html.gta-chat-safe-area{scroll-padding-bottom:calc(${SAFE_AREA}px + env(safe-area-inset-bottom, 0px))}html.gta-chat-safe-area footer[data-testid="site-footer"]{padding-bottom:calc(${SAFE_AREA}px + env(safe-area-inset-bottom, 0px))}}
@media (max-width:${PHONE_MAX_WIDTH - 0.02}px){#${LAUNCHER_ID}{width:${PHONE_BUTTON_SIZE}px;height:${PHONE_BUTTON_SIZE}px;right:${inset('right', PHONE_BUTTON_OFFSET)};bottom:${inset('bottom', PHONE_BUTTON_OFFSET)}}html.${SCROLLING_CLASS} #${LAUNCHER_ID}:not(:focus-visible){transform:translateY(calc(100% + ${inset('bottom', PHONE_BUTTON_OFFSET)}));opacity:0;pointer-events:none}}
`;

type Load = (open: boolean) => Promise<MountedChat | void>;

async function loadChat(open: boolean): Promise<MountedChat> {
  const mod = await loadRemoteModule<{ default: CreateChat }>('chat/createChat');
  return mod.default(siteChatOptions(getRuntimeConfig().chatWebhookUrl), { open });
}

export interface ChatLauncher {
  /** Loads the widget (open: the visitor asked for it). Resolves true once the widget replaced the launcher. */
  start: (open: boolean) => Promise<boolean>;
  remove: () => void;
}

/** Puts the static launcher in the widget's place and keeps the phone safe area while the chat is on the page. */
export function mountChatLauncher(load: Load = loadChat): ChatLauncher {
  const doc = document;
  doc.documentElement.classList.add('gta-chat-safe-area');
  if (!doc.getElementById(`${LAUNCHER_ID}-style`)) {
    const style = doc.createElement('style');
    style.id = `${LAUNCHER_ID}-style`;
    style.textContent = STYLE;
    doc.head.appendChild(style);
  }
  const title = siteChatOptions('').i18n?.en?.title ?? 'Chat with us';
  const button = doc.createElement('button');
  button.id = LAUNCHER_ID;
  button.type = 'button';
  button.className = 'chat-launcher';
  button.setAttribute('aria-label', `Open chat: ${title}`);
  button.title = 'Chat with us';
  button.innerHTML = ICON;
  const status = doc.createElement('p');
  status.id = `${LAUNCHER_ID}-status`;
  status.setAttribute('role', 'status');
  doc.body.append(button, status);

  let loading: Promise<boolean> | null = null;
  let done = false;
  let wantsOpen = false;
  const remove = () => {
    button.remove();
    status.remove();
  };
  const start = (open: boolean): Promise<boolean> => {
    if (done) return Promise.resolve(true);
    if (open) wantsOpen = true; // pressed while the widget was loading unasked: open it once it is there
    if (open) {
      button.setAttribute('aria-busy', 'true');
      status.textContent = 'Opening the chat…';
    }
    if (loading) return loading;
    loading = load(open)
      .then((chat) => {
        done = true;
        remove();
        if (wantsOpen && !open) chat?.open?.();
        return true;
      })
      .catch((error: unknown) => {
        console.warn('The chat assistant is unavailable right now.', error);
        button.removeAttribute('aria-busy');
        if (wantsOpen) {
          status.textContent = LAUNCHER_FAILED;
          button.title = LAUNCHER_FAILED;
        }
        return false;
      })
      .finally(() => {
        loading = null;
        wantsOpen = false;
      });
    return loading;
  };
  button.addEventListener('click', () => void start(true));
  return { start, remove };
}

/**
 * The site's chat: the launcher now, the widget on the first sign of a visitor (or when the launcher is pressed).
 * Another part asking for the chat on the event bus ('Ask about this home': chat/ask-about-listing, or chat/open)
 * loads it open when it is not on the page yet, as the launcher would; the widget then takes the request itself
 * from the bus, which keeps the last event of each type for it (useSiteEvent with replay). The request is not handed
 * through here so that there is one path for it whether the chat was there or not. Returns a function that takes
 * all this away.
 */
export function startChat(load: Load = loadChat, fallbackMs = CHAT_FALLBACK_MS): () => void {
  const launcher = mountChatLauncher(load);
  const disarm = startChatOnFirstSign(() => void launcher.start(false), fallbackMs);
  const asks = [subscribe('chat/ask-about-listing', () => void launcher.start(true)), subscribe('chat/open', () => void launcher.start(true))];
  const stopMarking = markScrolling();
  return () => {
    stopMarking();
    disarm();
    for (const off of asks) off();
    launcher.remove();
  };
}

/**
 * Marks the page while it scrolls (SCROLLING_CLASS on html, until SCROLL_SETTLE_MS after the last scroll): on phones
 * the chat button (the launcher's and the widget's) steps aside meanwhile, so it never sits on the corner of the
 * cards passing under it (their photo count); it is back, in its corner, as soon as the page rests. Returns the undo.
 */
export function markScrolling(settleMs = SCROLL_SETTLE_MS): () => void {
  const root = document.documentElement;
  let timer: number | undefined;
  const onScroll = () => {
    root.classList.add(SCROLLING_CLASS);
    if (timer !== undefined) window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      timer = undefined;
      root.classList.remove(SCROLLING_CLASS);
    }, settleMs);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    if (timer !== undefined) window.clearTimeout(timer);
    root.classList.remove(SCROLLING_CLASS);
  };
}

/**
 * Arms the chat: `load` runs once, after the first paint, on the first visitor event or after the fallback delay.
 * Returns a function that disarms it (nothing loads after that).
 */
export function startChatOnFirstSign(load: () => void, fallbackMs = CHAT_FALLBACK_MS): () => void {
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
