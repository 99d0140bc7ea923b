/**
 * The frame both maps draw in (/interactive-maps and the map view of /active-listings): a section with a skip link to
 * the list beside it, the box Leaflet draws into (React renders nothing inside it), the placeholder while the map
 * loads or after it failed (with 'Try again'), and whatever the page lays over the map (the card, 'Search this area');
 * and the panel beside the map (MapListPanel): the map's accessible twin.
 */
import type { ReactNode, Ref, RefObject } from 'react';
import { Button, formatNumber, mq, theme, visuallyHidden } from '@gta/shared';
import { MapList } from './MapList';
import { MapStatusOverlay } from './MapStatusOverlay';
import type { MapListing } from './mapListing';

export type MapStatus = 'loading' | 'ready' | 'error';

/** '1 home', '1,204 homes'. */
export const homes = (n: number) => `${formatNumber(n)} ${n === 1 ? 'home' : 'homes'}`;

/** What the count line adds about the listings that could not be drawn or were left out. */
export function leftOffNote(data: { withoutLocation: number; truncated: boolean }, truncated: string): string {
  const unplaced =
    data.withoutLocation > 0 ? ` (${homes(data.withoutLocation)} without a map location ${data.withoutLocation === 1 ? 'is' : 'are'} not shown)` : '';
  return `${unplaced}${data.truncated ? truncated : ''}`;
}

/** A home chosen in the list is shown on the map: on a phone the map is above the list, out of view, so it comes back. */
export function bringMapIntoView(section: HTMLElement | null): void {
  if (!section) return;
  const box = section.getBoundingClientRect();
  if (box.top < 0 || box.top > window.innerHeight / 2) {
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView?.({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }
}

export interface MapFrameProps {
  sectionRef: RefObject<HTMLElement | null>;
  mapRef: RefObject<HTMLDivElement | null>;
  /** The section's accessible name. */
  label: string;
  /** The id of the list beside the map (the skip link's target). */
  listId: string;
  status: MapStatus;
  onRetry: () => void;
  /** The map's height on wide screens (it fills the view below the navigation within these bounds). */
  wide: { minHeight: number; maxHeight: number };
  /** Laid over the map: the selected home's card, 'Search this area'. */
  children?: ReactNode;
}

export function MapFrame({ sectionRef, mapRef, label, listId, status, onRetry, wide, children }: MapFrameProps) {
  return (
    <section
      ref={sectionRef}
      aria-label={label}
      css={{
        position: 'relative',
        scrollMarginTop: `calc(${theme.layout.navHeight} + 0.5rem)`,
        [mq.lg]: { position: 'sticky', top: `calc(${theme.layout.navHeight} + 1rem)` },
      }}
    >
      <a
        href={`#${listId}`}
        css={{
          ...visuallyHidden,
          '&:focus': {
            position: 'absolute',
            zIndex: 1002,
            width: 'auto',
            height: 'auto',
            margin: 0,
            clip: 'auto',
            clipPath: 'none',
            top: 8,
            left: 8,
            padding: '0.5rem 0.75rem',
            background: theme.color.paper,
            color: theme.color.ink,
            borderRadius: theme.radius.md,
            boxShadow: theme.shadow.card,
          },
        }}
      >
        Skip the map: go to the list of homes
      </a>
      <div
        css={{
          position: 'relative',
          // its own stacking context: the map's controls, card and buttons (z-index up to 1002) stay under the site's
          // fixed header (theme.layer.nav, 900) when the page scrolls them beneath it
          isolation: 'isolate',
          // a phone sees the whole map under the page's heading (390 x 844: it ends at the bottom of the screen)
          height: 'min(56vh, 520px)',
          minHeight: 320,
          borderRadius: theme.radius.lg,
          overflow: 'hidden',
          border: `1px solid ${theme.color.stone}`,
          background: '#f1ece2',
          [mq.lg]: { height: `calc(100vh - ${theme.layout.navHeight} - 2rem)`, ...wide },
        }}
      >
        {/* Leaflet's element: React renders nothing inside it */}
        <div ref={mapRef} data-testid="map" css={{ position: 'absolute', inset: 0 }} />
        <MapStatusOverlay
          status={status}
          testId="map-placeholder"
          failed="The map could not be loaded. The list of homes still works."
          loading="Loading the map…"
          onRetry={onRetry}
        />
        {children}
      </div>
    </section>
  );
}

/** 'Search this area', over the map once the visitor has moved it: the visible bounds then filter the list. */
export function SearchThisAreaButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      type="button"
      variant="primary"
      onClick={onClick}
      css={{
        position: 'absolute',
        zIndex: 1001,
        // phones: above the credits line, under a card; wide screens: top centre
        bottom: '2.75rem',
        left: '50%',
        transform: 'translateX(-50%)',
        boxShadow: theme.shadow.lifted,
        whiteSpace: 'nowrap',
        [mq.lg]: { bottom: 'auto', top: theme.space.md },
      }}
    >
      Search this area
    </Button>
  );
}

