/**
 * 'Recently viewed': a row of the listings this visitor opened last (newest first, up to 8), for a returning
 * visitor; nothing at all for a first visit or when the listings cannot be read. Drawn in the browser only (the
 * list lives in the visitor's localStorage), so it sits below the page's first screen and moves nothing there.
 * Exposed as 'listings/RecentlyViewed' for other pages (the home page) to place.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Container, Eyebrow, formatPrice, mq, theme } from '@gta/shared';
import type { Listing } from '../data/listing';
import { PropertyImage } from '../components/PropertyImage';
import { StatusBadge } from '../components/StatusBadge';
import { clearRecentlyViewed } from './recentStore';
import { useRecentListings } from './RecentlyViewedToggle';

const TILE_WIDTH = 'min(76vw, 17.5rem)';

function Tile({ listing }: { listing: Listing }) {
  return (
    <li css={{ flex: `0 0 ${TILE_WIDTH}`, scrollSnapAlign: 'start' }}>
      <Link
        to={listing.path}
        data-testid="recent-listing"
        css={{
          display: 'flex',
          flexDirection: 'column',
          height: '100%',
          color: theme.color.ink,
          textDecoration: 'none',
          background: theme.color.paper,
          border: `1px solid ${theme.color.stone}`,
          borderRadius: theme.radius.md,
          overflow: 'hidden',
          transition: `box-shadow ${theme.motion.base} ${theme.motion.ease}, border-color ${theme.motion.base} ${theme.motion.ease}`,
          '&:hover': { boxShadow: theme.shadow.card, borderColor: theme.color.bronze },
          '&:hover img': { transform: 'scale(1.035)' },
          '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
          [mq.reducedMotion]: { transition: 'none', '&:hover img': { transform: 'none' } },
        }}
      >
        <div css={{ position: 'relative', aspectRatio: '3 / 2', overflow: 'hidden', background: theme.color.stone }}>
          <PropertyImage
            src={listing.cover}
            placeholder={listing.placeholders[listing.cover]}
            alt=""
            sizes="280px"
            css={{ width: '100%', height: '100%', objectFit: 'cover', transition: `transform ${theme.motion.slow} ${theme.motion.ease}` }}
          />
          {listing.statusTone !== 'available' ? (
            <div css={{ position: 'absolute', top: theme.space.sm, left: theme.space.sm }}>
              <StatusBadge status={listing.status} tone={listing.statusTone} />
            </div>
          ) : null}
        </div>
        <div css={{ display: 'grid', gap: theme.space.xs, padding: theme.space.md }}>
          <span css={{ fontSize: theme.fontSize.xs, letterSpacing: '0.18em', textTransform: 'uppercase', color: theme.color.bronze, fontWeight: 600 }}>
            {[listing.type, listing.city].filter(Boolean).join(' · ') || 'Residence'}
          </span>
          <span css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.xl, lineHeight: 1.15 }}>{listing.name}</span>
          <span css={{ fontSize: theme.fontSize.sm, fontWeight: 600, letterSpacing: '0.02em' }}>{formatPrice(listing.price)}</span>
        </div>
      </Link>
    </li>
  );
}

export interface RecentlyViewedProps {
  /** The row's heading. */
  title?: string;
  /**
   * Drawn inside a page's own column (/active-listings, under its results heading, opened by
   * RecentlyViewedToggle): no container of its own; `hidden` while closed, `id` for the toggle's aria-controls.
   */
  embedded?: { id: string; hidden: boolean };
}

export { RecentlyViewedToggle, useRecentListings } from './RecentlyViewedToggle';

export function RecentlyViewed({ title = 'Recently viewed', embedded }: RecentlyViewedProps) {
  const headingId = useId();
  const listings = useRecentListings();
  if (listings.length === 0) return null;
  const Frame = embedded ? EmbeddedFrame : Container;
  return (
    <section aria-labelledby={headingId} data-testid="recently-viewed" id={embedded?.id} hidden={embedded?.hidden}>
      <Frame css={{ paddingBottom: embedded ? theme.space.lg : theme.space.section }}>
        <div
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: theme.space.md,
            paddingTop: theme.space.xl,
            marginBottom: theme.space.lg,
            borderTop: `1px solid ${theme.color.stone}`,
          }}
        >
          <div>
            <Eyebrow css={{ marginBottom: theme.space.xs }}>Welcome back</Eyebrow>
            <h2 id={headingId} css={{ margin: 0, fontSize: theme.fontSize.h3 }}>
              {title}
            </h2>
          </div>
          <button
            type="button"
            onClick={clearRecentlyViewed}
            css={{
              padding: `${theme.space.xs} 0`,
              border: 0,
              borderBottom: `1px solid currentColor`,
              background: 'none',
              color: theme.color.muted,
              fontFamily: theme.font.body,
              fontSize: theme.fontSize.xs,
              fontWeight: 600,
              letterSpacing: '0.16em',
              textTransform: 'uppercase',
              cursor: 'pointer',
              '&:hover': { color: theme.color.bronze },
              '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
            }}
          >
            Clear history
          </button>
        </div>
        <ul
          css={{
            listStyle: 'none',
            margin: 0,
            padding: `0 0 ${theme.space.md}`,
            display: 'flex',
            gap: theme.space.lg,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            scrollbarWidth: 'thin',
            scrollbarColor: `${theme.color.stone} transparent`,
          }}
        >
          {listings.map((listing) => (
            <Tile key={listing.id} listing={listing} />
          ))}
        </ul>
      </Frame>
    </section>
  );
}

function EmbeddedFrame({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{children}</div>;
}

export default RecentlyViewed;
