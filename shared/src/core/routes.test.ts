import { EXPOSED_MODULE_IDS, isExposedModuleId } from './modules';
import { SITE_ROUTES, STATIC_ROUTES, isKnownRoute, matchRoute, routeModules } from './routes';

describe('route list', () => {
  it('holds every static route of the spec route table, and /favourites', () => {
    expect(STATIC_ROUTES).toHaveLength(26);
    expect(new Set(STATIC_ROUTES.map((r) => r.path)).size).toBe(26);
    expect(matchRoute('/favourites')).toMatchObject({ title: 'Favourites', page: 'listings/FavouritesPage', access: 'public' });
  });
  it('knows static, aliased, staff and parameter routes, and nothing else', () => {
    for (const p of ['/', '/blogs', '/blogs/', '/buying-guide', '/contact', '/admin', '/property/lakeshore-estate', '/blog/x', '/listings/oakville'])
      expect(isKnownRoute(p)).toBe(true);
    for (const p of ['/nope', '/property', '/property/a/b', '/admin/x']) expect(isKnownRoute(p)).toBe(false);
  });
});

describe('the route table', () => {
  const modulesFor = (path: string) => {
    const route = matchRoute(path);
    return route ? routeModules(route) : [];
  };
  it('renders the home regions in page order, and the pages with what they render at once', () => {
    expect(modulesFor('/')).toEqual([
      'content/HomeHero',
      'listings/FeaturedProperties',
      'listings/RecentlyViewed',
      'content/HomeSections',
      'content/CallToAction',
      'forms/ContactForm',
    ]);
    expect(modulesFor('/index.html')).toEqual(modulesFor('/'));
    expect(modulesFor('/active-listings/')).toEqual(['listings/ActiveListingsPage']);
    expect(modulesFor('/property/12-lakeshore-rd')).toEqual(['listings/PropertyPage']);
    expect(modulesFor('/listings/oakville')).toEqual(['listings/CityListingsPage']);
    expect(modulesFor('/contact')).toEqual(['content/ContactPage', 'forms/ContactForm']);
    expect(modulesFor('/about-us')).toEqual(['content/AboutPage', 'forms/ContactForm']);
    expect(modulesFor('/no-such-page')).toEqual([]);
    expect(modulesFor('/property/a/b')).toEqual([]);
  });
  it('a city page is the :city route; aliases lead to their page', () => {
    expect(matchRoute('/listings/oakville')?.path).toBe('/listings/:city');
    expect(STATIC_ROUTES.slice(-3)).toEqual([
      { path: '/listings/mississauga', title: 'Mississauga Listings' },
      { path: '/listings/oakville', title: 'Oakville Listings' },
      { path: '/listings/burlington', title: 'Burlington Listings' },
    ]);
    expect(matchRoute('/contact')?.aliasOf).toBe('/contact-us');
    expect(matchRoute('/admin')?.access).toBe('staff');
  });
  it('declares each path once, names only exposed modules, and lists every static public page in the sitemap list', () => {
    expect(new Set(SITE_ROUTES.map((r) => r.path)).size).toBe(SITE_ROUTES.length);
    for (const route of SITE_ROUTES) for (const id of routeModules(route)) expect(isExposedModuleId(id)).toBe(true);
    for (const route of STATIC_ROUTES) expect(matchRoute(route.path)).toBeDefined();
    for (const alias of SITE_ROUTES.filter((r) => r.aliasOf)) expect(matchRoute(alias.aliasOf as string)?.page).toBe(alias.page);
    expect(EXPOSED_MODULE_IDS).toContain('content/AboutPage');
    expect(isExposedModuleId('content/AboutPages')).toBe(false);
  });
  it("a public page of the visitor's own selection (/compare) is routed and linked, but not in the sitemap list", () => {
    expect(matchRoute('/compare')?.page).toBe('listings/ComparePage');
    expect(isKnownRoute('/compare')).toBe(true);
    expect(matchRoute('/compare')?.noindex).toBe(true);
    expect(STATIC_ROUTES.map((r) => r.path)).not.toContain('/compare');
    expect(STATIC_ROUTES.map((r) => r.path)).toContain('/favourites');
  });
});
