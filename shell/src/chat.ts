/**
 * Starts the chat widget after the page's first paint and once the browser is idle, so it adds nothing to the
 * first load of any page (ARCHITECTURE.md rule 5). A chat that cannot load leaves the page as it is.
 */
import { getRuntimeConfig, loadRemoteModule, siteChatOptions, type CreateChat } from '@gta/shared';

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

export function startChatAfterFirstPaint(): void {
  const start = () =>
    afterFirstContentfulPaint(() => whenIdle(() => {
      loadRemoteModule<{ default: CreateChat }>('chat/createChat')
        .then((mod) => mod.default(siteChatOptions(getRuntimeConfig().chatWebhookUrl)))
        .catch((error: unknown) => console.warn('The chat assistant is unavailable right now.', error));
    }));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
