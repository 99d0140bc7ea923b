/** Motion helpers shared by the carousels and the section reveals. */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** True when the visitor asked the system for reduced motion (updates live). */
function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener?.('change', onChange);
  return () => list.removeEventListener?.('change', onChange);
}

/**
 * True when the visitor asked the system for reduced motion (updates live). False on the server and while the
 * server's HTML is hydrated (React then renders again with the browser's answer), so both render the same.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches,
    () => false,
  );
}

export interface Rotation {
  index: number;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
}

/**
 * An index over `count` items that wraps at both ends and advances by itself every `intervalMs` unless `paused`.
 * Moving by hand restarts the wait, so a visitor never sees a slide vanish the instant they picked it.
 */
export function useRotation(count: number, intervalMs: number, paused: boolean): Rotation {
  const [state, setState] = useState({ index: 0, moves: 0 });
  const goTo = useCallback((i: number) => setState((s) => ({ index: ((i % count) + count) % count, moves: s.moves + 1 })), [count]);
  const next = useCallback(() => setState((s) => ({ index: (s.index + 1) % count, moves: s.moves + 1 })), [count]);
  const previous = useCallback(() => setState((s) => ({ index: (s.index - 1 + count) % count, moves: s.moves + 1 })), [count]);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setState((s) => ({ index: (s.index + 1) % count, moves: s.moves + 1 })), intervalMs);
    return () => clearTimeout(timer);
  }, [paused, count, intervalMs, state.moves]);
  return { index: state.index, goTo, next, previous };
}

/** Pause handlers for a carousel region: hover and keyboard focus inside both pause it. */
export function usePauseOnInteraction() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    paused: hovered || focused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: React.FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
