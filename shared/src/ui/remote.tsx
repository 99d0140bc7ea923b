/**
 * The remote loader (ARCHITECTURE.md rules 1 and 6): UI of another part is loaded at run time by name
 * ("forms/LeadModal") through the federation runtime. Loading retries, and a remote that is down or throws
 * degrades only its own region: a clear message and a retry button; the rest of the page keeps working.
 */
import { Component, Suspense, createElement, use, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '../core/config';
import type { ExposedModuleId } from '../core/modules';
import { useHydrateWhenVisibleId } from '../firstScreen/hydrateWhenVisible';
import { onSightToSend, recordRemote, useRenderCollection } from '../firstScreen/renderCollection';
import { theme } from './theme';

let entries: Partial<Record<RemoteName, string>> = {};

/** Registers every remote of the runtime config with the federation runtime (nothing is fetched yet). */
export function registerRemotesFromConfig(config: RuntimeConfig): void {
  entries = { ...config.remotes };
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
}

/** Drops what the runtime cached for a remote (a failed manifest included) so the next load starts afresh. */
function resetRemote(name: string): void {
  const entry = entries[name as RemoteName];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

type ExposedModule<P> = { default: ComponentType<P> };
const cache = new Map<string, Promise<unknown>>();
/**
 * Modules already loaded, by id. A region whose module is here renders it at once, with no loading step: in the
 * browser once its load finished; on the server (first-screen rendering) the server provides every module of the
 * remotes built on its disk. The browser hydrates server-rendered HTML only after loading the modules the server
 * rendered (trackRenderedRemotes), so both sides render the same tree; a part in a `<HydrateWhenVisible>` hydrates
 * only after its own modules have loaded, when it comes into view.
 */
const loaded = new Map<string, unknown>();
/**
 * The regions rendered with their module during a server render: recorded into that render's collection
 * (renderWithFirstScreenData); trackRenderedRemotes, kept for tests and shells built before, collects here instead.
 */
let renderedOnServer: { remotes: Set<string>; onSight: Map<string, Set<string>> } | null = null;

/** The server's side: the exposed modules it can render, by id ("content/HomeHero"). Replaces what it gave before. */
export function provideRemoteModules(modules: ReadonlyMap<string, unknown>): void {
  loaded.clear();
  for (const [id, mod] of modules) loaded.set(id, mod);
}

/**
 * The browser's side, before hydrating server HTML: these regions were rendered on the server. While its module
 * loads, such a region suspends during hydration, so React keeps the server's HTML on screen (and replays a click
 * on it once hydrated) instead of drawing a loading state over it; the rest of the page hydrates meanwhile.
 */
type TrackedWait = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };
/**
 * Each id keeps its one wait for good (a settled one reads as fulfilled at once): a region that suspended must read
 * the very same thenable when React replays it, whichever region or load finished in between.
 */
const hydrating = new Map<string, TrackedWait>();
export function hydrateRemoteModules(ids: readonly string[]): void {
  for (const id of ids) {
    const wait: TrackedWait = loadModule(id).then(
      () => {
        Object.assign(wait, { status: 'fulfilled', value: undefined });
      },
      () => {
        Object.assign(wait, { status: 'fulfilled', value: undefined }); // a failed load renders the region's error once hydrated
      },
    );
    hydrating.set(id, wait);
  }
}

/**
 * Loads modules for a part about to hydrate (HydrationOnSightOptions.beforeHydrating); settles when each has loaded
 * or failed (a failed one shows its region's error once the part has hydrated).
 */
export function loadRemoteModulesForHydration(ids: readonly string[]): Promise<void> {
  return Promise.all(ids.map((id) => loadModule(id).catch(() => undefined))).then(() => undefined);
}

/** What a server render drew of the remotes. */
export interface RenderedRemoteModules {
  /** Ids of the modules rendered outside any `<HydrateWhenVisible>`: the browser loads them before it hydrates. */
  modules: string[];
  /** Ids rendered inside a `<HydrateWhenVisible>`, by its id: loaded when that part comes into view. */
  onSight: Record<string, string[]>;
}

/** Runs a synchronous server render and returns the ids of the remote modules it rendered (renderWithFirstScreenData returns them too). */
export function trackRenderedRemotes<T>(render: () => T): { result: T } & RenderedRemoteModules {
  const rendered = { remotes: new Set<string>(), onSight: new Map<string, Set<string>>() };
  renderedOnServer = rendered;
  try {
    const result = render();
    return { result, modules: [...rendered.remotes], onSight: onSightToSend(rendered) };
  } finally {
    renderedOnServer = null;
  }
}
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The federation runtime's refusal of a remote that needs a newer @gta/shared (or another singleton) than the page
 * has (strictVersion, docs/shared-package.md): "Version 1.1.0 from shell of shared singleton module @gta/shared does
 * not satisfy the requirement of listings which needs ^1.2.0". Loading again cannot help until the page is newer.
 */
function isSharedVersionRefusal(error: unknown): boolean {
  return error instanceof Error && /of shared singleton module \S+ does not satisfy the requirement/.test(error.message);
}

/**
 * Loads an exposed module by id ("listings/FeaturedProperties"), retrying a failed load twice with a short
 * backoff. A failure is not cached: the next call (the retry button) tries again.
 */
export function loadRemoteModule<T>(id: ExposedModuleId, attempts = 3): Promise<T> {
  return loadModule<T>(id, attempts);
}

/** loadRemoteModule for ids that arrive as text (the server's list of rendered regions, the low-level component). */
function loadModule<T>(id: string, attempts = 3): Promise<T> {
  const cached = cache.get(id);
  if (cached) return cached as Promise<T>;
  const remoteName = id.split('/')[0] ?? id;
  const run = async (): Promise<T> => {
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (attempt > 0) {
        resetRemote(remoteName);
        await delay(250 * 3 ** (attempt - 1));
      }
      try {
        const mod = await loadRemote<T>(id);
        if (mod) {
          loaded.set(id, mod);
          return mod;
        }
        lastError = new Error(`The module ${id} was not found.`);
      } catch (error) {
        lastError = error;
        if (isSharedVersionRefusal(error)) break;
      }
    }
    const failure = lastError instanceof Error ? lastError : new Error(`Could not load ${id}.`);
    // the region shows its message to the visitor; this line is for whoever looks at the console
    console.warn(`[remote ${id}] could not be loaded: ${failure.message}`);
    throw failure;
  };
  const promise = run().catch((error: unknown) => {
    cache.delete(id);
    resetRemote(remoteName);
    throw error;
  });
  cache.set(id, promise);
  return promise;
}

