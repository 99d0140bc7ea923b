// The entries of @gta/shared that are NOT federated (docs/shared-package.md, "What is bundled"): a part that imports
// one bundles it, tree-shaken, so a page loads it only where one of its parts uses it; a federated module is loaded
// whole on every page. They keep no page state (the bus, the remote loader, the runtime config, the first-screen
// state and the theme live in the federated `@gta/shared`, which these import by that name). The package's
// `exports`, tsconfig.base.json's `paths`, the webpack aliases and jest's module map are checked against this list
// (src/buildConfig.test.ts).
/** @type {Readonly<Record<string, string>>} specifier -> source file, relative to shared/ */
module.exports = Object.freeze({
  // the form-field kit: parts that draw fields
  '@gta/shared/fields': 'src/ui/fields.tsx',
  // the mortgage, payment and land-transfer-tax rules: the calculators and the property page's estimate
  '@gta/shared/mortgage': 'src/core/mortgage/index.ts',
  // the listings search (URL query, formula, in-browser match) and saved searches: the listings part
  '@gta/shared/listing-search': 'src/core/listingSearch.ts',
  '@gta/shared/listing-alerts': 'src/core/listingAlerts.ts',
  // what portals show on a listing (badges, price history, open houses, tours): the listings part
  '@gta/shared/listing-details': 'src/core/listingDetails.ts',
  // the tables staff read: the admin part
  '@gta/shared/staff-tables': 'src/core/staffTables.ts',
  // the stand-alone harness of a part (its bootstrap when opened on its own port)
  '@gta/shared/harness': 'src/ui/harness.tsx',
});
