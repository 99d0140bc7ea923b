/**
 * The after-paint loader (docs/first-screen.md, "Scripts after the first paint"; decision 0009). The server moves the
 * shell's scripts and preloads out of the HTML into a plan (`<script type="application/json" id="gta-after-paint">`,
 * server/src/site/afterFirstPaint.ts) and inlines this loader, built by webpack (shared/build/afterPaintLoader.cjs)
 * into one small ES5 script, allowed by the CSP hash of its built bytes. It:
 * - starts the plan in the task after the first frame (requestAnimationFrame, then a timeout), or at once in a page
 *   opened in the background (no frame is drawn there) or hidden before its first frame; only once;
 * - inserts the scripts first, in one task, in order (`async = false`, as `defer` did), then the preloads one to a
 *   task: a preload costs 2 to 8 ms of main thread under 4x CPU, and main.js with two preloads in one task made a
 *   task of 55 to 67 ms, blocking time in Lighthouse;
 * - holds a form sent before the app runs: every form of the site is sent by script, so a submission no script
 *   handled (bubbling to window with its default not prevented) is held and sent again every 250 ms until the app
 *   takes it, for 2 minutes at most, never the browser's native GET with the visitor's name, email and phone in the
 *   URL, the history and the server's logs.
 * No imports and no modern syntax: it runs before any bundle or polyfill, and it is in every page.
 */

/** The id of the plan's element: the server writes it (server/src/site/afterFirstPaint.ts, the same constant). */
export const AFTER_PAINT_DATA_ID = 'gta-after-paint';

/** One `<link rel="preload">` the loader inserts. */
export interface AfterPaintPreload {
  href: string;
  as: string;
  crossorigin?: string;
  fetchpriority?: string;
}

/** What the loader starts after the first paint: the scripts (in order), then the preloads, in order. */
export interface AfterPaintPlan {
  preloads: AfterPaintPreload[];
  scripts: string[];
}

/** A form the loader holds: marked while a try is pending, and counting its tries. */
type HeldForm = HTMLFormElement & { __gtaHeld?: boolean; __gtaTries?: number };

/** How often a held form is sent again, and how many times at most (2 minutes). */
const RETRY_MS = 250;
const MAX_TRIES = 480;

export function startAfterPaintLoader(w: Window, d: Document): void {
  let started = false;
  let replaying: HeldForm | null = null;

  w.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    const form = event.target as HeldForm | null;
    if (!form || form.tagName !== 'FORM' || form.__gtaHeld) return;
    const tries = replaying === form ? (form.__gtaTries || 0) + 1 : 1;
    if (tries > MAX_TRIES) return;
    form.__gtaTries = tries;
    form.__gtaHeld = true;
    const submitter = (event as SubmitEvent).submitter;
    const button = submitter && (submitter as HTMLButtonElement).form === form ? submitter : null;
    setTimeout(() => {
      form.__gtaHeld = false;
      if (!form.isConnected) return;
      replaying = form;
      try {
        if (form.requestSubmit) form.requestSubmit(button);
        else form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      } finally {
        replaying = null;
      }
    }, RETRY_MS);
  });

  function start(): void {
    if (started) return;
    started = true;
    const element = d.getElementById(AFTER_PAINT_DATA_ID);
    if (!element) return;
    const plan = JSON.parse(element.textContent || '{}') as Partial<AfterPaintPlan>;
    (plan.scripts || []).forEach((src) => {
      const script = d.createElement('script');
      script.src = src;
      script.async = false;
      d.head.appendChild(script);
    });
    const preloads = plan.preloads || [];
    let index = 0;
    function next(): void {
      const hint = preloads[index++] as AfterPaintPreload;
      const link = d.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', hint.as);
      link.href = hint.href;
      if (hint.crossorigin) link.setAttribute('crossorigin', hint.crossorigin);
      if (hint.fetchpriority) link.setAttribute('fetchpriority', hint.fetchpriority);
      d.head.appendChild(link);
      if (index < preloads.length) setTimeout(next, 0);
    }
    if (preloads.length) setTimeout(next, 0);
  }

  if (d.visibilityState === 'hidden') {
    start();
    return;
  }
  d.addEventListener('visibilitychange', start, { once: true });
  requestAnimationFrame(() => {
    setTimeout(start, 0);
  });
}
