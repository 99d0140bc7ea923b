/**
 * `@gta/shared/contract`: the page-wide state every part must share, one copy per page (a federation singleton the
 * shell provides; docs/shared-package.md, "The contract and the library"). It holds the event bus and its store, the
 * runtime config, the remote loader and its regions, and the first-screen data and hydration state (page meta
 * included). It only ever grows: a name is added in a minor and never removed or changed, so a part that needs
 * the names of contract 3.2 runs on any page whose contract is 3.2 or newer, whatever major its library is.
 *
 * Everything else of `@gta/shared` (the UI kit, the rules, the formatting, the theme) is the library: shared but not a
 * singleton, and a part whose page has no satisfying copy runs its own. Library code reaches this state only
 * through the `@gta/shared/contract` specifier (ESLint refuses a relative import of these files from library code),
 * so a part's own library copy still talks to the page's one bus and loader.
 */
export * from './ui/bus';
export * from './ui/runtimeConfig';
export * from './ui/remote';
export * from './ui/usePageMeta';
export * from './firstScreen';

import sharedPackage from '../package.json';

/**
 * The version of this page's contract (the release of @gta/shared it was built from). Each exposed module of a
 * remote checks it when it loads (the wrapper shared/build/webpack.cjs generates) against the version of the
 * newest contract name it uses, so only the modules that truly need a newer contract are refused.
 */
export const CONTRACT_VERSION: string = sharedPackage.version;
