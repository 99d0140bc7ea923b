/**
 * A listing card: photo (stock image when none), status badge, photo count when more than one, price, name,
 * location and key figures. A click anywhere on the card, or on the 'View Details' button that shows on hover
 * and keyboard focus, opens the property page.
 */
import { Link, useNavigate } from 'react-router-dom';
import { formatNumber, formatPrice, formatSizeK, theme } from '@gta/shared';
import type { Listing } from '../data/listing';
import { PropertyImage } from './PropertyImage';
import { badgeCss, StatusBadge } from './StatusBadge';
import { FavouriteButton } from '../favourites/FavouriteButton';
import { ListingBadges } from '../property/ListingBadges';
import { usePriceReduced } from '../data/history';
import { CompareToggle } from '../favourites/CompareControls';

export interface PropertyCardProps {
  listing: Listing;
  /** The first cards of a page are above the fold: their photos load at once. */
  eager?: boolean;
}

function Fact({ value, label }: { value: string; label: string }) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <dt css={{ order: 2, fontSize: theme.fontSize.xs, letterSpacing: '0.12em', textTransform: 'uppercase', color: theme.color.muted }}>{label}</dt>
      <dd css={{ order: 1, margin: 0, fontFamily: theme.font.display, fontSize: theme.fontSize.xl, lineHeight: 1.1 }}>{value}</dd>
    </div>
  );
}

export function PropertyCard({ listing, eager = false }: PropertyCardProps) {
  const navigate = useNavigate();
  const photoCount = listing.photos.length;
  const reduced = usePriceReduced(listing.id);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click anywhere on the card is a mouse shortcut; keyboards and screen readers use the card's link
    <article
      data-testid="property-card"
      onClick={(event) => {
        // a link or a button on the card (the heart) does its own thing
        if ((event.target as Element).closest('a, button, label, input')) return;
        navigate(listing.path);
      }}
      css={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        background: theme.color.paper,
        border: `1px solid ${theme.color.stone}`,
        borderRadius: theme.radius.md,
        overflow: 'hidden',
        cursor: 'pointer',
        boxShadow: 'none',
        // a card far off screen is not laid out or painted until it comes near the viewport: a grid of 24 cards is
        // about 1,000 layout objects, whose first layout took 110 to 150 ms under 4x CPU throttling while the page
        // started. The room kept meanwhile is a card's height at every width (490 to 570 px measured); once drawn,
        // its real height is remembered. On the card itself, not its list item: the containment would clip the
        // card's hover shadow
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 520px',
        transition: `box-shadow ${theme.motion.base} ${theme.motion.ease}, transform ${theme.motion.base} ${theme.motion.ease}`,
        '&:hover, &:focus-within': { boxShadow: theme.shadow.lifted, transform: 'translateY(-2px)' },
        '&:hover [data-overlay], &:focus-within [data-overlay]': { opacity: 1 },
        '&:hover img': { transform: 'scale(1.035)' },
      }}
    >
      <div css={{ position: 'relative', aspectRatio: '3 / 2', overflow: 'hidden', background: theme.color.stone }}>
        <PropertyImage
          src={listing.cover}
          placeholder={listing.placeholders[listing.cover]}
          alt={listing.photos.length ? `${listing.name}, ${listing.location}` : `${listing.name} (no photo yet)`}
          eager={eager}
          css={{ width: '100%', height: '100%', objectFit: 'cover', transition: `transform ${theme.motion.slow} ${theme.motion.ease}` }}
        />
        <div css={{ position: 'absolute', top: theme.space.md, left: theme.space.md, right: '3.5rem', display: 'flex', flexWrap: 'wrap', gap: theme.space.xs }}>
          <StatusBadge status={listing.status} tone={listing.statusTone} />
          <ListingBadges listing={listing} reduced={reduced} />
        </div>
        {photoCount > 1 ? (
          <span
            data-testid="photo-count"
            aria-label={`${photoCount} photos`}
            css={{
              ...badgeCss,
              position: 'absolute',
              bottom: theme.space.md,
              right: theme.space.md,
              background: 'rgba(20,22,26,0.72)',
              color: theme.color.ivory,
            }}
          >
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="3" y="6" width="18" height="14" rx="2" />
              <circle cx="12" cy="13" r="3.5" />
              <path d="M8 6l1.5-2h5L16 6" />
            </svg>
            {photoCount}
          </span>
        ) : null}
        <div
          data-overlay
          css={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'rgba(20,22,26,0.38)',
            opacity: 0,
            transition: `opacity ${theme.motion.base} ${theme.motion.ease}`,
          }}
        >
          <Link
            to={listing.path}
            aria-label={`View details of ${listing.name}`}
            css={{
              padding: '0.75rem 1.6rem',
              border: `1px solid ${theme.color.ivory}`,
              color: theme.color.ivory,
              background: 'rgba(20,22,26,0.35)',
              textDecoration: 'none',
              fontSize: theme.fontSize.xs,
              fontWeight: 600,
              letterSpacing: '0.2em',
              textTransform: 'uppercase',
              '&:hover': { background: theme.color.ivory, color: theme.color.ink },
            }}
          >
            View Details
          </Link>
        </div>
        {/* after the overlay: above it, so the heart takes its own clicks when the overlay shows */}
        <FavouriteButton id={listing.id} name={listing.name} css={{ position: 'absolute', top: theme.space.sm, right: theme.space.sm }} />
      </div>
      <div css={{ display: 'flex', flexDirection: 'column', gap: theme.space.sm, padding: `${theme.space.lg} ${theme.space.lg} ${theme.space.lg}`, flex: 1 }}>
        <p css={{ margin: 0, fontSize: theme.fontSize.xs, letterSpacing: '0.2em', textTransform: 'uppercase', color: theme.color.bronze, fontWeight: 600 }}>
          {[listing.type, listing.city].filter(Boolean).join(' · ') || 'Residence'}
        </p>
        <h3 css={{ margin: 0, fontSize: theme.fontSize.h3 }}>
          <Link to={listing.path} css={{ textDecoration: 'none', '&:hover': { color: theme.color.bronze } }}>
            {listing.name}
          </Link>
        </h3>
        <p css={{ margin: 0, color: theme.color.muted, fontSize: theme.fontSize.sm }}>{listing.location}</p>
        <p data-testid="card-price" css={{ margin: `${theme.space.xs} 0 0`, fontSize: theme.fontSize.lg, fontWeight: 600, letterSpacing: '0.02em' }}>
          {formatPrice(listing.price)}
        </p>
        <dl
          css={{
            margin: `auto 0 0`,
            paddingTop: theme.space.md,
            borderTop: `1px solid ${theme.color.stone}`,
            display: 'grid',
            gridTemplateColumns: 'repeat(3, 1fr)',
            gap: theme.space.sm,
          }}
        >
          <Fact value={formatNumber(listing.bedrooms)} label="Beds" />
          <Fact value={formatNumber(listing.bathrooms)} label="Baths" />
          <Fact value={formatSizeK(listing.size)} label="Sq ft" />
        </dl>
        <CompareToggle listing={listing} />
      </div>
    </article>
  );
}
