/**
 * The route table of spec section 2: each route renders its remote's page, loaded when first shown. Declarative
 * routing (useRoutes inside BrowserRouter, or StaticRouter on the server): the site has no loaders or actions, and
 * the data router's code would be about 15 KB more of compressed JavaScript on every first load. A page that throws
 * shows RouteErrorScreen inside the layout (Layout's boundary); one that breaks the layout shows it alone (AppRoutes).
 */
import { createElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { SITE_ROUTES } from '@gta/shared';
import { Layout } from './Layout';
import { HomePage } from './HomePage';
import { NotFoundPage, RouteErrorBoundary } from './screens';
import { pageComponent } from './remotes';

/** The shared route table (SITE_ROUTES) as react-router routes: each route renders its page module, the home page the shell's own composition. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      {
        children: [
          ...SITE_ROUTES.map((route): RouteObject => {
            const element = route.page ? createElement(pageComponent(route.page)) : <HomePage />;
            return route.path === '/' ? { index: true, element } : { path: route.path.slice(1), element };
          }),
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
