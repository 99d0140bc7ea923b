/**
 * The typed event bus between parts (docs/architecture.md rule 1): one union of events, each with a version.
 * A zustand store, shared as a federation singleton through this package, so every remote sees the same bus.
 *
 * The page runs one copy of the bus, the shell's, and remotes built on other days emit into it (docs/shared-package.md):
 * the version is checked at run time, and an event this copy does not understand (an unknown type, or a version of it
 * newer than this copy knows) is not delivered; the console says so once per type.
 */
import { createStore } from 'zustand/vanilla';
import { useEffect, useRef } from 'react';
import type { FormName } from '../core/validation';
import type { ChatContact } from '../core/chatContext';

/** The home a visitor asks the chat about: its slug, name, address as the page shows it, and its page's path. */
export interface AskedListing {
  slug: string;
  name: string;
  address: string;
  path: string;
}

export type SiteEvent =
  /** Version 1: a lead form stored a lead (forms built before version 2; nothing but the form). */
  | { type: 'lead/submitted'; version: 1; form: FormName }
  /** A lead form stored a lead, with the contact it sent (name and email only): the chat does not ask for them again. */
  | { type: 'lead/submitted'; version: 2; form: FormName; contact: ChatContact }
  | { type: 'chat/open'; version: 1; prompt?: string }
  /** 'Ask about this home' on a property page: the chat opens (its remote loaded if need be) about this listing. */
  | { type: 'chat/ask-about-listing'; version: 1; listing: AskedListing }
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
  'lead/submitted': [1, 2],
  'chat/open': [1],
  'chat/ask-about-listing': [1],
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
  /**
   * The last event of each type, kept for a part that starts listening later (subscribe's replay): the chat remote
   * loads after the page's first paint, so a lead sent or an 'Ask about this home' pressed before it is there still
   * reaches it. In memory only: nothing of it is written anywhere.
   */
  latest: { [T in SiteEventType]?: Extract<SiteEvent, { type: T }> };
  listeners: Set<Listener>;
}

export const eventBus = createStore<BusState>(() => ({ last: null, latest: {}, listeners: new Set() }));

export function emit(event: SiteEvent): void {
  if (!understood(event)) return;
  eventBus.setState((state) => ({ last: event, latest: { ...state.latest, [event.type]: event } }));
  for (const listener of [...eventBus.getState().listeners]) listener(event);
}

/** The last event of the type emitted on this page (this bus understood it), or undefined. */
export function latestEvent<T extends SiteEventType>(type: T): Extract<SiteEvent, { type: T }> | undefined {
  // a bus made by an older copy of this file has no `latest`
  return (eventBus.getState().latest as BusState['latest'] | undefined)?.[type] as Extract<SiteEvent, { type: T }> | undefined;
}

export interface SubscribeOptions {
  /** Deliver at once the last event of the type emitted before this subscription (latestEvent), then every new one. */
  replay?: boolean;
}

export function subscribe<T extends SiteEventType>(
  type: T,
  handler: (event: Extract<SiteEvent, { type: T }>) => void,
  options: SubscribeOptions = {},
): () => void {
  const listener: Listener = (event) => {
    if (event.type === type) handler(event as Extract<SiteEvent, { type: T }>);
  };
  eventBus.getState().listeners.add(listener);
  if (options.replay) {
    const earlier = latestEvent(type);
    if (earlier) handler(earlier);
  }
  return () => {
    eventBus.getState().listeners.delete(listener);
  };
}

/** Calls handler for every event of the type while the component is mounted (with replay: the last one before it, too). */
export function useSiteEvent<T extends SiteEventType>(
  type: T,
  handler: (event: Extract<SiteEvent, { type: T }>) => void,
  options: SubscribeOptions = {},
): void {
  const ref = useRef(handler);
  ref.current = handler;
  const replay = options.replay === true;
  useEffect(() => subscribe(type, (e) => ref.current(e), { replay }), [type, replay]);
}
