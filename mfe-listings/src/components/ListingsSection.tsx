/** The body shared by the two listing pages: search form, a status line and the grid with its states. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, ButtonLink, Container, formatNumber, mq, theme } from '@gta/shared';
import type { Listing } from '../data/listing';
import { CardGrid, CardSkeletonGrid, GridMessage } from './CardGrid';
import { PAGE_SIZE } from '../search/sort';

/** Skeletons on the listing pages (spec section 9). */
export const LISTING_PAGE_SKELETONS = 12;

/** Cards shown at first; 'Show more properties' adds as many again (the whole list is loaded already). */
export const CARDS_PER_PAGE = 24;

export interface ListingsBodyProps {
  form: ReactNode;
  heading: ReactNode;
  /** null while the list or a search is loading. */
  listings: readonly Listing[] | null;
  loadingLabel: string;
  /**
   * The list is read a page at a time (the records API's pages): every listing given is shown, and this says how
   * many there are and reads the next page. Without it the whole list is given and shown 24 cards at a time.
   */
  more?: MoreProps;
  /** Shown instead of the grid and its states (the map view of /active-listings). */
  results?: ReactNode;
  /** Between the heading and the results (/active-listings' recently viewed row, opened from its heading). */
  beforeResults?: ReactNode;
  /**
   * Results first (issue 38): the form overlaps the hero less and the heading sits closer, so on a 1440×900 screen
   * the first row of cards shows without scrolling (a compact hero above it).
   */
  tight?: boolean;
}

export interface MoreProps {
  /** More listings follow the ones given. */
  hasMore: boolean;
  /** How many listings the list holds (more than that when `atLeast`); null when unknown. */
  total: number | null;
  atLeast?: boolean;
  /** The next page is being read. */
  loading: boolean;
  /** Reading the next page failed: the button tries again (onRetry). */
  failed?: boolean;
  onRetry: () => void;
  /**
   * The query string of the list one page longer ('?shown=40'). 'Show more' is a link to it: before the page has
   * hydrated the browser loads it (the server renders 40), after that the router replaces the entry.
   */
  moreSearch: string;
}

/** 'Showing 20 of 47 properties', '47 properties', 'Showing 20 of 1,000+ properties'; 'Showing 20' without a count. */
export function showingText(shown: number, total: number | null, atLeast = false): string {
  const noun = (n: number) => (n === 1 ? 'property' : 'properties');
  if (total === null) return `Showing ${formatNumber(shown)} ${noun(shown)}`;
  if (!atLeast && shown >= total) return `${formatNumber(total)} ${noun(total)}`;
  return `Showing ${formatNumber(shown)} of ${formatNumber(total)}${atLeast ? '+' : ''} ${noun(2)}`;
}

export function ListingsBody({ form, heading, listings, loadingLabel, more, results, beforeResults, tight = false }: ListingsBodyProps) {
  return (
    <Container css={{ paddingBottom: theme.space.section }}>
      <div
        css={{
          position: 'relative',
          marginTop: `calc(-1 * ${tight ? theme.space.lg : theme.space.xl})`,
          zIndex: 1,
          [mq.md]: { marginTop: `calc(-1 * ${tight ? theme.space.lg : theme.space.xxl})` },
        }}
      >
        {form}
      </div>
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: theme.space.md,
          margin: tight ? `${theme.space.md} 0 ${theme.space.md}` : `${theme.space.xxl} 0 ${theme.space.xl}`,
          paddingBottom: tight ? theme.space.sm : theme.space.md,
          borderBottom: `1px solid ${theme.color.stone}`,
        }}
      >
        {heading}
      </div>
      {beforeResults}
      {results ? (
        results
      ) : listings === null ? (
        <>
          <p aria-hidden="true" css={{ color: theme.color.muted, margin: `0 0 ${theme.space.lg}` }}>
            {loadingLabel}
          </p>
          <CardSkeletonGrid count={LISTING_PAGE_SKELETONS} label={loadingLabel} />
        </>
      ) : listings.length === 0 ? (
        <GridMessage title="No properties found." hint="Try adjusting your filters or search terms." />
      ) : (
        <ListingsGrid listings={listings} more={more} />
      )}
    </Container>
  );
}

export interface ListingsGridProps {
  listings: readonly Listing[];
  /** See ListingsBodyProps.more. */
  more?: MoreProps;
  /** The first cards' images load at once (the grid is the page's first screen). */
  eagerFirst?: boolean;
}

/** The cards of a list and, below them, 'Show more properties' with how many are shown. */
export function ListingsGrid({ listings, more, eagerFirst }: ListingsGridProps) {
  const [visibleLocally, setVisible] = useState(CARDS_PER_PAGE);
  useEffect(() => setVisible(CARDS_PER_PAGE), [listings]);
  const visible = more ? Infinity : visibleLocally;
  // after 'Show more', focus goes to the first new card's link (keyboard and screen reader users continue there)
  const grid = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || listings.length <= from) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLElement>('[data-testid="property-grid"] > li')[from]?.querySelector<HTMLElement>('h3 a')?.focus();
  }, [listings]);
  return (
    <div ref={grid}>
      <CardGrid listings={more ? listings : listings.slice(0, visible)} eagerFirst={eagerFirst} />
      {more && (more.hasMore || listings.length > PAGE_SIZE) ? (
        <div css={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: theme.space.md, marginTop: theme.space.xxl }}>
          <p data-testid="showing" css={{ margin: 0, color: theme.color.muted, fontSize: theme.fontSize.sm, letterSpacing: '0.04em' }}>
            {showingText(listings.length, more.total, more.atLeast)}
          </p>
          {more.total !== null && more.total > 0 ? (
            <div aria-hidden="true" css={{ width: 220, maxWidth: '60vw', height: 2, background: theme.color.stone, borderRadius: 1, overflow: 'hidden' }}>
              <div css={{ height: '100%', width: `${Math.min(100, (listings.length / more.total) * 100)}%`, background: theme.color.bronze }} />
            </div>
          ) : null}
          {more.failed ? (
            <p role="alert" css={{ margin: 0, color: theme.color.danger, fontSize: theme.fontSize.sm }}>
              More properties could not be loaded.
            </p>
          ) : null}
          {more.failed ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                focusFrom.current = listings.length;
                more.onRetry();
              }}
              css={{ minWidth: 240 }}
            >
              Try again
            </Button>
          ) : more.hasMore ? (
            <ButtonLink
              variant="outline"
              to={{ search: more.moreSearch }}
              replace
              preventScrollReset
              aria-busy={more.loading || undefined}
              onClick={(event) => {
                // still enabled while it reads (a disabled control would drop the keyboard focus): a second press waits
                if (more.loading) {
                  event.preventDefault();
                  return;
                }
                focusFrom.current = listings.length;
              }}
              css={{ minWidth: 240 }}
            >
              {more.loading ? 'Loading…' : 'Show more properties'}
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      {!more && listings.length > visible ? (
        <div css={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: theme.space.sm, marginTop: theme.space.xxl }}>
          <p css={{ margin: 0, color: theme.color.muted, fontSize: theme.fontSize.sm }}>
            Showing {visible} of {listings.length}
          </p>
          <Button type="button" variant="outline" onClick={() => setVisible((n) => n + CARDS_PER_PAGE)}>
            Show more properties
          </Button>
        </div>
      ) : null}
    </div>
  );
}
