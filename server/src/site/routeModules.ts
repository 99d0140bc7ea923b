/**
 * Which exposed modules each route of the shell renders on its first paint, by id (`remote/Module`), so the server
 * can hint their files in the page it answers (src/http/resourceHints.ts).
 *
 * This mirrors the shell's route table (shell/src/routes.tsx with the ids of shell/src/remotes.ts, and the home
 * page's regions in shell/src/HomePage.tsx). The shell is TSX that the server cannot import, so the mirror lives
 * here, once; routeModules.test.ts reads those three shell files and fails when the two disagree.
 * NESTED adds the modules a page renders from another remote at once (not on a click): they are loaded only when
 * the page itself runs, one more step down the waterfall, so hinting them saves the most.
 */

/** The route patterns of shell/src/routes.tsx (react-router syntax) and the page module each one renders. */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['content/HomeHero', 'listings/FeaturedProperties', 'content/HomeSections', 'content/CallToAction', 'forms/ContactForm'],
  '/custom-homes': ['content/CustomHomesPage'],
  '/active-listings': ['listings/ActiveListingsPage'],
  '/featured-listings': ['listings/FeaturedListingsPage'],
  '/property/:propertySlug': ['listings/PropertyPage'],
  '/about-us': ['content/AboutPage'],
  '/contact-us': ['content/ContactPage'],
  '/contact': ['content/ContactPage'],
  '/buying-resources': ['content/BuyingResourcesPage'],
  '/buyers-guide': ['content/BuyersGuidePage'],
  '/buying-guide': ['content/BuyersGuidePage'],
  '/mortgage-calculator': ['content/MortgageCalculatorPage'],
  '/selling-resources': ['content/SellingResourcesPage'],
  '/sellers-guide': ['content/SellersGuidePage'],
  '/home-evaluation': ['forms/HomeEvaluationPage'],
  '/preferred-partner': ['content/PreferredPartnersPage'],
  '/moving-guide': ['content/MovingGuidePage'],
  '/pre-construction': ['content/PreConstructionPage'],
  '/our-offices': ['content/OurOfficesPage'],
  '/privacy-policy': ['content/PrivacyPolicyPage'],
  '/blogs': ['content/BlogListPage'],
  '/blog/:slug': ['content/BlogPostPage'],
  '/list-with-us': ['forms/ListWithUsPage'],
  '/new-development': ['forms/NewDevelopmentPage'],
  '/neighbourhood-guide': ['content/NeighbourhoodGuidePage'],
  '/interactive-maps': ['content/InteractiveMapsPage'],
  '/listings/:city': ['listings/CityListingsPage'],
  // the staff page: in the shell's table, never hinted (resourceHints.ts leaves the admin remote out)
  '/admin': ['admin/AdminPage'],
};

/** Modules of another remote that an exposed page renders straight away (checked in Chromium: all requested on load). */
export const NESTED_MODULES: Readonly<Record<string, readonly string[]>> = {
  'content/ContactPage': ['forms/ContactForm'],
  'content/AboutPage': ['forms/ContactForm'],
};

/**
 * The first records request of a module, when the server can name it exactly: the path after
 * `{airtable.endpointUrl}/v0/{airtable.baseId}/`, spelt as airtable.js spells it (mfe-listings/src/data/airtable.ts,
 * fetchAllPropertyRecords: `select({ sort: [{ field: 'Listing Date', direction: 'desc' }] }).all()`). Checked in
 * Chromium: airtable.js's fetch (with its Authorization and x-airtable-* headers) reuses the preloaded response, one
 * request in all. Change it with the listings query, or the preload is wasted.
 */
export const MODULE_DATA: Readonly<Record<string, string>> = {
  'listings/FeaturedProperties': 'Properties?sort%5B0%5D%5Bfield%5D=Listing+Date&sort%5B0%5D%5Bdirection%5D=desc',
};

/** Remotes never hinted: admin is staff-only, chat starts after first paint on purpose (ARCHITECTURE.md rule 5). */
export const NEVER_HINTED_REMOTES: readonly string[] = ['admin', 'chat'];

interface CompiledRoute {
  pattern: string;
  test: RegExp;
}

function compile(pattern: string): CompiledRoute {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { pattern, test: new RegExp(`^${source}$`) };
}

// static paths first, then patterns with a parameter (react-router ranks them the same way)
const COMPILED: readonly CompiledRoute[] = Object.keys(ROUTE_MODULES)
  .map(compile)
  .sort((a, b) => Number(a.pattern.includes(':')) - Number(b.pattern.includes(':')));

/** The route pattern a path renders (trailing slashes ignored, like the router), or undefined (the 404 page). */
export function matchRoute(pathname: string): string | undefined {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '' || path === '/index.html') path = '/';
  return COMPILED.find((route) => route.test.test(path))?.pattern;
}

/** The exposed modules a path renders on its first paint, in render order, nested ones after their page; no duplicates. */
export function modulesForPath(pathname: string): string[] {
  const route = matchRoute(pathname);
  if (!route) return [];
  const out: string[] = [];
  const add = (id: string): void => {
    if (out.includes(id)) return;
    out.push(id);
    for (const nested of NESTED_MODULES[id] ?? []) add(nested);
  };
  for (const id of ROUTE_MODULES[route] ?? []) add(id);
  return out;
}
