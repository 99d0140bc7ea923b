/** The public routes of spec section 2 with their page titles: the shell's route table and the server's sitemap use this list. */
export interface StaticRoute {
  path: string;
  title: string;
}

export const STATIC_ROUTES: readonly StaticRoute[] = [
  { path: '/', title: 'Home' },
  { path: '/custom-homes', title: 'Custom Homes' },
  { path: '/active-listings', title: 'Active Listings' },
  { path: '/featured-listings', title: 'Featured Listings' },
  { path: '/about-us', title: 'About Us' },
  { path: '/contact-us', title: 'Contact Us' },
  { path: '/buying-resources', title: 'Buying Resources' },
  { path: '/buyers-guide', title: "Buyer's Guide" },
  { path: '/mortgage-calculator', title: 'Mortgage Calculator' },
  { path: '/selling-resources', title: 'Selling Resources' },
  { path: '/sellers-guide', title: "Seller's Guide" },
  { path: '/home-evaluation', title: 'Home Evaluation' },
  { path: '/preferred-partner', title: 'Preferred Partners' },
  { path: '/moving-guide', title: 'Moving Guide' },
  { path: '/pre-construction', title: 'Pre-Construction Condo Guide' },
  { path: '/our-offices', title: 'Our Offices' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/blogs', title: 'Blog' },
  { path: '/list-with-us', title: 'List With Us' },
  { path: '/new-development', title: 'New Development' },
  { path: '/neighbourhood-guide', title: 'Neighbourhood Guide' },
  { path: '/interactive-maps', title: 'Interactive Maps' },
  { path: '/listings/mississauga', title: 'Mississauga Listings' },
  { path: '/listings/oakville', title: 'Oakville Listings' },
  { path: '/listings/burlington', title: 'Burlington Listings' },
];

/** Paths that lead to a page although they are spelt differently in links (footer and error screens). */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = { '/buying-guide': '/buyers-guide', '/contact': '/contact-us' };

/** The staff URL: never in a sitemap, never linked from public pages. */
export const STAFF_PATH = '/admin';

/** Route patterns with a parameter. */
export const DYNAMIC_ROUTE_PATTERNS: readonly RegExp[] = [/^\/property\/[^/]+$/, /^\/blog\/[^/]+$/, /^\/listings\/[^/]+$/];

/** True when the shell has a page for this path (the server answers 404 for the rest, still with the app). */
export function isKnownRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    STATIC_ROUTES.some((r) => r.path === path) ||
    path in ROUTE_ALIASES ||
    path === STAFF_PATH ||
    DYNAMIC_ROUTE_PATTERNS.some((re) => re.test(path))
  );
}
