/** The 1/2/3-column grid of cards, its placeholder skeletons and its messages. */
import type { ReactNode } from 'react';
import { mq, Skeleton, theme, visuallyHidden } from '@gta/shared';
import type { Listing } from '../data/listing';
import { PropertyCard } from './PropertyCard';
import { CompareBar } from '../favourites/CompareControls';

const gridCss = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: theme.space.xl },
};

/** How many cards of a grid load their photo at once (the first row or so). */
const EAGER_CARDS = 3;

export function CardGrid({
  listings,
  eagerFirst = false,
  captionOf,
}: {
  listings: readonly Listing[];
  eagerFirst?: boolean;
  /** A short line above a card (similar homes: how it is similar). */
  captionOf?: (listing: Listing) => string | null;
}) {
  return (
    <>
      <ul css={gridCss} data-testid="property-grid">
        {listings.map((listing, i) => (
          <li key={listing.id}>
            {captionOf ? <CardCaption text={captionOf(listing)} /> : null}
            <PropertyCard listing={listing} eager={eagerFirst && i < EAGER_CARDS} />
          </li>
        ))}
      </ul>
      <CompareBar />
    </>
  );
}

function CardCaption({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p data-testid="card-caption" css={{ margin: `0 0 ${theme.space.sm}`, fontSize: theme.fontSize.sm, fontWeight: 600, color: theme.color.ink }}>
      {text}
    </p>
  );
}

export function CardSkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <p css={visuallyHidden}>{label}</p>
      <ul css={gridCss} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li
            key={i}
            data-testid="card-skeleton"
            css={{ background: theme.color.paper, border: `1px solid ${theme.color.stone}`, borderRadius: theme.radius.md, overflow: 'hidden' }}
          >
            <Skeleton height="auto" css={{ aspectRatio: '3 / 2', borderRadius: 0 }} />
            <div css={{ padding: theme.space.lg, display: 'grid', gap: theme.space.sm }}>
              <Skeleton height={12} width="40%" />
              <Skeleton height={28} width="80%" />
              <Skeleton height={14} width="60%" />
              <Skeleton height={20} width="35%" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A quiet message in place of the grid ('No properties found.' with its hint). */
export function GridMessage({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      css={{
        textAlign: 'center',
        padding: `${theme.space.xxl} ${theme.space.lg}`,
        border: `1px dashed ${theme.color.stone}`,
        borderRadius: theme.radius.md,
        background: theme.color.paper,
      }}
    >
      <p css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.h3, margin: 0 }}>{title}</p>
      {hint ? <p css={{ color: theme.color.muted, margin: `${theme.space.sm} 0 0` }}>{hint}</p> : null}
      {children}
    </div>
  );
}
