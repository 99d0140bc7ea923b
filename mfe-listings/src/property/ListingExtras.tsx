/**
 * What portals show on a listing besides its facts: the 'New' and 'Price reduced' badges, the price history with
 * days on market, the open houses with 'Add to calendar' (.ics), and the virtual tour (an allow-listed player,
 * loaded on click). Rules: @gta/shared/listing-details.
 */
import { useState } from 'react';
import { Button, Eyebrow, formatPrice, longDate, normalisePhotos, pageOrigin, theme } from '@gta/shared';
import {
  OPEN_HOUSE_FIELD,
  VIRTUAL_TOUR_FIELD,
  daysOnMarket,
  openHouseIcsHref,
  parseOpenHouses,
  torontoDay,
  torontoInstant,
  tourEmbed,
  upcomingOpenHouses,
  type ListingHistoryEvent,
  type OpenHouse,
} from '@gta/shared/listing-details';
import type { Listing } from '../data/listing';
import { isSitePhoto, photoAttributes } from '../components/photoImage';

/** Today in Toronto (the server's render and the browser's first one agree but across midnight). */
const today = (): string => torontoDay(Date.now());

export { ListingBadges, NewBadge, PriceReducedBadge } from './ListingBadges';

const dateOf = (iso: string): string => longDate(new Date(Date.parse(`${torontoDay(Date.parse(iso))}T12:00:00Z`)), 'utc');

function eventText(e: ListingHistoryEvent): string {
  if (e.kind === 'listed') return 'Listed';
  if (e.kind === 'status') return e.previousStatus ? `${e.previousStatus} → ${e.status ?? ''}` : `Now ${e.status ?? ''}`;
  if (e.price !== null && e.previousPrice !== null) return e.price < e.previousPrice ? 'Price reduced' : 'Price increased';
  return 'Price changed';
}

function changeText(e: ListingHistoryEvent): string {
  if (e.kind !== 'price' || e.price === null || e.previousPrice === null || e.previousPrice === 0) return '';
  const diff = e.price - e.previousPrice;
  const percent = Math.round((Math.abs(diff) / e.previousPrice) * 1000) / 10;
  return `${diff < 0 ? '−' : '+'}${formatPrice(Math.abs(diff))} (${percent}%)`;
}

/** The change with its amount kept on one line (a phone wraps before the percentage, never after the sign). */
function Change({ text }: { text: string }) {
  const [amount, ...rest] = text.split(' ');
  return text ? (
    <>
      <span css={{ whiteSpace: 'nowrap' }}>{amount}</span> {rest.join(' ')}
    </>
  ) : null;
}

