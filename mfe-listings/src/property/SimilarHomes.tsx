/**
 * 'Similar homes' at the foot of a property page (the rule: similarRule.ts). Read in the browser once the foot of
 * the page comes near the view (two small records requests, and the records client they need: airtable.js stays off
 * the page's first load), so a server render of a property page waits for nothing more. Nothing is shown when there
 * are none or they cannot be read.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Container, Eyebrow, Section, theme } from '@gta/shared';
import { listPropertyPage } from '../data/airtable';
import { toListing, type Listing } from '../data/listing';
import { useRememberListings } from '../data/properties';
import { useQuery } from '../data/queryCache';
import { CardGrid, CardSkeletonGrid } from '../components/CardGrid';
import { pickSimilarWithFallback, similarHomesFormulas, similarReasonText, widerFormulas, SIMILAR_MAX, type SimilarHome } from './similarRule';

/** The nearest in price at or above the price and below it: two small requests. */
async function nearest(formulas: { above: string; below: string } | null): Promise<Listing[]> {
  if (!formulas) return [];
  const [above, below] = await Promise.all([
    listPropertyPage({ filterByFormula: formulas.above, sort: [{ field: 'Price', direction: 'asc' }], pageSize: SIMILAR_MAX }),
    listPropertyPage({ filterByFormula: formulas.below, sort: [{ field: 'Price', direction: 'desc' }], pageSize: SIMILAR_MAX }),
  ]);
  return [...above.records, ...below.records].map(toListing);
}

/**
 * The similar homes of a listing: the strict rule's (two requests), and only when they are fewer than SIMILAR_MAX
 * the same city's (two more), then the nearest in price anywhere (two more).
 */
export async function loadSimilarHomes(home: Listing): Promise<SimilarHome[]> {
  const tiers: { similar: Listing[]; city?: Listing[]; price?: Listing[] } = { similar: await nearest(similarHomesFormulas(home)) };
  let picked = pickSimilarWithFallback(home, tiers);
  for (const reason of ['city', 'price'] as const) {
    if (picked.length >= SIMILAR_MAX) break;
    tiers[reason] = await nearest(widerFormulas(home, reason));
    picked = pickSimilarWithFallback(home, tiers);
  }
  return picked;
}

/** How far below the view the foot of the page starts loading (a phone's fast scroll still finds it ready). */
const NEAR_VIEW_MARGIN = '800px 0px';

/** True once the element is within NEAR_VIEW_MARGIN of the view (at once where IntersectionObserver is missing). */
function useNearView(): [(element: HTMLElement | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = (element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || near) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.current?.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.current.observe(element);
  };
  return [ref, near];
}

export function SimilarHomes({ home }: { home: Listing }) {
  // after hydration only: the server's HTML and the first render in the browser have no section
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [nearRef, near] = useNearView();
  const searchable = similarHomesFormulas(home) !== null || widerFormulas(home, 'price') !== null;
  const { state } = useQuery(mounted && searchable && near ? `similar:${home.id}` : null, () => loadSimilarHomes(home), { retries: 1 });
  // a property page opened from these cards starts from its listing
  const shown = state.status === 'success' ? state.data : null;
  const listings = useMemo(() => (shown ? shown.map((s) => s.listing) : null), [shown]);
  useRememberListings(listings);
  if (!mounted || !searchable || state.status === 'error' || (state.status === 'success' && state.data.length === 0)) return null;
  // the foot of the page, empty until it comes near the view
  if (!near && state.status !== 'success') return <div ref={nearRef} data-testid="similar-homes-sentinel" />;
  return (
    <Section tone="light" aria-labelledby="similar-homes-title" data-testid="similar-homes">
      <Container>
        <Eyebrow>Keep looking</Eyebrow>
        <h2 id="similar-homes-title" css={{ marginBottom: theme.space.sm }}>
          Similar homes
        </h2>
        <p css={{ color: theme.color.muted, margin: `0 0 ${theme.space.xl}` }}>{introOf(home, shown)}</p>
        {shown && listings ? (
          <CardGrid listings={listings} captionOf={(listing) => captionOf(home, shown, listing)} />
        ) : (
          <CardSkeletonGrid count={SIMILAR_MAX} label="Loading similar homes..." />
        )}
      </Container>
    </Section>
  );
}

/** What the section says of its homes: the strict rule when they are all its own, else that they are the closest. */
function introOf(home: Listing, shown: readonly SimilarHome[] | null): string {
  if (shown && shown.some((s) => s.reason !== 'similar')) return 'The homes for sale closest to this one: each card says how.';
  return `For sale in ${home.city ?? 'the same city'}, priced within 20\u00a0% of this home, of a similar type.`;
}

function captionOf(home: Listing, shown: readonly SimilarHome[], listing: Listing): string | null {
  const found = shown.find((s) => s.listing.id === listing.id);
  return found ? similarReasonText(found.reason, home) : null;
}
