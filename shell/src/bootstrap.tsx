/**
 * Start-up: read the runtime config (/config.json), register the remotes it lists with the federation runtime
 * (nothing is fetched until a route needs it), then render. No remote URL is compiled into the shell.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import {
  SiteFrame,
  cacheAdoptingServerStyles,
  hydrateRemoteModules,
  loadRemoteModulesForHydration,
  loadRuntimeConfig,
  prepareHydrationOnSight,
  provideFirstScreenData,
  registerRemotesFromConfig,
  theme,
  type RenderedRemoteModules,
} from '@gta/shared';
import { AppRoutes } from './routes';

function ConfigError({ onRetry }: { onRetry: () => void }) {
  return (
    <main
      role="alert"
      css={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: theme.color.ink,
        color: theme.color.ivory,
        padding: '2rem',
        textAlign: 'center',
      }}
    >
      <div>
        <h1 css={{ fontSize: theme.fontSize.h2 }}>We'll be right back</h1>
        <p css={{ color: theme.color.mutedOnDark }}>The site could not load its configuration. Please try again in a moment.</p>
        <button
          type="button"
          onClick={onRetry}
          css={{
            padding: '0.8rem 1.8rem',
            background: theme.color.gold,
            border: 'none',
            cursor: 'pointer',
            letterSpacing: '0.12em',
            textTransform: 'uppercase',
          }}
        >
          Try again
        </button>
      </div>
    </main>
  );
}

const moduleIds = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/**
 * What the server rendered into #root (server/src/site/firstScreen.ts): the remote modules (those the page
 * hydrates with, and those of each part that hydrates on sight), and the data it rendered them with; null when the
 * page came without a first screen.
 */
function firstScreen(): (RenderedRemoteModules & { data: Record<string, unknown>; remotes: Record<string, unknown> }) | null {
  const script = document.getElementById('gta-first-screen');
  if (!script || !document.getElementById('root')?.firstElementChild) return null;
  try {
    const parsed = JSON.parse(script.textContent ?? '') as { modules?: unknown; onSight?: unknown; data?: unknown; remotes?: unknown };
    if (!Array.isArray(parsed.modules)) return null;
    const data = parsed.data && typeof parsed.data === 'object' ? (parsed.data as Record<string, unknown>) : {};
    const onSight: Record<string, string[]> = {};
    if (parsed.onSight && typeof parsed.onSight === 'object') for (const [part, ids] of Object.entries(parsed.onSight)) onSight[part] = moduleIds(ids);
    // the builds of remotes deployed elsewhere that the server rendered with (registerRemotesFromConfig checks them)
    const remotes = parsed.remotes && typeof parsed.remotes === 'object' ? (parsed.remotes as Record<string, unknown>) : {};
    return { modules: moduleIds(parsed.modules), onSight, data, remotes };
  } catch {
    return null;
  }
}

let root: Root | null = null;
let configRetries = 0;
// one emotion cache for the page: it knows the styles the server sent in <head> and leaves them in place
const styleCache = cacheAdoptingServerStyles();

/** The whole site: the same tree whether it hydrates the server's page or draws it in the browser. */
function Site() {
  return (
    <CacheProvider value={styleCache}>
      <SiteFrame>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SiteFrame>
    </CacheProvider>
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const rendered = root ? null : firstScreen();
  try {
    const config = await loadRuntimeConfig();
    registerRemotesFromConfig(config, rendered?.remotes);
    if (rendered) {
      // the server sent this route's first screen: hydrate at once (React adopts the HTML on screen instead of
      // drawing the page again); each remote region hydrates when its module arrives (preloaded by the page's
      // hints), keeping the server's HTML until then. A module that fails shows its region's error.
      provideFirstScreenData(rendered.data);
      hydrateRemoteModules(rendered.modules);
      // what is below the fold keeps the server's HTML until it comes into view (HydrateWhenVisible), and the
      // modules only it renders are fetched then, not with the page
      const onSight = rendered.onSight;
      prepareHydrationOnSight(document, { beforeHydrating: (part) => loadRemoteModulesForHydration(onSight[part] ?? []) });
      startTransition(() => {
        root = hydrateRoot(container, <Site />, {
          // React wraps what went wrong (a mismatch, or an error thrown while hydrating) in its own error: log the
          // cause and where, or a report says only "error #422"
          onRecoverableError: (error, info) => {
            const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
            console.warn(
              '[first screen] the page was drawn again in the browser:',
              error,
              cause ? `\ncause: ${cause.stack ?? cause.message}` : '',
              info.componentStack ?? '',
            );
          },
        });
      });
      return;
    }
    root ??= createRoot(container);
    const app = root;
    // a transition render yields to the browser every few milliseconds instead of one long task (Total Blocking
    // Time on a slow phone); the page looks the same
    startTransition(() => {
      app.render(<Site />);
    });
  } catch (error) {
    console.error(error);
    if (rendered) {
      // the server's page stays: it reads, and its links work as plain page loads; try again a few times
      configRetries += 1;
      if (configRetries <= 5) window.setTimeout(() => void start(), 2000 * 2 ** configRetries);
      return;
    }
    root ??= createRoot(container);
    root.render(
      <CacheProvider value={styleCache}>
        <SiteFrame>
          <ConfigError onRetry={() => void start()} />
        </SiteFrame>
      </CacheProvider>,
    );
  }
}

void start();
