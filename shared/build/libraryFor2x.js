// What a 3.x shell registers under `@gta/shared` at version 2.0.0 (shared/build/webpack.cjs, sharedPackageShares):
// remotes built with 2.x consume `@gta/shared` as a strict singleton `^2.0.0`, and get the page's package: its
// library and, through it, the page's one contract. 3.0 removed only names no 2.x part uses (docs/shared-package.md).
export * from '@gta/shared';