type RemoteState<P> = { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'error'; error: Error };

/** Loads a remote component; `retry` starts a fresh load after a failure. */
export function useRemoteComponent<P>(id: string): RemoteState<P> & { retry: () => void } {
  const [state, setState] = useState<RemoteState<P>>(() => {
    const mod = loaded.get(id) as ExposedModule<P> | undefined;
    return mod?.default ? { status: 'ready', Component: mod.default } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const ready = attempt === 0 ? (loaded.get(id) as ExposedModule<P> | undefined)?.default : undefined;
    if (ready) {
      // loaded already (or rendered with its module from the start): no loading step
      setState((s) => (s.status === 'ready' && s.Component === ready ? s : { status: 'ready', Component: ready }));
      return undefined;
    }
    let alive = true;
    setState((s) => (s.status === 'loading' ? s : { status: 'loading' }));
    loadModule<ExposedModule<P>>(id).then(
      (mod) => alive && setState({ status: 'ready', Component: mod.default }),
      (error: unknown) => alive && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      alive = false;
    };
  }, [id, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

export interface RegionErrorProps {
  /** What the region is, for the message: "the listings", "this form". */
  label: string;
  onRetry: () => void;
  minHeight?: number | string;
  /**
   * The part was refused because it needs a newer site than this open page (a deploy happened since it was opened):
   * a retry cannot help, a reload of the page can.
   */
  outdated?: boolean;
}

/** The message a failed region shows in place of its content. */
export function RegionError({ label, onRetry, minHeight, outdated = false }: RegionErrorProps) {
  return (
    <div
      role="alert"
      data-testid="remote-error"
      css={{
        minHeight,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: theme.space.md,
        padding: theme.space.xl,
        margin: `${theme.space.lg} auto`,
        maxWidth: 640,
        textAlign: 'center',
        border: `1px solid ${theme.color.stone}`,
        background: theme.color.paper,
        borderRadius: theme.radius.md,
      }}
    >
      <p css={{ margin: 0, fontFamily: theme.font.display, fontSize: theme.fontSize.xl }}>We couldn't load {label} just now.</p>
      <p css={{ margin: 0, color: theme.color.muted }}>
        {outdated
          ? 'The site has just been updated and this page is from before. Reload the page to see it.'
          : 'The rest of the site is working. Please try again in a moment.'}
      </p>
      <button
        type="button"
        onClick={outdated ? () => window.location.reload() : onRetry}
        css={{
          padding: '0.7rem 1.6rem',
          border: `1px solid ${theme.color.ink}`,
          background: theme.color.ink,
          color: theme.color.ivory,
          cursor: 'pointer',
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          fontSize: theme.fontSize.sm,
        }}
      >
        {outdated ? 'Reload the page' : 'Try again'}
      </button>
    </div>
  );
}

interface BoundaryProps {
  label: string;
  minHeight?: number | string;
  onRetry?: () => void;
  children: ReactNode;
}

/** Catches a remote component that throws while rendering, and offers a retry. */
export class RegionBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[region ${this.props.label}]`, error, info.componentStack);
  }
  retry = () => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };
  override render() {
    if (this.state.error) return <RegionError label={this.props.label} onRetry={this.retry} minHeight={this.props.minHeight} />;
    return this.props.children;
  }
}

export interface RemoteComponentProps<P> {
  /** "remote/Exposed", e.g. "forms/LeadModal" */
  id: string;
  props: P;
  /** What the region is, for the error message. */
  label: string;
  /** Reserved space while loading, so nothing shifts. */
  minHeight?: number | string;
  /** Shown while loading; a quiet placeholder of minHeight by default. */
  loading?: ReactNode;
}

export function RemoteComponent<P extends object>(region: RemoteComponentProps<P>) {
  return (
    <Suspense fallback={region.loading ?? <LoadingRegion label={region.label} minHeight={region.minHeight} />}>
      <RemoteRegion<P> {...region} />
    </Suspense>
  );
}

function LoadingRegion({ label, minHeight }: { label: string; minHeight?: number | string }) {
  return <div aria-busy="true" aria-label={`Loading ${label}`} data-testid="remote-loading" css={{ minHeight: minHeight ?? 240 }} />;
}

/** A promise React reads as fulfilled without suspending (its status fields are the ones React sets on thenables). */
const NOTHING_TO_WAIT_FOR: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

function RemoteRegion<P extends object>({ id, props, label, minHeight, loading }: RemoteComponentProps<P>) {
  const part = useHydrateWhenVisibleId();
  const collection = useRenderCollection() ?? renderedOnServer;
  // hydrating server HTML: wait for the module without replacing what is on screen (hydrateRemoteModules)
  // use() is called on every render: React replays a render that suspended in use(), and a replay that skips the
  // use() it suspended in (the module has arrived meanwhile) breaks the hooks that follow ("Update hook called on
  // initial render", React error 467), and a replay must read the same thenable it suspended in (another one is
  // "an uncached promise"), so the wait stays in `hydrating` after it settles; with nothing to wait for, a thenable
  // already fulfilled
  use(hydrating.get(id) ?? NOTHING_TO_WAIT_FOR);
  const remote = useRemoteComponent<P>(id);
  if (remote.status === 'error')
    return <RegionError label={label} onRetry={remote.retry} minHeight={minHeight} outdated={isSharedVersionRefusal(remote.error)} />;
  if (remote.status === 'ready' && collection) recordRemote(collection, id, part);
  if (remote.status === 'loading') return <>{loading ?? <LoadingRegion label={label} minHeight={minHeight} />}</>;
  return (
    <RegionBoundary label={label} minHeight={minHeight} onRetry={remote.retry}>
      {createElement(remote.Component as ComponentType<object>, props)}
    </RegionBoundary>
  );
}

/** A component that renders a remote's exposed component: `const LeadModal = remoteComponent<LeadModalProps>('forms/LeadModal', 'the form')`. */
export function remoteComponent<P extends object>(id: ExposedModuleId, label: string, minHeight?: number | string) {
  function Remote(props: P) {
    return <RemoteComponent<P> id={id} props={props} label={label} minHeight={minHeight} />;
  }
  Remote.displayName = `Remote(${id})`;
  return Remote;
}