/** 'Price history': days on market, then each change the site saw, newest first. */
export function PriceHistory({ listing, events }: { listing: Listing; events: readonly ListingHistoryEvent[] }) {
  const days = daysOnMarket(listing.listingDate, events, today());
  const rows = [...events].reverse();
  const listed = listing.listingDate ? longDate(new Date(`${listing.listingDate.slice(0, 10)}T12:00:00Z`), 'utc') : null;
  return (
    <section aria-labelledby="price-history-title" data-testid="price-history" css={{ marginTop: theme.space.xl }}>
      <Eyebrow>On the market</Eyebrow>
      <h3 id="price-history-title" css={{ fontSize: theme.fontSize.xl, marginBottom: theme.space.sm }}>
        Price history
      </h3>
      <p data-testid="days-on-market" css={{ margin: `0 0 ${theme.space.md}`, color: theme.color.muted }}>
        {days === null ? 'Days on market: not known yet' : `${days} ${days === 1 ? 'day' : 'days'} on market`}
        {listed ? ` · listed ${listed}` : ''}
      </p>
      {rows.length === 0 ? (
        <p css={{ margin: 0, color: theme.color.muted }}>No price changes recorded yet.</p>
      ) : (
        <table css={{ width: '100%', borderCollapse: 'collapse', fontSize: theme.fontSize.sm }}>
          <caption css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            Price and status changes, newest first
          </caption>
          <thead>
            <tr>
              {['Date', 'Event', 'Price', 'Change'].map((h) => (
                <th
                  key={h}
                  scope="col"
                  css={{
                    textAlign: 'left',
                    padding: `${theme.space.xs} ${theme.space.sm}`,
                    borderBottom: `1px solid ${theme.color.stone}`,
                    color: theme.color.muted,
                  }}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((e, i) => (
              <tr key={`${e.at}-${e.kind}-${i}`} data-testid="price-history-row">
                <td css={{ padding: `${theme.space.xs} ${theme.space.sm}`, borderBottom: `1px solid ${theme.color.stone}` }}>
                  {e.kind === 'listed' && listed ? listed : dateOf(e.at)}
                </td>
                <td css={{ padding: `${theme.space.xs} ${theme.space.sm}`, borderBottom: `1px solid ${theme.color.stone}` }}>{eventText(e)}</td>
                <td css={{ padding: `${theme.space.xs} ${theme.space.sm}`, borderBottom: `1px solid ${theme.color.stone}`, whiteSpace: 'nowrap' }}>
                  {formatPrice(e.price)}
                </td>
                <td css={{ padding: `${theme.space.xs} ${theme.space.sm}`, borderBottom: `1px solid ${theme.color.stone}` }}>
                  <Change text={changeText(e)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const timeText = (time: string): string => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'a.m.' : 'p.m.'}`;
};

function houseText(h: OpenHouse): string {
  const date = longDate(new Date(`${h.day}T12:00:00Z`), 'utc');
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][new Date(`${h.day}T12:00:00Z`).getUTCDay()];
  return `${weekday ?? ''}, ${date}, ${timeText(h.start)} to ${timeText(h.end)}`;
}

/** 'Open houses': the upcoming ones, each with its calendar file. Nothing when the listing has none to come. */
export function OpenHouses({ listing }: { listing: Listing }) {
  const houses = upcomingOpenHouses(parseOpenHouses(listing.fields[OPEN_HOUSE_FIELD]), Date.now());
  if (houses.length === 0) return null;
  const event = { name: listing.name, address: listing.fields.Address ?? listing.location, url: `${pageOrigin()}${listing.path}`, listingId: listing.id };
  return (
    <section aria-labelledby="open-houses-title" data-testid="open-houses" css={{ marginTop: theme.space.xl }}>
      <h3 id="open-houses-title" css={{ fontSize: theme.fontSize.xl, marginBottom: theme.space.sm }}>
        Open houses
      </h3>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space.sm }}>
        {houses.map((h) => (
          <li
            key={`${h.day}-${h.start}`}
            css={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: theme.space.sm,
              padding: `${theme.space.sm} ${theme.space.md}`,
              background: theme.color.paper,
              border: `1px solid ${theme.color.stone}`,
              borderRadius: theme.radius.sm,
            }}
          >
            <time dateTime={new Date(torontoInstant(h.day, h.start)).toISOString()}>{houseText(h)}</time>
            <a
              href={openHouseIcsHref(h, event)}
              download={`open-house-${h.day}.ics`}
              aria-label={`Add the open house of ${houseText(h)} to your calendar`}
              css={{ color: theme.color.bronze, fontWeight: 600 }}
            >
              Add to calendar
            </a>
          </li>
        ))}
      </ul>
      <p css={{ margin: `${theme.space.xs} 0 0`, fontSize: theme.fontSize.xs, color: theme.color.muted }}>Times are Toronto time.</p>
    </section>
  );
}

/** 'Virtual tour': a button that loads the allow-listed player in place (nothing from the provider before the click). */
export function VirtualTour({ listing }: { listing: Listing }) {
  const tour = tourEmbed(listing.fields[VIRTUAL_TOUR_FIELD]);
  const [playing, setPlaying] = useState(false);
  if (!tour) return null;
  return (
    <section aria-labelledby="virtual-tour-title" data-testid="virtual-tour" css={{ marginTop: theme.space.xl }}>
      <h3 id="virtual-tour-title" css={{ fontSize: theme.fontSize.xl, marginBottom: theme.space.sm }}>
        {tour.provider === 'Matterport' ? '3D tour' : 'Video tour'}
      </h3>
      <div css={{ position: 'relative', aspectRatio: '16 / 9', background: theme.color.ink, borderRadius: theme.radius.sm, overflow: 'hidden' }}>
        {playing ? (
          <iframe
            src={tour.embedUrl}
            title={`${tour.provider} tour of ${listing.name}`}
            allow="fullscreen; picture-in-picture; xr-spatial-tracking"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        ) : (
          <div
            css={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: theme.space.sm,
            }}
          >
            <Button type="button" onClick={() => setPlaying(true)}>
              Play the {tour.provider === 'Matterport' ? '3D tour' : 'video tour'}
            </Button>
            <p css={{ margin: 0, color: theme.color.mutedOnDark, fontSize: theme.fontSize.xs }}>Loads the player from {tour.provider}.</p>
          </div>
        )}
      </div>
      <p css={{ margin: `${theme.space.xs} 0 0`, fontSize: theme.fontSize.sm }}>
        <a href={tour.url} target="_blank" rel="noopener noreferrer" css={{ color: theme.color.bronze }}>
          Open the tour on {tour.provider}
        </a>
      </p>
    </section>
  );
}

/** 'Floor plans': the listing's floor plan images (through the photo pipeline, as its photos), when it has them. */
export function FloorPlans({ listing }: { listing: Listing }) {
  const plans = normalisePhotos(listing.fields['Floor Plans']);
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="floor-plans-title" data-testid="floor-plans" css={{ marginTop: theme.space.xl }}>
      <h3 id="floor-plans-title" css={{ fontSize: theme.fontSize.xl, marginBottom: theme.space.sm }}>
        Floor plans
      </h3>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space.md }}>
        {plans.map((url, i) => {
          const image = photoAttributes(url, { width: 1080, min: 480, max: 1920 });
          const label = plans.length === 1 ? `Floor plan of ${listing.name}` : `Floor plan ${i + 1} of ${plans.length}, ${listing.name}`;
          return (
            <li key={url}>
              <a href={isSitePhoto(url) ? `${url}/1920` : url} target="_blank" rel="noopener noreferrer" aria-label={`${label}, full size`}>
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="(min-width: 1024px) 60vw, 100vw"
                  alt={label}
                  loading="lazy"
                  decoding="async"
                  css={{
                    width: '100%',
                    height: 'auto',
                    background: theme.color.paper,
                    border: `1px solid ${theme.color.stone}`,
                    borderRadius: theme.radius.sm,
                  }}
                />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The listing's extra sections on its page: price history (with its badges' reason), open houses, virtual tour, floor plans. */
export function ListingExtras({ listing, events }: { listing: Listing; events: readonly ListingHistoryEvent[] }) {
  return (
    <>
      <PriceHistory listing={listing} events={events} />
      <OpenHouses listing={listing} />
      <VirtualTour listing={listing} />
      <FloorPlans listing={listing} />
    </>
  );
}
