/**
 * Hydration on sight. A server-rendered page is readable at once, but making all of it interactive (hydration) is
 * most of the main thread's work while the page starts: on the home page, 18,800 px tall on a phone, most of it is
 * far below the fold. Content wrapped in `<HydrateWhenVisible>` keeps the server's HTML, untouched, until it is on
 * screen, or, once the visitor has scrolled, within a few hundred pixels of the viewport (or is touched, clicked or
 * focused); then React hydrates it.
 *
 * Why no look-ahead before the first scroll: the home page's hero is one screen tall, so the featured listings
 * touch the fold, and a 300 px look-ahead loaded the listings remote and hydrated them while the page started:
 * Lighthouse TBT on `/`, medians of five alternated runs, 187 ms with it, 46 ms without (docs/performance.md,
 * session 10). A visitor who has not scrolled has not seen them; the first scroll turns the look-ahead on, before
 * they come into view.
 *
 * How: the wrapper renders a `<div data-hydrate-when-visible={useId()}>` (the same id on the server and in the
 * browser) around a Suspense boundary. Before hydrating, the shell calls `prepareHydrationOnSight()`, which finds
 * those elements in the server's HTML and watches them. During hydration the boundary's child suspends on its
 * element's promise, so React leaves the server's HTML in place (a dehydrated boundary) and hydrates the rest.
 *
 * Nothing is lost meanwhile:
 * - A click or a form submission inside content not yet hydrated would reach no handler (React drops it, and the
 *   browser would follow a link as a full page load). It is held (default prevented), the content hydrates, and the
 *   click (or `requestSubmit()`) is replayed on the same element.
 * - Text typed into a field before hydration stays on screen: React adopts the field without touching its value.
 *   A form must take that value into its state once it has hydrated (the lead forms do: typedBeforeHydration in
 *   mfe-forms), or its next render writes the old value back.
 * - Any navigation (pushState or replaceState with a URL, Back) opens every gate first: a route change updates the router's
 *   context, and React would otherwise hold the new route until each waiting boundary had hydrated.
 *
 * Without server HTML (a page drawn in the browser, or after a navigation) the wrapper renders its children at
 * once; nothing waits.
 *
 * What a part needs is loaded on sight too. The remote regions a server render drew inside a wrapper are listed
 * under its id (trackRenderedRemotes in remote.tsx, `onSight`), and `prepareHydrationOnSight` takes a
 * `beforeHydrating(id)` that loads them: the browser fetches a part's modules only when the part comes near the
 * viewport, and the part hydrates once they are there (one pass, so a held click is replayed on live content).
 */
import { Suspense, createContext, use, useContext, useEffect, useId, useReducer, useRef, type ReactElement, type ReactNode } from 'react';

const ATTRIBUTE = 'data-hydrate-when-visible';
/** While the page starts: what is on screen, the viewport's last pixel row left out (a part just touching the fold waits). */
const ON_SCREEN = '0px 0px -1px 0px';
/** After the first scroll: how far below (and above) the viewport content starts hydrating, so it is ready before it is reached. */
const LOOK_AHEAD = '300px 0px';

interface Gate {
  /** The wrapper's id (useId, the same on the server and in the browser). */
  id: string;
  element: Element;
  /** Seen, touched, or released by a navigation: what it needs is loading (beforeHydrating). */
  open: boolean;
  /** Open, and what it needs has loaded: the content may hydrate. */
  ready: boolean;
  /** React has hydrated it (its effect ran). */
  hydrated: boolean;
  promise: Promise<void>;
  resolve: () => void;
  /** A click or submission held while it hydrated, replayed once it has. */
  replay?: () => void;
}

const gates = new Map<string, Gate>();
let observer: IntersectionObserver | null = null;
/** What a part needs before it hydrates (its remote modules), from prepareHydrationOnSight's options. */
let beforeHydrating: ((id: string) => Promise<unknown>) | undefined;

