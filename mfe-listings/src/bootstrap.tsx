/**
 * Stand-alone harness (docs/architecture.md rule 4): `npm run dev -w mfe-listings` renders this remote's exposed modules
 * (those exposedModules.json declares) without the shell. Start the server too for data (the records API) and for
 * the forms and content remotes.
 * Routes: /ActiveListingsPage?location=oakville, /PropertyPage/{slug}, /CityListingsPage/{city}, /FavouritesPage?ids=rec1,rec2, /InteractiveMapPage.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { mountHarness } from '@gta/shared/harness';

const PropertyPage = lazy(() => import('./exposed/PropertyPage'));
const CityListingsPage = lazy(() => import('./exposed/CityListingsPage'));

mountHarness('listings', {
  load: (name) => import(/* webpackExclude: /\.test\.tsx?$/ */ `./exposed/${name}`),
  demos: {
    PropertyPage: () => (
      <Routes>
        <Route path=":propertySlug" element={<PropertyPage />} />
        <Route path="*" element={<PropertyPage />} />
      </Routes>
    ),
    CityListingsPage: () => (
      <Routes>
        <Route path=":city" element={<CityListingsPage />} />
        <Route path="*" element={<CityListingsPage />} />
      </Routes>
    ),
  },
});
