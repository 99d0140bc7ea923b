/**
 * What a property's location map fetches once it comes near the screen: the Leaflet module (its own chunk, shared
 * with the map page) and the map's styles. Nothing of it is in the property page's own code.
 */
export { createLocationMap } from './leafletMap';
export { mapStyles } from './mapStyles';
