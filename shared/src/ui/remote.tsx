/**
 * The remote loader (docs/architecture.md rules 1 and 6): UI of another part is loaded at run time by name
 * ("forms/LeadModal") through the federation runtime. Loading retries, and a remote that is down or throws
 * degrades only its own region: a clear message and a retry button; the rest of the page keeps working.
 */
import {
  Component,
  Suspense,
  createElement,
  startTransition,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ErrorInfo,
  type ReactElement,
  type ReactNode,
} from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '../core/config';
import type { ExposedModuleId } from '../core/modules';
import { useHydrateWhenVisibleId } from '../firstScreen/hydrateWhenVisible';
import { recordRemote, useRenderCollection } from '../firstScreen/renderCollection';
import { theme } from './theme';

let entries: Partial<Record<RemoteName, string>> = {};

/**
 * How long a remote's manifest may take before its load counts as failed. A remote that is down fails in one
 * attempt within this bound, so its region says so within a few seconds of the first paint, not after ~8 s of
 * retries (issue 37); the region's retry button tries again.
 */
const MANIFEST_TIMEOUT_MS = 2_000;
let fastFailRegistered = false;

/**
 * A runtime plugin giving every fetch of the federation runtime (the remotes' manifests) a timeout: a host that
 * accepts the connection and never answers would otherwise hold the region in its loading state for good.
 */
function registerFastFailPlugin(): void {
  // the unit tests' stand-in runtime has no plugins
  if (fastFailRegistered || typeof registerPlugins !== 'function') return;
  fastFailRegistered = true;
  registerPlugins([
    {
      name: 'gta-manifest-timeout',
      fetch(url: string, init: RequestInit) {
        return fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
      },
    },
  ]);
}

/**
 * The build of a remote the server rendered the page with (`mf-manifest.<hash>.json`), when it is beside the
 * remote's manifest in the config (same origin and folder): the browser loads that build rather than the newest.
 */
