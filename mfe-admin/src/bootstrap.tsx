/**
 * Stand-alone harness (ARCHITECTURE.md rule 4): `npm run dev -w mfe-admin` renders this remote's exposed modules
 * without the shell. Start the server too (npm run serve -w server) for data and form posts.
 */
import { lazy } from 'react';
import { mountHarness } from '@gta/shared';

const AdminPage = lazy(() => import('./exposed/AdminPage'));

mountHarness('Admin', {
  AdminPage: () => <AdminPage />,
});
