// A production remote's own copy of `@gta/shared/contract` (shared/build/webpack.cjs, sharedPackageShares): never a
// second copy of the page's state. On a page whose shell provides the contract (3.0 on) this is never run. On a page
// of a 2.x shell, which has no contract, it hands the state of that shell's `@gta/shared` singleton over, under the
// contract's names: the transition rule of docs/shared-package.md (3.x remotes may be deployed before the shell).
// The 2.x package holds every name of contract 3.0.0; a module needing a newer one is refused by its check.
export * from '@gta/shared/page-2x';
export const CONTRACT_VERSION = '3.0.0';
