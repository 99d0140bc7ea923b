/**
 * The site's route table (spec section 2), declared once as data. The shell's router, the server's resource hints
 * and 404 decisions, the sitemap and the tests all derive from it: a page is added here and nowhere else.
 */
import { CITY_SLUGS } from './cities';
import type { ExposedModuleId } from './modules';

/** The first records request of a route, when the server can name it exactly (it is preloaded with the page). */
export interface FirstDataRequest {
  /** The module that makes the request. */
  module: ExposedModuleId;
  /**
   * The path after `{airtable.endpointUrl}/v0/{airtable.baseId}/`, spelt exactly as airtable.js spells it (a
   * preload is reused only when the URL is the same). Change it with the module's query, or the preload is wasted.
   */
  request: string;
}

/** A page without parameters. */
export interface StaticRoute {
  path: string;
  title: string;
}

export interface SiteRoute {
  /** The path, in react-router's syntax (`:name` is a parameter). */
  path: string;
  /** The page title (the page may refine it, e.g. a property's name). */
  title: string;
  /** The exposed module the route renders; none for the home page, which the shell composes from `renders`. */
  page?: ExposedModuleId;
  /** Modules rendered at once besides the page, in page order (the home page's regions, a page's nested form). */
  renders?: readonly ExposedModuleId[];
  firstData?: FirstDataRequest;
  /** 'public' pages are linked and (without parameters) in the sitemap; 'staff' pages are neither, and noindex. */
  access: 'public' | 'staff';
  /** Another spelling of a public path (links in the footer and error screens): same page, not in the sitemap. */
  aliasOf?: string;
  /** A public page of the visitor's own selection (compare): linked, but not in the sitemap, and its HTML says noindex. */
  noindex?: true;
  /** For a route with a parameter: the pages of it that are in the sitemap and the navigation, with their titles. */
  published?: readonly StaticRoute[];
}

const page = (path: string, title: string, module: ExposedModuleId, extra: Partial<SiteRoute> = {}): SiteRoute => ({
  path,
  title,
  page: module,
  access: 'public',
  ...extra,
});

export const SITE_ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    title: 'Home',
    renders: [
      'content/HomeHero',
      'listings/FeaturedProperties',
      'listings/RecentlyViewed',
      'content/HomeSections',
      'content/CallToAction',
      'forms/ContactForm',
    ],
    // mfe-listings/src/data/properties.ts, loadHomeFeatured: the 9 newest for sale (pageSize, filterByFormula, sort)
    firstData: {
      module: 'listings/FeaturedProperties',
      request:
        "Properties?pageSize=9&filterByFormula=LOWER(TRIM(%7BStatus%7D%26''))+%3D+%22available%22&sort%5B0%5D%5Bfield%5D=Listing+Date&sort%5B0%5D%5Bdirection%5D=desc",
    },
    access: 'public',
  },
  page('/custom-homes', 'Custom Homes', 'content/CustomHomesPage'),
  page('/active-listings', 'Active Listings', 'listings/ActiveListingsPage'),
  page('/featured-listings', 'Featured Listings', 'listings/FeaturedListingsPage'),
  page('/favourites', 'Favourites', 'listings/FavouritesPage'),
  // up to four homes side by side (?ids=rec…,rec…): the visitor's selection, no page for a search engine
  page('/compare', 'Compare Homes', 'listings/ComparePage', { noindex: true }),
  page('/about-us', 'About Us', 'content/AboutPage', { renders: ['forms/ContactForm'] }),
  page('/contact-us', 'Contact Us', 'content/ContactPage', { renders: ['forms/ContactForm'] }),
  page('/buying-resources', 'Buying Resources', 'content/BuyingResourcesPage'),
  page('/buyers-guide', "Buyer's Guide", 'content/BuyersGuidePage'),
  page('/mortgage-calculator', 'Mortgage Calculator', 'content/MortgageCalculatorPage'),
  page('/selling-resources', 'Selling Resources', 'content/SellingResourcesPage'),
  page('/sellers-guide', "Seller's Guide", 'content/SellersGuidePage'),
  page('/home-evaluation', 'Home Evaluation', 'forms/HomeEvaluationPage'),
  page('/preferred-partner', 'Preferred Partners', 'content/PreferredPartnersPage'),
  page('/moving-guide', 'Moving Guide', 'content/MovingGuidePage'),
  page('/pre-construction', 'Pre-Construction Condo Guide', 'content/PreConstructionPage'),
  page('/our-offices', 'Our Offices', 'content/OurOfficesPage'),
  page('/privacy-policy', 'Privacy Policy', 'content/PrivacyPolicyPage'),
  page('/blogs', 'Blog', 'content/BlogListPage'),
  page('/list-with-us', 'List With Us', 'forms/ListWithUsPage'),
  page('/new-development', 'New Development', 'forms/NewDevelopmentPage'),
  page('/neighbourhood-guide', 'Neighbourhood Guide', 'content/NeighbourhoodGuidePage'),
  page('/interactive-maps', 'Interactive Maps', 'listings/InteractiveMapPage'),
  page('/listings/:city', 'Listings', 'listings/CityListingsPage', {
    published: Object.entries(CITY_SLUGS).map(([slug, city]) => ({ path: `/listings/${slug}`, title: `${city.replace(/, ON$/, '')} Listings` })),
  }),
  // in the sitemap through their records (a property, a post); an unknown one is answered 404 by its page
  page('/property/:propertySlug', 'Property Details', 'listings/PropertyPage'),
  page('/blog/:slug', 'Blog', 'content/BlogPostPage'),
  // other spellings used in links
  page('/contact', 'Contact Us', 'content/ContactPage', { renders: ['forms/ContactForm'], aliasOf: '/contact-us' }),
  page('/buying-guide', "Buyer's Guide", 'content/BuyersGuidePage', { aliasOf: '/buyers-guide' }),
  // the staff page: never in a sitemap, never linked from public pages, never hinted
  { path: '/admin', title: 'Staff', page: 'admin/AdminPage', access: 'staff' },
];

