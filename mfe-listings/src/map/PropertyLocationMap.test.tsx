/** A property's location map: its frame at once, its code only when it comes near the view. */
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { setRuntimeConfig } from '@gta/shared';
import { PropertyLocationMap, locationOf } from './PropertyLocationMap';
import type { LocationMapOptions } from './leafletMap';

const created: LocationMapOptions[] = [];
jest.mock('./locationMapChunk', () => ({
  createLocationMap: (_element: HTMLElement, options: LocationMapOptions) => {
    created.push(options);
    return { destroy: () => undefined };
  },
  mapStyles: {},
}));

/** An IntersectionObserver the test drives: `show()` brings the observed element into view. */
const observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
class FakeObserver {
  readonly entry: { callback: IntersectionObserverCallback; target: Element | null };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, target: null };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.target = target;
  }
  disconnect() {
    this.entry.target = null;
  }
}
const show = () =>
  act(async () => {
    for (const o of observers)
      if (o.target) o.callback([{ isIntersecting: true, target: o.target } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const HOME = { name: 'Harbour Residence', location: 'Lorne Park', city: 'Mississauga, ON', fields: { Latitude: 43.5235, Longitude: '-79.6155' } };

beforeEach(() => {
  setRuntimeConfig({
    remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
    airtable: { endpointUrl: 'http://localhost/api/airtable', baseId: 'appTest' },
    webhookBase: '/webhook',
    chatWebhookUrl: '/chat',
    map: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example' },
  });
  created.length = 0;
  observers.length = 0;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});

describe("a property's location map", () => {
  it('reads the listing’s coordinates; none (or 0,0) means no map', () => {
    expect(locationOf(HOME)).toEqual({ lat: 43.5235, lng: -79.6155 });
    expect(locationOf({ fields: {} })).toBeNull();
    expect(locationOf({ fields: { Latitude: 0, Longitude: 0 } })).toBeNull();
  });

  it('the server renders its frame and a link to the homes nearby, without the map', () => {
    const html = renderToString(
      <MemoryRouter>
        <PropertyLocationMap listing={HOME} />
      </MemoryRouter>,
    );
    expect(html).toContain('Location');
    expect(html).toContain('Lorne Park, Mississauga, ON');
    expect(html).toContain('data-testid="location-map-placeholder"');
    expect(html).toMatch(/href="\/interactive-maps\?area=43\.5015%2C-79\.6463%2C43\.5455%2C-79\.5847"/);
    expect(html).not.toContain('leaflet');
  });

  it('fetches the map only when it comes near the view, then draws the home at its coordinates', async () => {
    render(
      <MemoryRouter>
        <PropertyLocationMap listing={HOME} />
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(created).toEqual([]);
    expect(screen.getByTestId('location-map-placeholder')).toHaveTextContent('Map of Lorne Park, Mississauga, ON');
    await show();
    // the configured base map, as the other maps have it
    expect(created).toEqual([
      expect.objectContaining({
        lat: 43.5235,
        lng: -79.6155,
        name: 'Harbour Residence',
        label: 'Lorne Park',
        tiles: expect.objectContaining({ attribution: '© Example' }),
      }),
    ]);
    expect(screen.queryByTestId('location-map-placeholder')).toBeNull();
  });

  it('has no section for a listing without coordinates', () => {
    const { container } = render(
      <MemoryRouter>
        <PropertyLocationMap listing={{ ...HOME, fields: {} }} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
