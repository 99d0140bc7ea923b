import { STATIC_ROUTES } from '@gta/shared/core';
import { firstDataForPath, matchRoute, modulesForPath } from './routeModules';

describe('route -> exposed modules (from the shared route table)', () => {
  it('has an entry for every public route of the sitemap list', () => {
    for (const route of STATIC_ROUTES) expect(matchRoute(route.path)).toBeDefined();
  });

  it('renders the home regions in page order, and the pages with their nested modules', () => {
    expect(modulesForPath('/')).toEqual([
      'content/HomeHero',
      'listings/FeaturedProperties',
      'listings/RecentlyViewed',
      'content/HomeSections',
      'content/CallToAction',
      'forms/ContactForm',
    ]);
    expect(modulesForPath('/index.html')).toEqual(modulesForPath('/'));
    expect(modulesForPath('/active-listings/')).toEqual(['listings/ActiveListingsPage']);
    expect(modulesForPath('/property/12-lakeshore-rd')).toEqual(['listings/PropertyPage']);
    expect(matchRoute('/property/12-lakeshore-rd')).toBe('/property/:propertySlug');
    expect(modulesForPath('/contact')).toEqual(['content/ContactPage', 'forms/ContactForm']);
    expect(modulesForPath('/no-such-page')).toEqual([]);
    expect(modulesForPath('/property/a/b')).toEqual([]);
  });

  it('the home page preloads the listings request airtable.js makes', () => {
    expect(firstDataForPath('/')).toEqual({
      module: 'listings/FeaturedProperties',
      request:
        "Properties?pageSize=9&filterByFormula=LOWER(TRIM(%7BStatus%7D%26''))+%3D+%22available%22&sort%5B0%5D%5Bfield%5D=Listing+Date&sort%5B0%5D%5Bdirection%5D=desc",
    });
    expect(firstDataForPath('/about-us')).toBeUndefined();
  });
});
