/**
 * The route table of spec section 2: each route renders its remote's page, loaded when first shown. Declarative
 * routing (useRoutes inside BrowserRouter, or StaticRouter on the server): the site has no loaders or actions, and
 * the data router's code would be about 15 KB more of compressed JavaScript on every first load. A page that throws
 * shows RouteErrorScreen inside the layout (Layout's boundary); one that breaks the layout shows it alone (AppRoutes).
 */
import { useRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import { HomePage } from './HomePage';
import { NotFoundPage, RouteErrorBoundary } from './screens';
import { Pages } from './remotes';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      {
        children: [
          { index: true, element: <HomePage /> },
          { path: 'custom-homes', element: <Pages.customHomes /> },
          { path: 'active-listings', element: <Pages.activeListings /> },
          { path: 'featured-listings', element: <Pages.featuredListings /> },
          { path: 'property/:propertySlug', element: <Pages.property /> },
          { path: 'about-us', element: <Pages.about /> },
          { path: 'contact-us', element: <Pages.contact /> },
          { path: 'contact', element: <Pages.contact /> },
          { path: 'buying-resources', element: <Pages.buyingResources /> },
          { path: 'buyers-guide', element: <Pages.buyersGuide /> },
          { path: 'buying-guide', element: <Pages.buyersGuide /> },
          { path: 'mortgage-calculator', element: <Pages.mortgageCalculator /> },
          { path: 'selling-resources', element: <Pages.sellingResources /> },
          { path: 'sellers-guide', element: <Pages.sellersGuide /> },
          { path: 'home-evaluation', element: <Pages.homeEvaluation /> },
          { path: 'preferred-partner', element: <Pages.preferredPartners /> },
          { path: 'moving-guide', element: <Pages.movingGuide /> },
          { path: 'pre-construction', element: <Pages.preConstruction /> },
          { path: 'our-offices', element: <Pages.ourOffices /> },
          { path: 'privacy-policy', element: <Pages.privacyPolicy /> },
          { path: 'blogs', element: <Pages.blogList /> },
          { path: 'blog/:slug', element: <Pages.blogPost /> },
          { path: 'list-with-us', element: <Pages.listWithUs /> },
          { path: 'new-development', element: <Pages.newDevelopment /> },
          { path: 'neighbourhood-guide', element: <Pages.neighbourhoodGuide /> },
          { path: 'interactive-maps', element: <Pages.interactiveMaps /> },
          { path: 'listings/:city', element: <Pages.cityListings /> },
          { path: 'admin', element: <Pages.admin /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The site's routes, with the error screen for a render error anywhere in them. */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
