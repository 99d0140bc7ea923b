/**
 * /favourites: the visitor's shortlist, kept in this browser with no account (the hearts on cards and property
 * pages), shareable as a link; and a shared link, /favourites?ids=rec1,rec2, which shows those listings with
 * 'Save these to my favourites'.
 *
 * The visitor's own list lives in localStorage, which the server cannot read: the server and the hydrating render
 * show the loading state, the list is read in a layout effect and its listings then come from the records API. A
 * shared link names its listings in the URL, so its page is rendered on the server with them (query cache).
 */
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Button,
  ButtonLink,
  Container,
  Eyebrow,
  FAVOURITES_PATH,
  PageHero,
  Section,
  favouritesSharePath,
  idsFromShareParam,
  theme,
  usePageMeta,
} from '@gta/shared';
import { useQuery } from '../data/queryCache';
import { CardGrid, CardSkeletonGrid } from '../components/CardGrid';
import { StateScreen } from '../components/StateScreen';
import { TryAgainButton } from '../components/Actions';
import { COMPARE_MAX, comparePath } from '../favourites/compare';
import { ShareButton } from '../components/ShareButton';
import { forgetFavourites, useFavourites } from '../favourites/favouritesStore';
import { favouritesKey, loadListingsByIds } from '../favourites/favouriteListings';

const homes = (n: number) => `${n} ${n === 1 ? 'home' : 'homes'}`;

function ListHeading({ title, children, headingRef }: { title: string; children?: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <div
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: theme.space.md,
        margin: `0 0 ${theme.space.xl}`,
        paddingBottom: theme.space.md,
        borderBottom: `1px solid ${theme.color.stone}`,
      }}
    >
      <h2 ref={headingRef} tabIndex={-1} css={{ margin: 0, fontSize: theme.fontSize.h3, '&:focus': { outline: 'none' } }}>
        {title}
      </h2>
      {children}
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return <CardSkeletonGrid count={3} label={label} />;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StateScreen role="alert" title="Oops! Something went wrong" actions={<TryAgainButton onClick={onRetry} />}>
      <p>We could not load these listings. Please try again.</p>
    </StateScreen>
  );
}

/** The visitor's own favourites. */
function MyFavourites() {
  const { ids, isSaved } = useFavourites();
  // the listings are read for the ids known so far; a removed heart only hides its card (no new request),
  // an id saved meanwhile (another tab) reads the list again
  const [requested, setRequested] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (ids && (requested === null || ids.some((id) => !requested.includes(id)))) setRequested(ids);
  }, [ids, requested]);
  const key = requested && requested.length > 0 ? favouritesKey(requested) : null;
  const { state, refetch } = useQuery(key, () => loadListingsByIds(requested ?? []));
  const shown = state.status === 'success' ? state.data.listings.filter((l) => isSaved(l.id)) : [];
  const missing = state.status === 'success' ? state.data.missing.length : 0;
  // listings the records API no longer has are taken off the list (said once, below)
  const gone = state.status === 'success' ? state.data.missing : null;
  useEffect(() => {
    if (gone && gone.length > 0) forgetFavourites(gone);
  }, [gone]);

  // a removed card takes the focus of its heart with it: the heading of the list gets it
  const heading = useRef<HTMLHeadingElement>(null);
  const before = useRef(shown.length);
  useEffect(() => {
    if (shown.length < before.current && (document.activeElement === document.body || document.activeElement === null)) heading.current?.focus();
    before.current = shown.length;
  }, [shown.length]);

  if (ids === null || (ids.length > 0 && (requested === null || state.status === 'loading'))) return <Loading label="Loading your favourites..." />;
  if (state.status === 'error' && ids.length > 0) return <LoadFailed onRetry={refetch} />;
  if (ids.length === 0 || shown.length === 0) {
    return (
      <StateScreen
        testId="favourites-empty"
        title="No favourites yet"
        actions={
          <>
            <ButtonLink to="/active-listings">Browse Active Listings</ButtonLink>
            <ButtonLink to="/featured-listings" variant="outline">
              Featured Listings
            </ButtonLink>
          </>
        }
      >
        <p>Tap the heart on any home to keep it here. Your favourites stay in this browser: no account needed.</p>
        {missing > 0 ? <p>{missing === 1 ? 'A home you saved is' : `${homes(missing)} you saved are`} no longer listed.</p> : null}
      </StateScreen>
    );
  }
  return (
    <>
      <ListHeading title="Your favourites" headingRef={heading}>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.sm }}>
          {shown.length >= 2 ? (
            <ButtonLink to={comparePath(shown.map((l) => l.id))} variant="outline" data-testid="compare-favourites">
              {shown.length > COMPARE_MAX ? `Compare the first ${COMPARE_MAX}` : `Compare ${shown.length === 2 ? 'both' : `all ${shown.length}`}`}
            </ButtonLink>
          ) : null}
          <ShareButton label="Share this list" title="My favourite homes" url={() => favouritesSharePath(shown.map((l) => l.id))} />
        </div>
      </ListHeading>
      <p role="status" data-testid="favourites-count" css={{ color: theme.color.muted, margin: `0 0 ${theme.space.lg}` }}>
        {homes(shown.length)} saved in this browser.
        {missing > 0 ? ` ${missing === 1 ? 'One saved home is' : `${homes(missing)} you saved are`} no longer listed.` : ''}
      </p>
      <CardGrid listings={shown} eagerFirst />
    </>
  );
}

