/**
 * The base map each configuration gets, with the real Leaflet in jsdom (no layout: no tile is requested, the layers
 * and the element's marks are what is checked). The embedded map's file and the vector chunk are fetched in the
 * browser (e2e/tests/map.test.mjs); here fetch answers nothing.
 */
import { baseMapKind, createLocationMap, createMap } from './leafletMap';
import { REGION } from './area';

const vector = { calls: [] as unknown[], fail: false };
jest.mock('protomaps-leaflet', () => ({
  leafletLayer: (options: unknown) => {
    vector.calls.push(options);
    if (vector.fail) throw new Error('no archive today');
    const L = jest.requireActual<typeof import('leaflet')>('leaflet');
    return L.gridLayer({ className: 'fake-vector-layer' });
  },
}));

jest.mock('./basemapFile', () => ({ BASEMAP_URL: new URL('http://localhost/generated/basemap.json') }));

beforeEach(() => {
  // the embedded base map's file: not served in jsdom (the map then keeps its land colour)
  globalThis.fetch = jest.fn(() => Promise.reject(new Error('offline'))) as unknown as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function mapElement(): HTMLDivElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

const options = { initial: REGION, onSelect: () => undefined, onMoveEnd: () => undefined };

describe('the base map', () => {
  it('is the configured one: a PMTiles archive, a raster provider, or the embedded file without a configuration', () => {
    expect(baseMapKind({ pmtilesUrl: 'https://cdn.example.net/gta.pmtiles', attribution: '©' })).toBe('vector');
    expect(baseMapKind({ tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '©' })).toBe('raster');
    expect(baseMapKind(undefined)).toBe('embedded');
  });

  it("a raster provider: Leaflet's tile layer over its template, with its credit line", () => {
    const element = mapElement();
    const map = createMap(element, { ...options, tiles: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example Tiles' } });
    expect(element.dataset.baseMap).toBe('raster');
    expect(element.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
    expect(element.querySelector('.leaflet-control-attribution')?.textContent).toContain('© Example Tiles');
    expect(element.classList.contains('gta-map--embedded')).toBe(false);
    expect(globalThis.fetch).not.toHaveBeenCalled();
    map.destroy();
  });

  it('without a configuration: the embedded file, fetched from this origin, and no tile layer', () => {
    const element = mapElement();
    const map = createMap(element, options);
    expect(element.dataset.baseMap).toBe('embedded');
    expect(element.classList.contains('gta-map--embedded')).toBe(true);
    expect(element.querySelector('.leaflet-tile-pane .leaflet-layer')).toBeNull();
    expect(String((globalThis.fetch as jest.Mock).mock.calls[0]?.[0])).toMatch(/basemap\.json$/);
    map.destroy();
  });

  it('a PMTiles archive: drawn by protomaps-leaflet (fetched then), or the embedded map when that fails', async () => {
    const element = mapElement();
    vector.calls = [];
    const map = createMap(element, { ...options, tiles: { pmtilesUrl: 'https://cdn.example.net/gta.pmtiles', attribution: '© OpenStreetMap' } });
    expect(element.dataset.baseMap).toBe('vector');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(vector.calls).toEqual([expect.objectContaining({ url: 'https://cdn.example.net/gta.pmtiles', attribution: '© OpenStreetMap' })]);
    expect(element.querySelector('.fake-vector-layer')).not.toBeNull();
    expect(globalThis.fetch).not.toHaveBeenCalled();
    map.destroy();

    vector.fail = true;
    const failing = mapElement();
    const other = createMap(failing, { ...options, tiles: { pmtilesUrl: 'https://cdn.example.net/gta.pmtiles', attribution: '©' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing.dataset.baseMap).toBe('embedded');
    expect(failing.classList.contains('gta-map--embedded')).toBe(true);
    vector.fail = false;
    other.destroy();
  });

  it("the listings' neighbourhoods are named on the embedded map", () => {
    const element = mapElement();
    const map = createMap(element, options);
    const home = (id: string, location: string, lat: number, lng: number) => ({
      id,
      lat,
      lng,
      name: id,
      path: `/property/${id}`,
      price: 2_000_000,
      bedrooms: 4,
      bathrooms: 3,
      cover: '/a.jpg',
      location,
      city: 'Mississauga, ON',
      type: 'House',
    });
    map.setListings([home('a', 'Lorne Park', 43.52, -79.62), home('b', 'Lorne Park', 43.53, -79.61), home('c', '12 Main Street', 43.5, -79.6)]);
    expect([...element.querySelectorAll('.gta-map-place--hood')].map((e) => e.textContent)).toEqual(['Lorne Park']);
    map.destroy();
  });

  it("the property page's map: the home's pin at street level, its neighbourhood named, the page's scroll left alone", () => {
    const element = mapElement();
    const map = createLocationMap(element, { lat: 43.52, lng: -79.62, name: 'Harbour Residence', label: 'Lorne Park' });
    expect(element.dataset.baseMap).toBe('embedded');
    expect(element.querySelector('.gta-map-pin--home')).not.toBeNull();
    expect(element.querySelector('.gta-map-place--hood')?.textContent).toBe('Lorne Park');
    expect(element.getAttribute('aria-label')).toContain('Harbour Residence');
    expect(element.querySelector('.leaflet-control-zoom-in')).not.toBeNull();
    map.destroy();
  });
});