function openGate(gate: Gate): void {
  if (gate.open) return;
  gate.open = true;
  observer?.unobserve(gate.element);
  const release = () => {
    gate.ready = true;
    // read as fulfilled by use() at once: a Gate that suspended on it calls use() again when replayed
    Object.assign(gate.promise, { status: 'fulfilled', value: undefined });
    gate.resolve();
  };
  if (!beforeHydrating) {
    release();
    return;
  }
  // a failed load does not keep the part closed: it hydrates, and its region shows the error with a retry
  beforeHydrating(gate.id).then(release, release);
}

/** Every gate whose element holds `node`, outermost first (an inner one hydrates only after the outer one). */
function gatesHolding(node: Node): Gate[] {
  const found: Gate[] = [];
  for (const gate of gates.values()) if (!gate.hydrated && gate.element.contains(node)) found.push(gate);
  return found.sort((a, b) => (a.element.contains(b.element) ? -1 : 1));
}

function openAll(): void {
  for (const gate of gates.values()) openGate(gate);
}

/** Opens the gates around an interaction's target; returns the innermost one not yet hydrated. */
function openAround(target: EventTarget | null): Gate | undefined {
  if (!(target instanceof Node)) return undefined;
  const holding = gatesHolding(target);
  for (const gate of holding) openGate(gate);
  return holding[holding.length - 1];
}

function holdUntilHydrated(event: Event): void {
  const gate = openAround(event.target);
  if (!gate) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const target = event.target;
  if (event.type === 'submit' && target instanceof HTMLFormElement) gate.replay = () => target.requestSubmit();
  else if (target instanceof HTMLElement) gate.replay = () => target.click();
  else if (target instanceof SVGElement) gate.replay = () => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

function startEarly(event: Event): void {
  openAround(event.target);
}

export interface HydrationOnSightOptions {
  /**
   * Called once per part when it is about to hydrate (seen, touched, or released by a navigation), with the part's
   * id; the part hydrates when the promise settles. The shell loads the part's remote modules here.
   */
  beforeHydrating?: (id: string) => Promise<unknown>;
}

/**
 * Finds the server-rendered content marked by `<HydrateWhenVisible>` and watches it. Call once, before
 * `hydrateRoot`. Returns how many parts wait (0 where IntersectionObserver is missing: everything hydrates at once,
 * and the regions inside load their modules as they render).
 */
export function prepareHydrationOnSight(doc: Document = document, options: HydrationOnSightOptions = {}): number {
  const view = doc.defaultView;
  if (observer || !view || typeof view.IntersectionObserver !== 'function') return hydrationOnSightPending();
  beforeHydrating = options.beforeHydrating;
  const elements = doc.querySelectorAll(`[${ATTRIBUTE}]`);
  if (elements.length === 0) return 0;
  const Observer = view.IntersectionObserver;
  const watch = (rootMargin: string) =>
    new Observer(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const id = entry.target.getAttribute(ATTRIBUTE);
          const gate = id ? gates.get(id) : undefined;
          if (gate) openGate(gate);
        }
      },
      { rootMargin },
    );
  observer = watch(ON_SCREEN);
  // the page's first scroll turns the look-ahead on for every part still waiting (not capture: a carousel or a table
  // scrolling inside the page is not the visitor moving down it)
  view.addEventListener(
    'scroll',
    () => {
      observer?.disconnect();
      observer = watch(LOOK_AHEAD);
      for (const gate of gates.values()) if (!gate.open) observer.observe(gate.element);
    },
    { passive: true, once: true },
  );
  elements.forEach((element) => {
    const id = element.getAttribute(ATTRIBUTE);
    if (!id || gates.has(id)) return;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    gates.set(id, { id, element, open: false, ready: false, hydrated: false, promise, resolve });
    observer?.observe(element);
  });
  // capture on window: before React's own listeners on the root, which drop an event on dehydrated content
  view.addEventListener('click', holdUntilHydrated, true);
  view.addEventListener('submit', holdUntilHydrated, true);
  for (const type of ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const) view.addEventListener(type, startEarly, { capture: true, passive: true });
  // a navigation releases everything before the router renders the new location (see the note at the top)
  view.addEventListener('popstate', openAll, true);
  const history = view.history;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      // the router's history, when it starts, replaces the state alone (no URL) to number the entry: not a navigation
      if (args[2] !== undefined && args[2] !== null) openAll();
      return original.apply(this, args);
    };
  }
  return gates.size;
}