function renderedBuildOf(configured: string, rendered: unknown): string | null {
  if (typeof rendered !== 'string') return null;
  try {
    const base = new URL(configured, typeof window === 'undefined' ? 'http://localhost/' : window.location.href);
    const build = new URL(rendered, base);
    const folder = (url: URL) => `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
    return folder(build) === folder(base) && /\/mf-manifest\.[0-9a-f]{10}\.json$/.test(build.pathname) ? build.href : null;
  } catch {
    return null;
  }
}

/**
 * Registers every remote of the runtime config with the federation runtime (nothing is fetched yet).
 * `renderedWith`: the builds the server rendered this page with (its first screen's `remotes`), used instead of
 * the config's manifest of those remotes, so a redeploy between the render and this load is no hydration mismatch.
 */
export function registerRemotesFromConfig(config: RuntimeConfig, renderedWith: Partial<Record<string, unknown>> = {}): void {
  const remotes: Record<string, string> = { ...config.remotes };
  for (const [name, configured] of Object.entries(config.remotes)) {
    const build = renderedBuildOf(configured, renderedWith[name]);
    if (build) remotes[name] = build;
  }
  entries = { ...remotes } as Partial<Record<RemoteName, string>>;
  registerFastFailPlugin();
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
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
 * rendered (renderWithFirstScreenData's `modules`), so both sides render the same tree; a part in a `<HydrateWhenVisible>` hydrates
 * only after its own modules have loaded, when it comes into view.
 */
const loaded = new Map<string, unknown>();
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
 *
 * A module that fails to load leaves its wait pending: React keeps the server's HTML of that region as it is (no
 * hydration mismatch, no error drawn over it), so a form the visitor is typing into keeps what they typed and still
 * works as a plain HTML form. The region's message is drawn beside it (hydrationFailures); when its retry loads the
 * module, the wait settles and the region hydrates then, taking what was typed (useValueTypedBeforeHydration).
 */
const hydrating = new Map<string, { wait: TrackedWait; settle: () => void }>();

/** Regions whose module failed while their server HTML waited to hydrate, by id: the error each region shows. */
const hydrationFailures = new Map<string, Error>();
const hydrationFailureListeners = new Set<() => void>();
function setHydrationFailure(id: string, error: Error | null): void {
  if (error) hydrationFailures.set(id, error);
  else hydrationFailures.delete(id);
  for (const listener of hydrationFailureListeners) listener();
}
function subscribeHydrationFailures(listener: () => void): () => void {
  hydrationFailureListeners.add(listener);
  return () => hydrationFailureListeners.delete(listener);
}

function hydrationWait(id: string): { wait: TrackedWait; settle: () => void } {
  let entry = hydrating.get(id);
  if (!entry) {
    let settle = () => {};
    const wait: TrackedWait = new Promise<void>((resolve) => {
      settle = () => {
        Object.assign(wait, { status: 'fulfilled', value: undefined });
        resolve();
      };
    });
    entry = { wait, settle };
    hydrating.set(id, entry);
  }
  return entry;
}

/**
 * Loads a module whose region waits to hydrate, in one manifest attempt (the region's retry button tries again).
 * `waitFirst`: the region waits from now on (the page's start); otherwise (a part hydrating on sight, which itself
 * waits for this load) only a failed module makes its region wait.
 */
function waitForHydration(id: string, waitFirst = true): Promise<void> {
  if (waitFirst) hydrationWait(id);
  return loadModule(id, 1).then(
    () => {
      hydrating.get(id)?.settle();
      setHydrationFailure(id, null); // after settling: a region that kept its element renders again with its props
    },
    (error: unknown) => {
      hydrationWait(id);
      setHydrationFailure(id, error instanceof Error ? error : new Error(String(error)));
    },
  );
}

/** The retry of a region whose module failed while its server HTML waited: loads again, then hydrates it. */
function retryHydration(id: string): void {
  forgetFailure(id);
  void waitForHydration(id);
}

export function hydrateRemoteModules(ids: readonly string[]): void {
  for (const id of ids) void waitForHydration(id);
}

/**
 * Loads modules for a part about to hydrate (HydrationOnSightOptions.beforeHydrating); settles when each has loaded
 * or failed (a failed one shows its region's error once the part has hydrated).
 */
export function loadRemoteModulesForHydration(ids: readonly string[]): Promise<void> {
  // a failed one keeps its server HTML and shows its message beside it, as at the page's start (waitForHydration)
  return Promise.all(ids.map((id) => waitForHydration(id, false))).then(() => undefined);
}

/** What a server render drew of the remotes. */
export interface RenderedRemoteModules {
  /** Ids of the modules rendered outside any `<HydrateWhenVisible>`: the browser loads them before it hydrates. */
  modules: string[];
  /** Ids rendered inside a `<HydrateWhenVisible>`, by its id: loaded when that part comes into view. */
  onSight: Record<string, string[]>;
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
 * A failure is remembered for this long: the regions that ask for the module meanwhile show their message at once
 * instead of each fetching the manifest again (a dead remote cost six manifest fetches). The retry button forgets it.
 */
const FAILURE_MEMORY_MS = 10_000;
const failures = new Map<string, { error: Error; at: number }>();

/** Forgets a module's failure and what the runtime cached for its remote: the next load starts afresh. */
function forgetFailure(id: string): void {
  const failure = failures.get(id);
  if (!failure) return;
  failures.delete(id);
  // a refusal of the page's shared package is not cached by the runtime: nothing to re-register
  if (!isSharedVersionRefusal(failure.error)) resetRemote(id.split('/')[0] ?? id);
}

/**
 * Loads an exposed module by id ("listings/FeaturedProperties"), trying a failed load again once after a short
 * pause. A caller of this is acting for the visitor (the chat button pressed, a modal asked for), so a failure
 * remembered from an earlier load is forgotten and the load starts afresh; regions use the memory (loadModule).
 */
export function loadRemoteModule<T>(id: ExposedModuleId, attempts = 2): Promise<T> {
  if (!cache.has(id)) forgetFailure(id);
  return loadModule<T>(id, attempts);
}

/** loadRemoteModule for ids that arrive as text (the server's list of rendered regions, the low-level component). */
function loadModule<T>(id: string, attempts = 2): Promise<T> {
  const cached = cache.get(id);
  if (cached) return cached as Promise<T>;
  const failed = failures.get(id);
  if (failed && Date.now() - failed.at < FAILURE_MEMORY_MS) return Promise.reject(failed.error);
  if (failed) forgetFailure(id);
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
    failures.set(id, { error: error instanceof Error ? error : new Error(String(error)), at: Date.now() });
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
    if (attempt > 0) forgetFailure(id);
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

/**
 * When the visitor reloaded for an outdated part (sessionStorage, this tab): a second reload within this time would
 * show the same page again, so the region no longer offers it (the remote needs a site newer than the one deployed).
 */
const RELOADED_FOR_UPDATE_KEY = 'gta:reloaded-for-update';
const RELOAD_HELPS_AGAIN_AFTER_MS = 10 * 60_000;

function reloadWasJustTried(): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(RELOADED_FOR_UPDATE_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < RELOAD_HELPS_AGAIN_AFTER_MS;
  } catch {
    return true; // no storage to remember a reload in: never offer one that could loop
  }
}

function reloadForUpdate(): void {
  try {
    window.sessionStorage.setItem(RELOADED_FOR_UPDATE_KEY, String(Date.now()));
  } catch {
    // reloadWasJustTried refuses a second offer without storage anyway
  }
  window.location.reload();
}

/** The message a failed region shows in place of its content. */
export function RegionError({ label, onRetry, minHeight, outdated = false }: RegionErrorProps) {
  // an outdated part: a reload can help once (the page is older than the site); after one, the part is newer than
  // the deployed site and a reload would show the same message again
  const [reloadCanHelp] = useState(() => outdated && typeof window !== 'undefined' && !reloadWasJustTried());
  const action = outdated ? (reloadCanHelp ? 'reload' : null) : 'retry';
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
        {!outdated
          ? 'The rest of the site is working. Please try again in a moment.'
          : reloadCanHelp
            ? 'The site has just been updated and this page is from before. Reload the page to see it.'
            : 'This part of the site was updated ahead of the rest and needs a newer version of it. The rest of the page works; please come back a little later.'}
      </p>
      {action && (
        <button
          type="button"
          onClick={action === 'reload' ? reloadForUpdate : onRetry}
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
          {action === 'reload' ? 'Reload the page' : 'Try again'}
        </button>
      )}
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

const subscribeNothing = () => () => {};
/** True while React hydrates server HTML (and on the server), false in a render of the browser's own. */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
}

export function RemoteComponent<P extends object>(region: RemoteComponentProps<P>) {
  const { id, props, label, minHeight, loading } = region;
  const fromServerHtml = useState(useIsHydrating())[0];
  // the region's wait: 'waiting' (as the server and the hydrating render see it) until its module has loaded, then
  // 'settled', or the failure to show beside the server's HTML. Changes render in a transition: a sync render (as
  // useSyncExternalStore's) that reached the region's boundary while it waited to hydrate made React hydrate the
  // whole region in that one task (155 ms without a break on /active-listings at 4x CPU slowdown); in a transition
  // React hydrates it in slices, yielding to the browser
  const [state, setState] = useState<Error | 'waiting' | 'settled'>(fromServerHtml ? 'waiting' : 'settled');
  useEffect(() => {
    if (!fromServerHtml) return undefined;
    const update = () => {
      const next = hydrationFailures.get(id) ?? (hydrating.get(id)?.wait.status === 'fulfilled' ? 'settled' : 'waiting');
      startTransition(() => setState(next));
    };
    const unsubscribe = subscribeHydrationFailures(update);
    update();
    return unsubscribe;
  }, [id, fromServerHtml]);
  // while a region of the server's HTML waits for its module (or its module failed), its element stays the very same
  // whatever the parent passes (a new props object on each render of the part around it): an update to a boundary
  // still waiting to hydrate makes React drop the server's HTML, and with it what the visitor typed. It waits until
  // the state above says so (not the wait itself), so that no render outside a transition hands the boundary a new
  // element while it waits to hydrate
  const frozen = useRef<ReactElement | null>(null);
  const waiting = fromServerHtml && state !== 'settled' && hydrating.has(id);
  let content = waiting ? frozen.current : null;
  if (!content) {
    content = (
      <Suspense fallback={loading ?? <LoadingRegion label={label} minHeight={minHeight} />}>
        <RemoteRegion<P> id={id} props={props} label={label} minHeight={minHeight} loading={loading} />
      </Suspense>
    );
  }
  frozen.current = content;
  const failure = state instanceof Error ? state : null;
  if (!failure) return content;
  // the server's HTML stays above (what the visitor typed in it too); the message and its retry below it
  return (
    <>
      {content}
      <RegionError label={label} onRetry={() => retryHydration(id)} outdated={isSharedVersionRefusal(failure)} />
    </>
  );
}

function LoadingRegion({ label, minHeight }: { label: string; minHeight?: number | string }) {
  return <div aria-busy="true" aria-label={`Loading ${label}`} data-testid="remote-loading" css={{ minHeight: minHeight ?? 240 }} />;
}

/** A promise React reads as fulfilled without suspending (its status fields are the ones React sets on thenables). */
const NOTHING_TO_WAIT_FOR: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

function RemoteRegion<P extends object>({ id, props, label, minHeight, loading }: RemoteComponentProps<P>) {
  const part = useHydrateWhenVisibleId();
  const collection = useRenderCollection();
  // hydrating server HTML: wait for the module without replacing what is on screen (hydrateRemoteModules)
  // use() is called on every render: React replays a render that suspended in use(), and a replay that skips the
  // use() it suspended in (the module has arrived meanwhile) breaks the hooks that follow ("Update hook called on
  // initial render", React error 467), and a replay must read the same thenable it suspended in (another one is
  // "an uncached promise"), so the wait stays in `hydrating` after it settles; with nothing to wait for, a thenable
  // already fulfilled
  // only while hydrating server HTML: a region mounted later in the browser never waits on a failed load's wait
  const duringHydration = useIsHydrating();
  use((duringHydration && hydrating.get(id)?.wait) || NOTHING_TO_WAIT_FOR);
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
