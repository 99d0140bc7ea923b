/**
 * /compare?ids=rec…,rec… : up to four homes side by side (from the favourites page), server-rendered with their
 * listings: price, price per square foot, size, lot, beds, baths, taxes, year built, days on market and features,
 * in one table (a row header per fact, a column header per home), scrollable by keyboard on a phone. noindex: the
 * page is the visitor's own selection.
 */
import { Link, useSearchParams } from 'react-router-dom';
import {
  ButtonLink,
  Container,
  Eyebrow,
  PageHero,
  Section,
  formatNumber,
  formatPrice,
  idsFromShareParam,
  mq,
  theme,
  toNumber,
  usePageMeta,
  visuallyHidden,
} from '@gta/shared';
import { daysOnMarket, torontoDay } from '@gta/shared/listing-details';
import { useQuery } from '../data/queryCache';
import { loadListingsByIds } from '../favourites/favouriteListings';
import type { Listing } from '../data/listing';
import { PropertyImage } from '../components/PropertyImage';
import { StatusBadge } from '../components/StatusBadge';
import { StateScreen } from '../components/StateScreen';
import { TryAgainButton } from '../components/Actions';
import { COMPARE_MAX, COMPARE_PATH, comparePath } from '../favourites/compare';
import { ListingBadges } from '../property/ListingBadges';
import { usePriceReduced } from '../data/history';

const numberOrNull = (v: unknown): number | null => toNumber(v);

function features(listing: Listing): string[] {
  const text = listing.fields.Features;
  if (typeof text !== 'string' || text.trim() === '' || text.trim().toLowerCase() === 'not specified') return [];
  return text
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

interface Row {
  label: string;
  value: (l: Listing) => string;
  /** The best value of the row is marked (lowest price, largest size…): which way is better. */
  best?: { of: (l: Listing) => number | null; better: 'low' | 'high' };
}

const today = (): string => torontoDay(Date.now());

const ROWS: readonly Row[] = [
  { label: 'Price', value: (l) => formatPrice(l.price), best: { of: (l) => l.price, better: 'low' } },
  {
    label: 'Price per sq ft',
    value: (l) => (l.price !== null && l.size ? `$${formatNumber(Math.round(l.price / l.size))}` : 'N/A'),
    best: { of: (l) => (l.price !== null && l.size ? l.price / l.size : null), better: 'low' },
  },
  { label: 'Living area', value: (l) => (l.size === null ? 'N/A' : `${formatNumber(l.size)} sq ft`), best: { of: (l) => l.size, better: 'high' } },
  {
    label: 'Lot',
    value: (l) => {
      const acres = numberOrNull(l.fields['Lot Size (acres)']);
      return acres === null ? 'N/A' : `${formatNumber(acres)} ${acres === 1 ? 'acre' : 'acres'}`;
    },
    best: { of: (l) => numberOrNull(l.fields['Lot Size (acres)']), better: 'high' },
  },
  { label: 'Bedrooms', value: (l) => formatNumber(l.bedrooms), best: { of: (l) => l.bedrooms, better: 'high' } },
  { label: 'Bathrooms', value: (l) => formatNumber(l.bathrooms), best: { of: (l) => l.bathrooms, better: 'high' } },
  {
    label: 'Property taxes',
    value: (l) => {
      const tax = numberOrNull(l.fields['Tax Amount']);
      return tax === null ? 'N/A' : `${formatPrice(tax)} / year`;
    },
    best: { of: (l) => numberOrNull(l.fields['Tax Amount']), better: 'low' },
  },
  { label: 'Year built', value: (l) => (numberOrNull(l.fields['Year Built']) === null ? 'N/A' : String(l.fields['Year Built'])) },
  { label: 'Garage', value: (l) => formatNumber(l.garage) },
  {
    label: 'Days on market',
    value: (l) => {
      const days = daysOnMarket(l.listingDate, [], today());
      return days === null ? 'N/A' : String(days);
    },
  },
];

function bestIndexes(row: Row, listings: readonly Listing[]): Set<number> {
  if (!row.best || listings.length < 2) return new Set();
  const values = listings.map(row.best.of);
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return new Set();
  const target = row.best.better === 'low' ? Math.min(...known) : Math.max(...known);
  if (known.every((v) => v === target)) return new Set();
  return new Set(values.flatMap((v, i) => (v === target ? [i] : [])));
}

const cell = {
  padding: `${theme.space.sm} ${theme.space.md}`,
  borderBottom: `1px solid ${theme.color.stone}`,
  verticalAlign: 'top' as const,
  textAlign: 'left' as const,
};

/** A home's 'New' and 'Price reduced' badges, as on its card. */
function HomeBadges({ listing }: { listing: Listing }) {
  return <ListingBadges listing={listing} reduced={usePriceReduced(listing.id)} />;
}

/** The row headers stay in view while a phone scrolls the homes sideways. */
const rowHeader = {
  ...cell,
  position: 'sticky' as const,
  left: 0,
  zIndex: 1,
  background: theme.color.paper,
  width: '7.5rem',
  fontSize: theme.fontSize.xs,
  letterSpacing: '0.12em',
  textTransform: 'uppercase' as const,
  color: theme.color.muted,
};

function CompareTable({ listings, ids }: { listings: readonly Listing[]; ids: readonly string[] }) {
  const caption = `${listings.length} homes side by side. The best value of a row is marked “best”.`;
  return (
    <>
      <p id="compare-caption" css={{ margin: `0 0 ${theme.space.md}`, color: theme.color.muted }}>
        {caption}
        {listings.length > 1 ? <span css={{ [mq.lg]: { display: 'none' } }}> Swipe sideways to see every home.</span> : null}
      </p>
      {/* a region a keyboard can scroll: four columns do not fit a phone */}
      <div
        role="region"
        aria-labelledby="compare-caption"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take the focus to be scrolled by keyboard
        tabIndex={0}
        css={{ overflowX: 'auto', '&:focus-visible': { outline: `2px solid ${theme.color.focus}` } }}
      >
        <CompareGrid listings={listings} ids={ids} caption={caption} />
      </div>
    </>
  );
}

function CompareGrid({ listings, ids, caption }: { listings: readonly Listing[]; ids: readonly string[]; caption: string }) {
  return (
    <table
      data-testid="compare-table"
      css={{ borderCollapse: 'collapse', width: '100%', minWidth: `${7.5 + listings.length * 12}rem`, background: theme.color.paper }}
    >
      <caption css={visuallyHidden}>{caption}</caption>
      <thead>
        <tr>
          <td css={rowHeader} />
          {listings.map((l) => (
            <th key={l.id} scope="col" data-testid="compare-home" css={{ ...cell, width: `${90 / listings.length}%` }}>
              <div
                css={{ aspectRatio: '3 / 2', overflow: 'hidden', borderRadius: theme.radius.sm, marginBottom: theme.space.sm, background: theme.color.stone }}
              >
                <PropertyImage src={l.cover} alt="" css={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </div>
              <Link to={l.path} css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.xl, lineHeight: 1.15, textDecoration: 'none' }}>
                {l.name}
              </Link>
              <p css={{ margin: `${theme.space.xs} 0`, fontWeight: 400, color: theme.color.muted, fontSize: theme.fontSize.sm }}>{l.location}</p>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.xs }}>
                <StatusBadge status={l.status} tone={l.statusTone} />
                <HomeBadges listing={l} />
              </div>
              {ids.length > 1 ? (
                <p css={{ margin: `${theme.space.sm} 0 0`, fontWeight: 400, fontSize: theme.fontSize.sm }}>
                  <Link
                    to={comparePath(ids.filter((id) => id !== l.id))}
                    aria-label={`Remove ${l.name} from the comparison`}
                    css={{ color: theme.color.bronze }}
                  >
                    Remove
                  </Link>
                </p>
              ) : null}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => {
          const best = bestIndexes(row, listings);
          return (
            <tr key={row.label}>
              <th scope="row" css={rowHeader}>
                {row.label}
              </th>
              {listings.map((l, i) => (
                <td key={l.id} data-row={row.label} css={{ ...cell, fontWeight: best.has(i) ? 600 : 400 }}>
                  {row.value(l)}
                  {best.has(i) ? <span css={{ marginLeft: theme.space.xs, fontSize: theme.fontSize.xs, color: theme.color.success }}>best</span> : null}
                </td>
              ))}
            </tr>
          );
        })}
        <tr>
          <th scope="row" css={rowHeader}>
            Features
          </th>
          {listings.map((l) => {
            const list = features(l);
            return (
              <td key={l.id} data-row="Features" css={cell}>
                {list.length === 0 ? (
                  'N/A'
                ) : (
                  <ul css={{ margin: 0, paddingLeft: '1.1em', fontSize: theme.fontSize.sm }}>
                    {list.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                )}
              </td>
            );
          })}
        </tr>
      </tbody>
    </table>
  );
}

