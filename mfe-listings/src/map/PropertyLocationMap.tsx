/**
 * A property page's location map: a small street-level map with the home as a pin, below its details. The server
 * renders its frame (the heading, the place, a box of the map's size and a link to the homes around it on the map
 * page); the map's code (Leaflet, its styles, the base map) is fetched only when the box comes within 400 px of the
 * view, so a visitor who does not scroll there fetches none of it. A listing without coordinates has no section.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Global, type CSSObject } from '@emotion/react';
import { getRuntimeConfig, mq, theme, toNumber } from '@gta/shared';
import { formatArea } from './area';
import { MapStatusOverlay } from './MapStatusOverlay';
import { validCoordinates } from './mapListing';
import type { Listing } from '../data/listing';

/** How far around the home the map page's link searches (degrees: about 2.5 km each way). */
export const NEARBY = 0.022;

type Status = 'waiting' | 'loading' | 'ready' | 'error';

/** The home's coordinates, or null when the listing has none the map can place. */
export function locationOf(listing: Pick<Listing, 'fields'>): { lat: number; lng: number } | null {
  const lat = toNumber(listing.fields.Latitude);
  const lng = toNumber(listing.fields.Longitude);
  return validCoordinates(lat, lng) && lng !== null ? { lat, lng } : null;
}

export function PropertyLocationMap({ listing }: { listing: Pick<Listing, 'name' | 'location' | 'city' | 'fields'> }) {
  const point = locationOf(listing);
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('waiting');
  const [styles, setStyles] = useState<CSSObject | null>(null);
  const [attempt, setAttempt] = useState(0);
  const lat = point?.lat;
  const lng = point?.lng;
  const place = [listing.location, listing.city].filter((p, i, all) => p && all.indexOf(p) === i).join(', ');

  useEffect(() => {
    const target = box.current;
    if (!target || lat === undefined || lng === undefined) return undefined;
    let cancelled = false;
    let map: { destroy(): void } | null = null;
    const load = () => {
      setStatus('loading');
      import(/* webpackChunkName: "location-map" */ './locationMapChunk')
        .then(({ createLocationMap, mapStyles }) => {
          if (cancelled) return;
          setStyles(mapStyles);
          map = createLocationMap(target, { tiles: getRuntimeConfig().map, lat, lng, name: listing.name, label: listing.location });
          setStatus('ready');
        })
        .catch((error: unknown) => {
          console.warn('[listings] the location map could not be loaded:', error);
          if (!cancelled) setStatus('error');
        });
    };
    // on sight: within 400 px of the view (no observer: at once)
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'undefined') load();
    else {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer?.disconnect();
          load();
        },
        { rootMargin: '400px 0px' },
      );
      observer.observe(target);
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      map?.destroy();
    };
  }, [lat, lng, listing.name, listing.location, attempt]);

  if (!point) return null;
  const nearby = formatArea({ south: point.lat - NEARBY, west: point.lng - NEARBY * 1.4, north: point.lat + NEARBY, east: point.lng + NEARBY * 1.4 });

  return (
    <section aria-labelledby="property-location" data-testid="property-location" css={{ marginTop: theme.space.section }}>
      {styles ? <Global styles={styles} /> : null}
      <div
        css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: theme.space.sm, marginBottom: theme.space.md }}
      >
        <div>
          <h2 id="property-location" css={{ margin: 0 }}>
            Location
          </h2>
          {place ? <p css={{ margin: `${theme.space.xs} 0 0`, color: theme.color.muted }}>{place}</p> : null}
        </div>
        <Link to={`/interactive-maps?area=${encodeURIComponent(nearby)}`} css={{ color: theme.color.bronze, fontWeight: 600 }}>
          See homes for sale nearby on the map
        </Link>
      </div>
      <div
        css={{
          position: 'relative',
          // its own stacking context: the map's controls stay under the site's fixed header
          isolation: 'isolate',
          height: 300,
          borderRadius: theme.radius.lg,
          overflow: 'hidden',
          border: `1px solid ${theme.color.stone}`,
          background: '#f1ece2',
          [mq.lg]: { height: 380 },
        }}
      >
        {/* Leaflet's element: React renders nothing inside it */}
        <div ref={box} data-testid="location-map" css={{ position: 'absolute', inset: 0 }} />
        <MapStatusOverlay
          status={status}
          testId="location-map-placeholder"
          failed="The map could not be loaded."
          loading={status === 'loading' ? 'Loading the map…' : `Map of ${place || 'the home'}`}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      </div>
    </section>
  );
}
