/**
 * What /active-listings needs of 'Recently viewed' on its first load: the visitor's listings and the
 * 'Recently viewed (n)' toggle. The row itself (RecentlyViewed.tsx) is fetched only for a visitor who has some.
 */
import type { Listing } from '../data/listing';
import { useQuery } from '../data/queryCache';
import { theme } from '@gta/shared';
import { loadRecentlyViewed, useRecentlyViewedIds } from './recentStore';

/** The listings this visitor opened last, newest first (none on a first visit or when they cannot be read). */
export function useRecentListings(): Listing[] {
  const ids = useRecentlyViewedIds();
  const { state } = useQuery<Listing[]>(ids.length > 0 ? `recent:${ids.join(',')}` : null, () => loadRecentlyViewed(ids), { retries: 0 });
  return ids.length > 0 && state.status === 'success' ? state.data : [];
}

/**
 * 'Recently viewed (n)' in a results heading (issue 38: where a returning visitor finds it, not below 20 cards),
 * opening the row under the heading; nothing when there is nothing to show. The row opens on demand, so the
 * results below never move as it appears.
 */
export function RecentlyViewedToggle({ open, onToggle, controls }: { open: boolean; onToggle: () => void; controls: string }) {
  const listings = useRecentListings();
  if (listings.length === 0) return null;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      css={{
        minHeight: 44,
        padding: `${theme.space.xs} 0`,
        border: 0,
        background: 'none',
        color: theme.color.ink,
        fontFamily: theme.font.body,
        fontSize: theme.fontSize.sm,
        fontWeight: 600,
        cursor: 'pointer',
        textDecoration: 'underline',
        textUnderlineOffset: '0.3em',
        textDecorationColor: theme.color.bronze,
        '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
      }}
    >
      Recently viewed ({listings.length})
    </button>
  );
}
