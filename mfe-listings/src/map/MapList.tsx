/**
 * The list beside the map: the accessible twin of its markers. Every listing the map shows in the searched area is
 * here, in the same order, as a heading whose button selects it (the map moves to it and shows its card) and a link
 * to its page; the selected one is pressed. Readable and usable with no script and no map (the server renders it).
 */
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, theme, visuallyHidden } from '@gta/shared';
import { PropertyImage } from '../components/PropertyImage';
import type { MapListing } from './mapListing';

export function bedsAndBaths(listing: Pick<MapListing, 'bedrooms' | 'bathrooms'>): string {
  const parts: string[] = [];
  // a commercial listing's 0 bedrooms says nothing: left out
  if (listing.bedrooms !== null && listing.bedrooms > 0) parts.push(`${listing.bedrooms} ${listing.bedrooms === 1 ? 'bed' : 'beds'}`);
  if (listing.bathrooms !== null) parts.push(`${listing.bathrooms} ${listing.bathrooms === 1 ? 'bath' : 'baths'}`);
  return parts.join(' · ');
}

export interface MapListProps {
  listings: readonly MapListing[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export const MapList = forwardRef<HTMLUListElement, MapListProps>(function MapList({ listings, selectedId, onSelect }, ref) {
  return (
    <ul ref={ref} data-testid="map-list" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space.sm }}>
      {listings.map((listing) => {
        const selected = listing.id === selectedId;
        return (
          <li key={listing.id} data-listing-id={listing.id}>
            <article
              css={{
                display: 'grid',
                gridTemplateColumns: '104px 1fr',
                gap: theme.space.md,
                alignItems: 'center',
                padding: theme.space.sm,
                background: theme.color.paper,
                border: `1px solid ${selected ? theme.color.bronze : theme.color.stone}`,
                boxShadow: selected ? `inset 3px 0 0 ${theme.color.bronze}` : 'none',
                borderRadius: theme.radius.md,
                transition: `border-color ${theme.motion.fast}`,
              }}
            >
              <PropertyImage
                src={listing.cover}
                placeholder={listing.coverPlaceholder}
                alt=""
                sizes="104px"
                css={{ width: 104, height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover', borderRadius: theme.radius.sm, display: 'block' }}
              />
              <div css={{ minWidth: 0 }}>
                <h3 css={{ margin: 0, fontFamily: theme.font.body, fontSize: theme.fontSize.sm, fontWeight: 600, lineHeight: 1.35 }}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-label={`Show ${listing.name} on the map`}
                    onClick={() => onSelect(listing.id)}
                    css={{
                      all: 'unset',
                      cursor: 'pointer',
                      display: 'block',
                      color: theme.color.ink,
                      overflowWrap: 'anywhere',
                      '&:hover': { color: theme.color.bronze },
                      '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: 2, borderRadius: theme.radius.sm },
                    }}
                  >
                    {listing.name}
                  </button>
                </h3>
                <p css={{ margin: '0.15rem 0 0', fontWeight: 600, color: theme.color.ink }}>
                  {listing.price === null ? 'Price on request' : formatPrice(listing.price)}
                </p>
                <p css={{ margin: '0.1rem 0 0', fontSize: theme.fontSize.xs, color: theme.color.muted }}>
                  {[bedsAndBaths(listing), listing.location].filter(Boolean).join(' · ')}
                </p>
                <Link
                  to={listing.path}
                  css={{ display: 'inline-block', marginTop: '0.2rem', fontSize: theme.fontSize.xs, color: theme.color.bronze, fontWeight: 600 }}
                >
                  View details<span css={visuallyHidden}> of {listing.name}</span>
                </Link>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
});