/** A shortlist someone shared: its listings, and the button that keeps them in this browser's favourites. */
function SharedShortlist({ ids }: { ids: string[] }) {
  const { ids: mine, addAll } = useFavourites();
  const { state, refetch } = useQuery(ids.length > 0 ? favouritesKey(ids) : null, () => loadListingsByIds(ids));
  const [saved, setSaved] = useState(false);

  if (ids.length === 0) {
    return (
      <StateScreen testId="favourites-empty" title="This link holds no homes" actions={<ButtonLink to="/active-listings">Browse Active Listings</ButtonLink>}>
        <p>The shortlist link is incomplete. Ask for it again, or browse our listings.</p>
      </StateScreen>
    );
  }
  if (state.status === 'loading') return <Loading label="Loading the shortlist..." />;
  if (state.status === 'error') return <LoadFailed onRetry={refetch} />;
  const { listings, missing } = state.data;
  const found = listings.map((l) => l.id);
  const allMine = mine !== null && found.every((id) => mine.includes(id));
  return (
    <>
      <ListHeading title={`A shortlist of ${homes(listings.length)}`}>
        {found.length > 0 && !allMine && !saved ? (
          <Button
            type="button"
            onClick={() => {
              addAll(found);
              setSaved(true);
            }}
          >
            Save these to my favourites
          </Button>
        ) : null}
      </ListHeading>
      <p role="status" data-testid="favourites-count" css={{ color: theme.color.muted, margin: `0 0 ${theme.space.lg}` }}>
        {saved ? (
          <>
            Saved to your favourites. <Link to={FAVOURITES_PATH}>View my favourites</Link>
          </>
        ) : allMine && found.length > 0 ? (
          <>
            All of these are in your favourites. <Link to={FAVOURITES_PATH}>View my favourites</Link>
          </>
        ) : (
          'Someone shared these homes with you.'
        )}
        {missing.length > 0 ? ` ${missing.length === 1 ? 'One home in this link is' : `${homes(missing.length)} in this link are`} no longer listed.` : ''}
      </p>
      {listings.length > 0 ? <CardGrid listings={listings} eagerFirst /> : null}
    </>
  );
}

export default function FavouritesPage() {
  const [params] = useSearchParams();
  const shared = params.has('ids') ? idsFromShareParam(params.get('ids')) : null;
  usePageMeta({
    title: shared ? 'A Shared Shortlist' : 'Favourites',
    description: shared
      ? 'A shortlist of luxury homes in the Greater Toronto Area, shared with you.'
      : 'The homes you saved, kept in this browser: no account needed.',
    canonical: FAVOURITES_PATH,
    // someone's shortlist is no page for a search engine
    noindex: shared !== null,
  });
  return (
    <>
      <PageHero
        eyebrow="Our Properties"
        title="Favourites"
        subtitle={shared ? 'A shortlist of homes someone shared with you.' : 'The homes you saved, kept in this browser. No account needed.'}
        compact
      />
      <Section tone="light" css={{ paddingTop: theme.space.xxl }}>
        <Container>
          <Eyebrow>{shared ? 'Shared with you' : 'Your shortlist'}</Eyebrow>
          {shared ? <SharedShortlist ids={shared} /> : <MyFavourites />}
        </Container>
      </Section>
    </>
  );
}
