/**
 * First-screen rendering on the server (docs/performance.md, "First screen from the server"). Built for Node into
 * dist-server/render.js and called by the server for every app page: the same routes, layout and remote modules
 * as in the browser, rendered to HTML so the page shows its content before any script has run. The browser then
 * loads the modules named in `modules` and hydrates (bootstrap.tsx). Never bundled into the browser build.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import {
  SiteFrame,
  serverStyleElements,
  renderWithFirstScreenData,
  setServerPageOrigin,
  provideRemoteModules,
  setRuntimeConfig,
  type PageMeta,
  type RuntimeConfig,
} from '@gta/shared';
import { AppRoutes } from './routes';

export interface FirstScreenRequest {
  /** Absolute URL of the page, e.g. http://localhost:8080/active-listings?city=oakville */
  url: string;
  /** The runtime config the page will fetch from /config.json. */
  config: RuntimeConfig;
  /** Exposed modules the server can render, by id ("content/HomeHero"); regions of other modules render their placeholder. */
  modules: ReadonlyMap<string, unknown>;
  /** Where the server's own loads reach the records API (its loopback address), if not the page's endpoint. */
  recordsEndpointUrl?: string;
  /** How long to wait for the data the page asks for before rendering its loading state (ms, default 1500). */
  dataTimeoutMs?: number;
}

export interface FirstScreen {
  /** The markup of #root. */
  html: string;
  /** Ids of the remote modules rendered: the browser loads these before it hydrates. */
  modules: string[];
  /**
   * Ids of the remote modules rendered inside a `<HydrateWhenVisible>` part (and nowhere else), by the part's id:
   * the browser loads them when the part comes into view, then hydrates it.
   */
  onSight: Record<string, string[]>;
  /** What the page's usePageMeta asked for (title, description, canonical, robots). */
  meta: PageMeta | null;
  /** The data the page rendered with, by key: sent with the page for the browser's hydrating render. */
  data: Record<string, unknown>;
  /** The page's styles, as `<style data-server-styles>` elements for <head> (shared/src/firstScreen/serverStyles.ts). */
  styles: string;
}

/** Renders the route's page (null is kept in the contract for a route that answers with no page of its own). */
export async function renderFirstScreen(request: FirstScreenRequest): Promise<FirstScreen | null> {
  const url = new URL(request.url);
  const modules = request.modules;
  const loadConfig: RuntimeConfig = request.recordsEndpointUrl
    ? { ...request.config, airtable: { ...request.config.airtable, endpointUrl: request.recordsEndpointUrl } }
    : request.config;
  // the layer renders (twice when the page asked for data not at hand, within the data budget) and collects, per
  // render, its data, the remote modules it drew and its meta; each render is synchronous: the config and modules
  // are process-wide on the server, set for that render only
  const rendered = await renderWithFirstScreenData((page) => {
    setRuntimeConfig(loadConfig);
    setServerPageOrigin(url.origin);
    provideRemoteModules(modules);
    const cache = createCache({ key: 'css' });
    cache.compat = true; // styles stay in the cache (serverStyleElements), none inline in the markup
    const html = renderToString(
      page(
        <CacheProvider value={cache}>
          <SiteFrame>
            <StaticRouter location={url.pathname + url.search}>
              <AppRoutes />
            </StaticRouter>
          </SiteFrame>
        </CacheProvider>,
      ),
    );
    return { html, styles: serverStyleElements(cache) };
  }, request.dataTimeoutMs);
  const { result, modules: drawn, onSight, meta, data } = rendered;
  return { html: result.html, modules: drawn, onSight, meta, data, styles: result.styles };
}
