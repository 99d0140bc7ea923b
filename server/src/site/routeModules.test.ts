import fs from 'node:fs';
import path from 'node:path';
import { STATIC_ROUTES } from '@gta/shared/core';
import { ROUTE_MODULES, matchRoute, modulesForPath } from './routeModules';

const shellSrc = path.resolve(__dirname, '../../../shell/src');
const read = (file: string): string => fs.readFileSync(path.join(shellSrc, file), 'utf8');

/** The route table as the shell declares it: path pattern -> module ids, read from its source files. */
function shellRouteTable(): Record<string, string[]> {
  const remotes = read('remotes.ts');
  const pages = new Map<string, string>();
  for (const m of remotes.matchAll(/^\s*(\w+):\s*page\('([^']+)'\)/gm)) pages.set(m[1] as string, m[2] as string);
  const regions = new Map<string, string>();
  for (const m of remotes.matchAll(/^\s*(\w+):\s*remoteComponent<[^>]*>\('([^']+)'/gm)) regions.set(m[1] as string, m[2] as string);
  const home = [...read('HomePage.tsx').matchAll(/<HomeRegions\.(\w+)/g)].map((m) => regions.get(m[1] as string) ?? `unknown region ${m[1]}`);
  const table: Record<string, string[]> = { '/': home };
  for (const m of read('routes.tsx').matchAll(/\{\s*path:\s*'([^']+)',\s*element:\s*<Pages\.(\w+)\s*\/>/g)) {
    table[`/${m[1]}`] = [pages.get(m[2] as string) ?? `unknown page ${m[2]}`];
  }
  return table;
}

describe('route -> exposed modules', () => {
  it('mirrors the shell route table (routes.tsx, remotes.ts, HomePage.tsx)', () => {
    const shell = shellRouteTable();
    expect(Object.keys(shell).length).toBeGreaterThan(20);
    expect(ROUTE_MODULES).toEqual(shell);
  });

  it('has an entry for every public route of the sitemap list', () => {
    for (const route of STATIC_ROUTES) expect(matchRoute(route.path)).toBeDefined();
  });

  it('renders the home regions in page order, and the pages with their nested modules', () => {
    expect(modulesForPath('/')).toEqual(['content/HomeHero', 'listings/FeaturedProperties', 'content/HomeSections', 'content/CallToAction', 'forms/ContactForm']);
    expect(modulesForPath('/index.html')).toEqual(modulesForPath('/'));
    expect(modulesForPath('/active-listings/')).toEqual(['listings/ActiveListingsPage']);
    expect(modulesForPath('/property/12-lakeshore-rd')).toEqual(['listings/PropertyPage']);
    expect(modulesForPath('/listings/oakville')).toEqual(['listings/CityListingsPage']);
    expect(modulesForPath('/contact')).toEqual(['content/ContactPage', 'forms/ContactForm']);
    expect(modulesForPath('/no-such-page')).toEqual([]);
    expect(modulesForPath('/property/a/b')).toEqual([]);
  });
});
