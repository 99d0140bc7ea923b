/**
 * 'Similar homes' at the foot of a property page (the rule: similarRule.ts). Read in the browser once the foot of
 * the page comes near the view (two small records requests, and the records client they need: airtable.js stays off
 * the page's first load), so a server render of a property page waits for nothing more. Nothing is shown when there
 * are none or they cannot be read.
 */
import { useEffect, useRef, useState } from 'react';
import { Container, Eyebrow, Section, theme } from '@gta/shared';
import { listPropertyPage } from '../data/airtable';
import { toListing, type Listing } from '../data/listing';
import { useRememberListings } from '../data/properties';
import { useQuery } from '../data/queryCache';
import { CardGrid, CardSkeletonGrid } from '../components/CardGrid';
import { pickSimilar, similarHomesFormulas, SIMILAR_MAX } from './similarRule';

export async function loadSimilarHomes(home: Listing): Promise<Listing[]> {
  const formulas = similarHomesFormulas(home);
  if (!formulas) return [];
  const [above, below] = await Promise.all([
    listPropertyPage({ filterByFormula: formulas.above, sort: [{ field: 'Price', direction: 'asc' }], pageSize: SIMILAR_MAX }),
    listPropertyPage({ filterByFormula: formulas.below, sort: [{ field: 'Price', direction: 'desc' }], pageSize: SIMILAR_MAX }),
  ]);
  return pickSimilar(home, [...above.records, ...below.records].map(toListing));
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
  const searchable = similarHomesFormulas(home) !== null;
  const { state } = useQuery(mounted && searchable && near ? `similar:${home.id}` : null, () => loadSimilarHomes(home), { retries: 1 });
  // a property page opened from these cards starts from its listing
  useRememberListings(state.status === 'success' ? state.data : null);
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
        <p css={{ color: theme.color.muted, margin: `0 0 ${theme.space.xl}` }}>
          For sale in {home.city}, priced within 20&nbsp;% of this home, of a similar type.
        </p>
        {state.status === 'success' ? <CardGrid listings={state.data} /> : <CardSkeletonGrid count={SIMILAR_MAX} label="Loading similar homes..." />}
      </Container>
    </Section>
  );
}
