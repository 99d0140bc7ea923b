/**
 * The typed event bus between parts (ARCHITECTURE.md rule 1): one union of events, each with a version.
 * A zustand store, shared as a federation singleton through this package, so every remote sees the same bus.
 */
import { createStore } from 'zustand/vanilla';
import { useEffect, useRef } from 'react';
import type { FormName } from '../core/validation';

export type SiteEvent =
  | { type: 'lead/submitted'; version: 1; form: FormName }
  | { type: 'chat/open'; version: 1; prompt?: string }
  | { type: 'chat/input-history'; version: 1; direction: 'up' | 'down'; value: string }
  | { type: 'search/no-results'; version: 1; page: 'active-listings' | 'featured-listings' }
  | { type: 'property/viewed'; version: 1; slug: string; name: string }
  /** The visitor's favourites changed (or were read from storage): how many listings are saved now. */
  | { type: 'favourites/changed'; version: 1; count: number };

export type SiteEventType = SiteEvent['type'];
type Listener = (event: SiteEvent) => void;

interface BusState {
  last: SiteEvent | null;
  listeners: Set<Listener>;
}

export const eventBus = createStore<BusState>(() => ({ last: null, listeners: new Set() }));

export function emit(event: SiteEvent): void {
  eventBus.setState({ last: event });
  for (const listener of [...eventBus.getState().listeners]) listener(event);
}

export function subscribe<T extends SiteEventType>(type: T, handler: (event: Extract<SiteEvent, { type: T }>) => void): () => void {
  const listener: Listener = (event) => {
    if (event.type === type) handler(event as Extract<SiteEvent, { type: T }>);
  };
  eventBus.getState().listeners.add(listener);
  return () => {
    eventBus.getState().listeners.delete(listener);
  };
}

/** Calls handler for every event of the type while the component is mounted. */
export function useSiteEvent<T extends SiteEventType>(type: T, handler: (event: Extract<SiteEvent, { type: T }>) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribe(type, (e) => ref.current(e)), [type]);
}