export default function ComparePage() {
  const [params] = useSearchParams();
  const ids = idsFromShareParam(params.get('ids')).slice(0, COMPARE_MAX);
  usePageMeta({
    title: 'Compare Homes',
    description: 'Luxury homes in the Greater Toronto Area side by side: price, price per square foot, size, lot, rooms, taxes and features.',
    canonical: COMPARE_PATH,
    noindex: true,
  });
  const { state, refetch } = useQuery(ids.length > 0 ? `compare:${ids.join(',')}` : null, () => loadListingsByIds(ids));
  const listings = state.status === 'success' ? state.data.listings : [];
  return (
    <>
      <PageHero eyebrow="Our Properties" title="Compare Homes" subtitle="Up to four homes side by side." compact />
      <Section tone="light" css={{ paddingTop: theme.space.xxl }}>
        <Container>
          <Eyebrow>Side by side</Eyebrow>
          {ids.length === 0 ? (
            <StateScreen
              testId="compare-empty"
              title="Nothing to compare yet"
              actions={
                <>
                  <ButtonLink to="/favourites">Compare your favourites</ButtonLink>
                  <ButtonLink to="/active-listings" variant="outline">
                    Browse Active Listings
                  </ButtonLink>
                </>
              }
            >
              <p>Save homes with the heart, then compare up to four of them from your favourites.</p>
            </StateScreen>
          ) : state.status === 'loading' ? (
            <p role="status" css={{ color: theme.color.muted }}>
              Loading the homes...
            </p>
          ) : state.status === 'error' ? (
            <StateScreen role="alert" title="The homes could not be loaded" actions={<TryAgainButton onClick={refetch} />}>
              <p>Error: {state.error.message}</p>
            </StateScreen>
          ) : (
            <>
              {state.data.missing.length > 0 ? (
                <p role="status" css={{ color: theme.color.muted }}>
                  {state.data.missing.length === 1 ? 'One home is' : `${state.data.missing.length} homes are`} no longer listed.
                </p>
              ) : null}
              {listings.length > 0 ? <CompareTable listings={listings} ids={listings.map((l) => l.id)} /> : null}
            </>
          )}
        </Container>
      </Section>
    </>
  );
}
