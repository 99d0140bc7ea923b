/** The body shared by the two listing pages: search form, a status line and the grid with its states. */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Container, mq, theme } from '@gta/shared';
import type { Listing } from '../data/listing';
import { CardGrid, CardSkeletonGrid, GridMessage } from './CardGrid';

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
}

export function ListingsBody({ form, heading, listings, loadingLabel }: ListingsBodyProps) {
  const [visible, setVisible] = useState(CARDS_PER_PAGE);
  useEffect(() => setVisible(CARDS_PER_PAGE), [listings]);
  return (
    <Container css={{ paddingBottom: theme.space.section }}>
      <div css={{ position: 'relative', marginTop: `calc(-1 * ${theme.space.xl})`, zIndex: 1, [mq.md]: { marginTop: `calc(-1 * ${theme.space.xxl})` } }}>{form}</div>
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: theme.space.md,
          margin: `${theme.space.xxl} 0 ${theme.space.xl}`,
          paddingBottom: theme.space.md,
          borderBottom: `1px solid ${theme.color.stone}`,
        }}
      >
        {heading}
      </div>
      {listings === null ? (
        <>
          <p aria-hidden="true" css={{ color: theme.color.muted, margin: `0 0 ${theme.space.lg}` }}>
            {loadingLabel}
          </p>
          <CardSkeletonGrid count={LISTING_PAGE_SKELETONS} label={loadingLabel} />
        </>
      ) : listings.length === 0 ? (
        <GridMessage title="No properties found." hint="Try adjusting your filters or search terms." />
      ) : (
        <>
          <CardGrid listings={listings.slice(0, visible)} />
          {listings.length > visible ? (
            <div css={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: theme.space.sm, marginTop: theme.space.xxl }}>
              <p css={{ margin: 0, color: theme.color.muted, fontSize: theme.fontSize.sm }}>
                Showing {visible} of {listings.length}
              </p>
              <Button type="button" variant="outline" onClick={() => setVisible((n) => n + CARDS_PER_PAGE)}>
                Show more properties
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Container>
  );
}
