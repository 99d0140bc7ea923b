/** The card of the listing selected on the map: photo, price, bedrooms and bathrooms, and a link to its page. */
import { Link } from 'react-router-dom';
import { formatPrice, mq, theme } from '@gta/shared';
import { PropertyImage } from '../components/PropertyImage';
import { bedsAndBaths } from './MapList';
import type { MapListing } from './mapListing';

export function MapCard({ listing, onClose }: { listing: MapListing; onClose: () => void }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the card, from the link or button inside it
    <article
      aria-label={`Selected home: ${listing.name}`}
      data-testid="map-card"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      css={{
        position: 'absolute',
        zIndex: 1001,
        // phones: near the bottom of the map, above 'Search this area' and clear of the chat button and the zoom
        // buttons; wide screens: the top right corner under the 'Search this area' row (the map runs below the fold)
        bottom: '6rem',
        left: theme.space.sm,
        right: theme.space.sm,
        maxWidth: 420,
        [mq.lg]: { left: 'auto', bottom: 'auto', top: '4rem', width: 360, gridTemplateColumns: '132px 1fr' },
        display: 'grid',
        gridTemplateColumns: '112px 1fr',
        background: theme.color.paper,
        borderRadius: theme.radius.lg,
        boxShadow: theme.shadow.lifted,
        overflow: 'hidden',
      }}
    >
      <PropertyImage
        src={listing.cover}
        placeholder={listing.coverPlaceholder}
        alt={`Photo of ${listing.name}`}
        sizes="132px"
        css={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      <div css={{ padding: `${theme.space.sm} ${theme.space.xl} ${theme.space.sm} ${theme.space.md}`, minWidth: 0 }}>
        <p css={{ margin: 0, fontFamily: theme.font.display, fontSize: theme.fontSize.xl, fontWeight: 600, lineHeight: 1.2 }}>
          {listing.price === null ? 'Price on request' : formatPrice(listing.price)}
        </p>
        <h3
          css={{ margin: '0.2rem 0 0', fontFamily: theme.font.body, fontSize: theme.fontSize.sm, fontWeight: 600, lineHeight: 1.35, overflowWrap: 'anywhere' }}
        >
          {listing.name}
        </h3>
        <p css={{ margin: '0.15rem 0 0', fontSize: theme.fontSize.xs, color: theme.color.muted }}>
          {[bedsAndBaths(listing), listing.location].filter(Boolean).join(' · ')}
        </p>
        <Link
          to={listing.path}
          css={{ display: 'inline-block', marginTop: theme.space.xs, fontSize: theme.fontSize.sm, fontWeight: 600, color: theme.color.bronze }}
        >
          View details
        </Link>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close the card"
        css={{
          position: 'absolute',
          top: 4,
          right: 4,
          width: 32,
          height: 32,
          border: 0,
          borderRadius: '50%',
          background: 'transparent',
          color: theme.color.muted,
          fontSize: 20,
          lineHeight: 1,
          cursor: 'pointer',
          '&:hover': { background: theme.color.ivory, color: theme.color.ink },
          '&:focus-visible': { outline: `3px solid ${theme.color.focus}` },
        }}
      >
        ×
      </button>
    </article>
  );
}
