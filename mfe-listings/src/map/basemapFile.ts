/**
 * The embedded base map, written by scripts/build-basemap.mjs before each build; webpack emits it as a hashed file
 * beside the map chunk. Its own module: the unit tests (CommonJS, no import.meta) name another URL in its place.
 */
export const BASEMAP_URL = new URL('../../generated/basemap.json', import.meta.url);
