/**
 * Where the page is scrolled on a route change: a new page (a link, a redirect) starts at the top; Back and Forward
 * return to where the visitor was on that entry, so the results they were reading are still in view. The positions
 * are kept in sessionStorage by history entry, so a reload in between keeps them too.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'gta:scroll-positions';
/** How many entries are remembered (the oldest are dropped). */
const MAX_ENTRIES = 50;
/** How long a return waits for the page to grow tall enough (its results arrive from a remote and the network). */
const RESTORE_WAIT_MS = 2500;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Positions) : {};
  } catch {
    return {};
  }
}

function savePosition(entryKey: string, top: number): void {
  const positions = readPositions();
  delete positions[entryKey];
  positions[entryKey] = Math.round(top);
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // storage full or refused: the position is only a convenience
  }
}

/** The position saved for a history entry, if any. */
export function savedPosition(entryKey: string): number | undefined {
  return readPositions()[entryKey];
}

/**
 * Scrolls to `top` once the page is tall enough to hold it, or after RESTORE_WAIT_MS (then as far as it goes).
 * Stops when the visitor scrolls, taps or types first. Returns a cancel function.
 */
export function scrollWhenTallEnough(top: number, now: () => number = () => performance.now()): () => void {
  const started = now();
  let frame = 0;
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, cancel);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, cancel, { passive: true });
  const attempt = () => {
    if (cancelled) return;
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    if (reachable >= top || now() - started >= RESTORE_WAIT_MS) {
      window.scrollTo({ top, left: 0, behavior: 'auto' });
      cancel();
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return cancel;
}

/** True when this document was reloaded or reached by Back/Forward (not a new visit that reuses the first key). */
function returningToEntry(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = entry && 'type' in entry ? (entry as PerformanceNavigationTiming).type : undefined;
  return type === 'reload' || type === 'back_forward';
}

/** Top on a new page, the saved position on Back/Forward; a change of the query string alone moves nothing. */
export function ScrollToTop() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const current = useRef({ key: location.key, pathname: location.pathname });

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    // the position of the entry being left is saved as the visitor scrolls (the new page's render may shorten the
    // document before an effect could read it)
    let pending = 0;
    const onScroll = () => {
      const { key } = current.current;
      const top = window.scrollY;
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => savePosition(key, top));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(pending);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useLayoutEffect(() => {
    const previous = current.current;
    current.current = { key: location.key, pathname: location.pathname };
    if (first.current) {
      first.current = false;
      // a reload, or a return from another site, keeps the entry: back where the visitor was
      const saved = returningToEntry() ? savedPosition(location.key) : undefined;
      return saved ? scrollWhenTallEnough(saved) : undefined;
    }
    if (navigationType === 'POP') {
      const saved = savedPosition(location.key);
      if (saved !== undefined) return scrollWhenTallEnough(saved);
    }
    if (previous.pathname !== location.pathname) window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
    return undefined;
  }, [location.key, location.pathname, navigationType]);

  return null;
}
