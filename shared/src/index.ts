/**
 * The federated package: the page runs one copy of it (the shell's), so everything here is loaded on every page.
 * Rules only some pages use are bundled by the parts that use them instead (build/bundledEntries.cjs:
 * `@gta/shared/mortgage`, `/listing-search`, `/listing-alerts`, `/staff-tables`, `/fields`, `/harness`).
 * `@gta/shared/core` is the framework-free half the server uses: all of the core, the bundled rules included.
 */
export * from './core/types';
export * from './core/config';
export * from './core/format';
export * from './core/slug';
export * from './core/photos';
export * from './core/validation';
export * from './core/teamTime';
export * from './core/showings';
export * from './core/siteProfile';
export * from './core/cities';
export * from './core/modules';
export * from './core/routes';
export * from './core/favourites';
export * from './core/chatContext';
export * from './ui';
// the page's one copy of the state (a federation singleton): re-exported by name, so the library never bundles it
export * from '@gta/shared/contract';
