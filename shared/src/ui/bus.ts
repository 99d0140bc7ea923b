/**
 * The typed event bus between parts (ARCHITECTURE.md rule 1): one union of events, each with a version.
 * A zustand store, shared as a federation singleton through this package, so every remote sees the same bus.
 *
 * The page runs one copy of the bus, the shell's, and remotes built on other days emit into it (docs/shared-package.md):
 * the version is checked at run time, and an event this copy does not understand (an unknown type, or a version of it
 * newer than this copy knows) is not delivered; the console says so once per type.
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

/**
 * The versions of each event this bus delivers. A changed payload is a new version: add it to the union above (keep
 * the old one while deployed parts still emit or expect it) and here; the compiler checks that every version in the
 * union is listed.
 */
const EVENT_VERSIONS = {
  'lead/submitted': [1],
  'chat/open': [1],
  'chat/input-history': [1],
  'search/no-results': [1],
  'property/viewed': [1],
  'favourites/changed': [1],
} as const satisfies { readonly [T in SiteEventType]: readonly Extract<SiteEvent, { type: T }>['version'][] };
type UnlistedVersions = { [T in SiteEventType]: Exclude<Extract<SiteEvent, { type: T }>['version'], (typeof EVENT_VERSIONS)[T][number]> }[SiteEventType];
const everyVersionListed: [UnlistedVersions] extends [never] ? true : UnlistedVersions = true;
void everyVersionListed;

const warned = new Set<string>();

/** Whether this bus understands the event; the first time a type is not understood, a warning says why. */
function understood(event: unknown): event is SiteEvent {
  const { type, version } = (typeof event === 'object' && event !== null ? event : {}) as { type?: unknown; version?: unknown };
  const versions: readonly unknown[] | undefined =
    typeof type === 'string' && Object.hasOwn(EVENT_VERSIONS, type) ? EVENT_VERSIONS[type as SiteEventType] : undefined;
  if (versions?.includes(version)) return true;
  const key = String(type);
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(
      versions
        ? `[event bus] ignored a ${key} event of version ${String(version)}: this page's @gta/shared understands version ${versions.join(', ')} of it`
        : `[event bus] ignored an event of unknown type ${key}: this page's @gta/shared does not know it`,
    );
  }
  return false;
}

interface BusState {
  last: SiteEvent | null;
  listeners: Set<Listener>;
}

export const eventBus = createStore<BusState>(() => ({ last: null, listeners: new Set() }));

export function emit(event: SiteEvent): void {
  if (!understood(event)) return;
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
