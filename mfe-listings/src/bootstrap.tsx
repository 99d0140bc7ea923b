/**
 * Stand-alone harness (ARCHITECTURE.md rule 4): `npm run dev -w mfe-listings` renders this remote's exposed modules
 * without the shell. Start the server too (npm run serve -w server) for data and form posts.
 */
import { lazy } from 'react';
import { mountHarness } from '@gta/shared';

const FeaturedProperties = lazy(() => import('./exposed/FeaturedProperties'));
const ActiveListingsPage = lazy(() => import('./exposed/ActiveListingsPage'));
const FeaturedListingsPage = lazy(() => import('./exposed/FeaturedListingsPage'));
const PropertyPage = lazy(() => import('./exposed/PropertyPage'));
const CityListingsPage = lazy(() => import('./exposed/CityListingsPage'));

mountHarness('Listings', {
  FeaturedProperties: () => <FeaturedProperties />,
  ActiveListingsPage: () => <ActiveListingsPage />,
  FeaturedListingsPage: () => <FeaturedListingsPage />,
  PropertyPage: () => <PropertyPage />,
  CityListingsPage: () => <CityListingsPage />,
});
