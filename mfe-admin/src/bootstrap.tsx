/**
 * Stand-alone harness (docs/architecture.md rule 4): `npm run dev -w mfe-admin` renders this remote's exposed modules
 * (those exposedModules.json declares) without the shell. Start the server too (npm run serve -w server) for data.
 */
import { mountHarness } from '@gta/shared/harness';

mountHarness('admin', { load: (name) => import(/* webpackExclude: /\.test\.tsx?$/ */ `./exposed/${name}`) });
