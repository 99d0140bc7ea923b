/**
 * The stand-alone page of a remote (docs/architecture.md rule 4): renders each exposed module by itself, without the
 * shell. Used by each remote's dev server (`npm run dev -w mfe-…`), imported as `@gta/shared/harness`.
 */
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
// bundled by each part (@gta/shared/harness, not federated): what holds page state (the runtime config, the remote
// loader) and the theme come from the page's one federated copy, by the package's name
import {
  EXPOSED_MODULES,
  SiteFrame,
  loadRuntimeConfig,
  registerRemotesFromConfig,
  setRuntimeConfig,
  theme,
  type ExposedModuleName,
  type RemoteName,
  type RuntimeConfig,
} from '@gta/shared';

/** Same-origin defaults for a harness run without the server's /config.json. */
const fallbackConfig = (): RuntimeConfig => ({
  remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
  airtable: { endpointUrl: `${window.location.origin}/api/airtable`, baseId: 'appLocalBase' },
  webhookBase: '/webhook',
  chatWebhookUrl: '/chat/webhook',
});

/** How a harness loads its remote's exposed modules: `(name) => import(\`./exposed/${name}\`)`. */
export type HarnessModuleLoader<R extends RemoteName> = (name: ExposedModuleName<R>) => Promise<{ default: ComponentType }>;

export interface HarnessOptions<R extends RemoteName> {
  load: HarnessModuleLoader<R>;
  /** Modules that need props or routes to show something, rendered this way instead of with no props. */
  demos?: Partial<Record<ExposedModuleName<R>, () => ReactNode>>;
  /** Further pages made of several modules (e.g. the whole home page), listed after the modules. */
  extras?: Record<string, () => ReactNode>;
}

/**
 * The harness's pages, one per module the remote declares in exposedModules.json (so a new module appears without
 * editing the bootstrap), each rendered by its demo or with no props, then the extras.
 */
export function harnessPages<R extends RemoteName>(remote: R, options: HarnessOptions<R>): Record<string, () => ReactNode> {
  const pages: Record<string, () => ReactNode> = {};
  for (const name of Object.keys(EXPOSED_MODULES[remote]) as ExposedModuleName<R>[]) {
    const demo = options.demos?.[name];
    if (demo) {
      pages[name] = demo;
      continue;
    }
    const Module = lazy(() => options.load(name));
    pages[name] = () => <Module />;
  }
  return { ...pages, ...options.extras };
}

/** Mounts the stand-alone page of a remote: a link per page, each page on its own route (`/AboutPage`). */
export async function mountHarness<R extends RemoteName>(remote: R, options: HarnessOptions<R>): Promise<void> {
  try {
    const config = await loadRuntimeConfig();
    registerRemotesFromConfig(config);
  } catch {
    setRuntimeConfig(fallbackConfig());
  }
  const title = `${remote.charAt(0).toUpperCase()}${remote.slice(1)}`;
  const modules = harnessPages(remote, options);
  const names = Object.keys(modules);
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <SiteFrame>
      <BrowserRouter>
        <nav
          aria-label="Harness"
          css={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 12, background: theme.color.ink, position: 'relative', zIndex: 2000 }}
        >
          <strong css={{ color: theme.color.gold }}>{title} harness</strong>
          {names.map((name) => (
            <Link key={name} to={`/${name}`} css={{ color: theme.color.ivory }}>
              {name}
            </Link>
          ))}
        </nav>
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            {names.map((name) => (
              <Route key={name} path={`/${name}/*`} element={modules[name]!()} />
            ))}
            <Route path="*" element={<p css={{ padding: 24 }}>Choose a module above.</p>} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </SiteFrame>,
  );
}