export interface MapListPanelProps {
  sectionRef?: RefObject<HTMLElement | null>;
  listRef?: Ref<HTMLUListElement>;
  /** The section's id (the map's skip link goes there) and its heading's. */
  id: string;
  headingId: string;
  /** h2 on the map page; h3 in the results of /active-listings, under their own heading. */
  headingLevel: 'h2' | 'h3';
  heading: string;
  /** 'error' and 'loading' say so in place of the list; 'ready' shows it. */
  status: 'error' | 'loading' | 'ready';
  onRetry: () => void;
  /** The count line, with what was left out. */
  count: string;
  /** Said when no listing of the search can be placed. */
  empty: string;
  listings: readonly MapListing[];
  /** How many of them the list shows ('Show more homes' adds more). */
  shown: number;
  onShowMore: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Between the count and the list (the map page's 'Show all listings'). */
  children?: ReactNode;
}

/** The list beside the map, scrolling on its own on wide screens; its items choose a home on the map. */
export function MapListPanel(panel: MapListPanelProps) {
  const Heading = panel.headingLevel;
  const { listings, shown } = panel;
  return (
    <section
      ref={panel.sectionRef}
      id={panel.id}
      aria-labelledby={panel.headingId}
      tabIndex={-1}
      css={{ outline: 'none', [mq.lg]: { maxHeight: `calc(100vh - ${theme.layout.navHeight} - 2rem)`, overflowY: 'auto', paddingRight: theme.space.xs } }}
    >
      <Heading id={panel.headingId} css={{ fontSize: theme.fontSize.xl, margin: `0 0 ${theme.space.xs}` }}>
        {panel.heading}
      </Heading>
      {panel.status === 'error' ? (
        <div role="alert" css={{ color: theme.color.danger }}>
          <p>The listings could not be loaded.</p>
          <Button type="button" variant="outline" onClick={panel.onRetry}>
            Try again
          </Button>
        </div>
      ) : panel.status === 'loading' ? (
        <p role="status" css={{ color: theme.color.muted }}>
          Loading the listings…
        </p>
      ) : (
        <>
          <p role="status" data-testid="map-count" css={{ margin: `0 0 ${theme.space.md}`, color: theme.color.muted, fontSize: theme.fontSize.sm }}>
            {panel.count}
          </p>
          {panel.children}
          {listings.length === 0 ? (
            <p css={{ color: theme.color.muted }}>{panel.empty}</p>
          ) : (
            <MapList ref={panel.listRef} listings={listings.slice(0, shown)} selectedId={panel.selectedId} onSelect={panel.onSelect} />
          )}
          {listings.length > shown ? (
            <Button type="button" variant="outline" onClick={panel.onShowMore} css={{ marginTop: theme.space.md, width: '100%' }}>
              Show more homes ({formatNumber(listings.length - shown)} more)
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