/** How many marked parts still wait for hydration (for tests and measurements). */
export function hydrationOnSightPending(): number {
  let pending = 0;
  for (const gate of gates.values()) if (!gate.hydrated) pending += 1;
  return pending;
}

/** The id of the `<HydrateWhenVisible>` around a component (null outside any): remote.tsx files its regions under it. */
const EnclosingPart = createContext<string | null>(null);

/** The id of the innermost `<HydrateWhenVisible>` around the caller, or null. */
export function useHydrateWhenVisibleId(): string | null {
  return useContext(EnclosingPart);
}

function Gate({ id, onHydrated, children }: { id: string; onHydrated: () => void; children: ReactNode }) {
  const gate = gates.get(id);
  // not `open`: a part seen before React reached it must still wait for its modules
  // use() on every render while the gate exists (React requires a replay to call the use() it suspended in; a
  // re-render forced during hydration replays it after the gate opened); a released gate's promise reads as fulfilled
  if (gate) use(gate.promise);
  useEffect(() => {
    if (!gate || gate.hydrated) return;
    gate.hydrated = true;
    onHydrated();
    const replay = gate.replay;
    gate.replay = undefined;
    // after this commit, so the replayed event finds React's handlers attached
    if (replay) window.setTimeout(replay, 0);
  }, [gate, onHydrated]);
  return <>{children}</>;
}

export interface HydrateWhenVisibleProps {
  children: ReactNode;
  /**
   * About how tall the content is on a phone, in px: the space the browser reserves for it while it is far off
   * screen and not laid out (`content-visibility: auto`); once drawn, its real height is remembered.
   */
  estimatedHeight?: number;
}

/**
 * Content that hydrates when it comes near the viewport (see the note at the top). The wrapper is a plain block
 * `<div>`: use it around blocks (sections, regions), not inside inline or grid layouts that style their children.
 * It also has `content-visibility: auto`: while far off screen, the browser skips its layout and paint too (the
 * long page's layout while it loads was as costly as its hydration). Paint containment clips what overflows the
 * wrapper, and the wrapper is the containing block of fixed descendants: dialogs belong in a portal (Dialog does).
 */
export function HydrateWhenVisible({ children, estimatedHeight = 1000 }: HydrateWhenVisibleProps) {
  const id = useId();
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  // while its server HTML waits to hydrate, the part keeps the very same element whatever the parent passes (a page
  // renders again as it starts: its region settling, a store read): an update that reaches a boundary still waiting
  // makes React drop the server's HTML and draw the part again, losing what the visitor typed or focused in it
  const frozen = useRef<{ children: ReactNode; content: ReactElement } | null>(null);
  const latest = useRef<ReactNode>(children);
  latest.current = children;
  const gate = gates.get(id);
  let content = gate && !gate.hydrated ? frozen.current?.content : undefined;
  if (!content) {
    // once hydrated, the part renders again if its parent passed it something new while it waited
    const onHydrated = () => {
      if (frozen.current && frozen.current.children !== latest.current) renderAgain();
    };
    content = (
      <EnclosingPart.Provider value={id}>
        {/* if React must draw this part before it has hydrated (a context above it changed), it draws it as is */}
        <Suspense fallback={children}>
          <Gate id={id} onHydrated={onHydrated}>
            {children}
          </Gate>
        </Suspense>
      </EnclosingPart.Provider>
    );
    frozen.current = { children, content };
  }
  return (
    <div {...{ [ATTRIBUTE]: id }} style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatedHeight}px` }}>
      {content}
    </div>
  );
}