const hasParameter = (route: SiteRoute): boolean => route.path.includes(':');

/** The public pages without parameters (and the published pages of routes with one), in the table's order: the sitemap's pages. */
export const STATIC_ROUTES: readonly StaticRoute[] = SITE_ROUTES.filter((r) => r.access === 'public' && !r.aliasOf && !r.noindex).flatMap((r) =>
  hasParameter(r) ? [...(r.published ?? [])] : [{ path: r.path, title: r.title }],
);

/** Paths that lead to a page although they are spelt differently in links (footer and error screens). */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  SITE_ROUTES.filter((r) => r.aliasOf).map((r) => [r.path, r.aliasOf as string]),
);

/** The staff URL: never in a sitemap, never linked from public pages. */
export const STAFF_PATH = (SITE_ROUTES.find((r) => r.access === 'staff') as SiteRoute).path;

interface CompiledRoute {
  route: SiteRoute;
  test: RegExp;
}

function compile(route: SiteRoute): CompiledRoute {
  const source = route.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { route, test: new RegExp(`^${source}$`) };
}

// paths without parameters first, then patterns (react-router ranks them the same way)
const COMPILED: readonly CompiledRoute[] = SITE_ROUTES.map(compile).sort((a, b) => Number(hasParameter(a.route)) - Number(hasParameter(b.route)));

/** A path as the router sees it: no trailing slash, '/index.html' is the home page. */
function normalise(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === '' || path === '/index.html' ? '/' : path;
}

/** The route a path renders (trailing slashes ignored, like the router), or undefined (the 404 page). */
export function matchRoute(pathname: string): SiteRoute | undefined {
  const path = normalise(pathname);
  return COMPILED.find((c) => c.test.test(path))?.route;
}

/** True when the shell has a page for this path (the server answers 404 for the rest, still with the app). */
export function isKnownRoute(pathname: string): boolean {
  return matchRoute(pathname) !== undefined;
}

/** The exposed modules a route renders on its first paint, in render order: the page, then what it renders at once. */
export function routeModules(route: SiteRoute): ExposedModuleId[] {
  return [...new Set([...(route.page ? [route.page] : []), ...(route.renders ?? [])])];
}
