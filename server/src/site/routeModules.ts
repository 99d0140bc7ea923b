/**
 * Which exposed modules each route renders on its first paint, for the resource hints (src/site/resourceHints.ts):
 * read from the shared route table (SITE_ROUTES in @gta/shared/core), where each route declares its page, what it
 * renders at once from other remotes, and its first records request.
 */
import { matchRoute as matchSiteRoute, routeModules, type ExposedModuleId, type RemoteName } from '@gta/shared/core';

/** Remotes never hinted: admin is staff-only, chat starts after first paint on purpose (docs/architecture.md rule 5). */
export const NEVER_HINTED_REMOTES: readonly RemoteName[] = ['admin', 'chat'];

/** The route pattern a path renders (trailing slashes ignored, like the router), or undefined (the 404 page). */
export function matchRoute(pathname: string): string | undefined {
  return matchSiteRoute(pathname)?.path;
}

/** The exposed modules a path renders on its first paint, in render order, nested ones after their page; no duplicates. */
export function modulesForPath(pathname: string): ExposedModuleId[] {
  const route = matchSiteRoute(pathname);
  return route ? routeModules(route) : [];
}

/** The route's first records request, keyed by the module that makes it (preloaded with that module's files). */
export function firstDataForPath(pathname: string): { module: ExposedModuleId; request: string } | undefined {
  return matchSiteRoute(pathname)?.firstData;
}
