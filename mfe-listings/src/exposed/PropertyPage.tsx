/**
 * /property/{slug} (spec sections 2, 4, 8, 9): the property whose name has this slug; breadcrumb, hero, gallery,
 * 'Property Information', the three tabs, and 'Contact Information' with the inquiry form and the agent card.
 * Sets the page's title, description and canonical URL, and the listing's schema.org data.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  AgentCard,
  Button,
  ButtonLink,
  Container,
  Eyebrow,
  FALLBACK_PROPERTY_IMAGE,
  HydrateWhenVisible,
  PageHero,
  SCHEDULE_SHOWING_ID,
  Section,
  emit,
  formatNumber,
  formatPrice,
  mq,
  pageOrigin,
  theme,
  usePageMeta,
  type PageMeta,
  visuallyHidden,
} from '@gta/shared';
import { useListingBySlug } from '../data/properties';
import type { Listing } from '../data/listing';
import { StatusBadge, badgeCss } from '../components/StatusBadge';
import { StateScreen } from '../components/StateScreen';
import { GoHomeLink, TryAgainButton } from '../components/Actions';
import { PropertyInquiryForm } from '../components/remotes';
import { Gallery } from '../property/Gallery';
import { PropertyTabs, listingDescription } from '../property/PropertyTabs';
import { listingJsonLd } from '../property/structuredData';
import { recordRecentlyViewed } from '../recent/recentStore';
import { FavouriteButton } from '../favourites/FavouriteButton';
import { ShareButton } from '../components/ShareButton';
import { PaymentEstimate } from '../property/PaymentEstimate';
import { SimilarHomes } from '../property/SimilarHomes';
import { photoAttributes } from '../components/photoImage';
import { PropertyLocationMap } from '../map/PropertyLocationMap';
import { ListingBadges, ListingExtras } from '../property/ListingExtras';
import { usePropertyHistory } from '../data/history';
import { isPriceReduced } from '@gta/shared/listing-details';

/**
 * 'Schedule a showing': to the inquiry form's preferred date and time (forms remote, SCHEDULE_SHOWING_ID), the focus
 * in its first field; to the contact section while that form is not there (still loading, or an older forms remote).
 */
function scheduleShowing(): void {
  const group = document.getElementById(SCHEDULE_SHOWING_ID);
  const target = group ?? document.getElementById('contact-information');
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: group ? 'center' : 'start' });
  group?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
}

/**
 * 'Ask about this home': the chat opens about this listing (the shell loads the chat remote first when it is not on
 * the page yet; the bus keeps the request for it), its input holding a first question that names the home.
 */
function askAboutListing(listing: Listing): void {
  emit({ type: 'chat/ask-about-listing', version: 1, listing: { slug: listing.slug, name: listing.name, address: listing.location, path: listing.path } });
}

function metaFor(listing: Listing | undefined, slug: string, status: 'loading' | 'success' | 'error'): PageMeta {
  if (listing) {
    const facts = [
      formatPrice(listing.price),
      listing.bedrooms !== null ? `${formatNumber(listing.bedrooms)} bedrooms` : null,
      listing.bathrooms !== null ? `${formatNumber(listing.bathrooms)} bathrooms` : null,
      listing.size !== null ? `${formatNumber(listing.size)} sq ft` : null,
    ].filter(Boolean);
    const lead = `${listing.type ?? 'Residence'} in ${listing.location}: ${facts.join(', ')}.`;
    const description = listingDescription(listing);
    const text = description ? `${lead} ${description}` : lead;
    return {
      title: `${listing.name} · ${listing.location}`,
      description: text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text,
      canonical: listing.path,
      // the link preview: the first photo, with the price leading the description
      image: listing.photos[0],
      jsonLd: listingJsonLd(listing, pageOrigin()),
    };
  }
  if (status === 'success') return { title: 'Property Not Found', description: `No property matches “${slug}”.`, noindex: true, status: 404 };
  return { title: 'Property', description: 'Luxury property details, photos and neighbourhood information.', canonical: `/property/${slug}` };
}

function Breadcrumb({ name, onDark = false }: { name: string; onDark?: boolean }) {
  const linkCss = { color: onDark ? theme.color.mutedOnDark : theme.color.muted, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } };
  return (
    <nav aria-label="Breadcrumb" css={{ marginBottom: theme.space.lg }}>
      <ol
        css={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: theme.space.sm,
          fontSize: theme.fontSize.sm,
          'li + li::before': { content: '"/"', marginRight: theme.space.sm, opacity: 0.6 },
        }}
      >
        <li>
          <Link to="/" css={linkCss}>
            Home
          </Link>
        </li>
        <li>
          <Link to="/active-listings" css={linkCss}>
            Active Listings
          </Link>
        </li>
        <li aria-current="page" css={{ color: onDark ? theme.color.ivory : theme.color.ink }}>
          {name}
        </li>
      </ol>
    </nav>
  );
}

function KeyFeature({ label, value }: { label: string; value: string }) {
  return (
    <div css={{ padding: theme.space.lg, background: theme.color.ivory, borderRadius: theme.radius.sm, textAlign: 'center' }}>
      <dd css={{ margin: 0, fontFamily: theme.font.display, fontSize: theme.fontSize.h3, lineHeight: 1.1 }}>{value}</dd>
      <dt css={{ marginTop: theme.space.xs, fontSize: theme.fontSize.xs, letterSpacing: '0.14em', textTransform: 'uppercase', color: theme.color.muted }}>
        {label}
      </dt>
    </div>
  );
}

function PropertyDetails({ listing }: { listing: Listing }) {
  // the visitor's 'Recently viewed' row (localStorage; in the browser only)
  useEffect(() => recordRecentlyViewed(listing.id), [listing.id]);
  // the price history the site kept (asked beside the listing: a server-rendered page carries it), for the badges,
  // the section and days on market
  const history = usePropertyHistory(listing.slug);
  const events = history.state.status === 'success' ? history.state.data : [];
  // the banner behind the title: the first photo at the pipeline's widths (photoImage.ts)
  const heroPhoto = listing.photos[0] ? photoAttributes(listing.photos[0], { width: 1280, min: 480, max: 1920 }) : undefined;
  const photoText =
    listing.photos.length === 0 ? 'No photos available' : `${listing.photos.length} ${listing.photos.length === 1 ? 'photo' : 'photos'} available`;
  return (
    <>
      <PageHero
        eyebrow={[listing.type, listing.city].filter(Boolean).join(' · ') || 'Residence'}
        title={listing.name}
        subtitle={listing.location}
        image={heroPhoto?.src}
        imageSrcSet={heroPhoto?.srcSet}
        imageSizes="100vw"
        imagePlaceholder={listing.photos[0] ? listing.placeholders[listing.photos[0]] : undefined}
        imageFallback={FALLBACK_PROPERTY_IMAGE}
      >
        <p css={{ margin: `${theme.space.lg} 0 0`, fontFamily: theme.font.display, fontSize: theme.fontSize.h3, color: theme.color.gold }}>
          {formatPrice(listing.price)}
        </p>
      </PageHero>
      <Section tone="light" css={{ paddingTop: theme.space.xl }}>
        <Container>
          <Breadcrumb name={listing.name} />
          {/* stacked on a phone: side by side, whether the count fits beside the heading depended on the font
              (it wrapped when the web font replaced the fallback: a layout shift of 0.068) */}
          <div
            css={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              gap: theme.space.xs,
              marginBottom: theme.space.lg,
              [mq.md]: { flexDirection: 'row', alignItems: 'baseline', justifyContent: 'space-between', gap: theme.space.md },
            }}
          >
            <h2 css={{ margin: 0 }}>Property Gallery</h2>
            <p data-testid="photo-availability" css={{ margin: 0, color: theme.color.muted }}>
              {photoText}
            </p>
          </div>
          <Gallery key={listing.id} photos={listing.photos} name={listing.name} placeholders={listing.placeholders} />

          <div
            css={{
              marginTop: theme.space.section,
              display: 'grid',
              gap: theme.space.xxl,
              gridTemplateColumns: 'minmax(0, 1fr)',
              [mq.lg]: { gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr)' },
            }}
          >
            <section aria-labelledby="property-information">
              <Eyebrow>Property Information</Eyebrow>
              <h2 id="property-information" css={visuallyHidden}>
                Property Information
              </h2>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.sm, marginBottom: theme.space.md }}>
                {listing.type ? <span css={{ ...badgeCss, background: theme.color.ink, color: theme.color.ivory }}>{listing.type}</span> : null}
                <StatusBadge status={listing.status} tone={listing.statusTone} />
                <ListingBadges listing={listing} reduced={isPriceReduced(events)} />
              </div>
              <h3 css={{ fontSize: theme.fontSize.h2, marginBottom: theme.space.sm }}>{listing.name}</h3>
              <p css={{ color: theme.color.muted, fontSize: theme.fontSize.lg }}>{listing.location}</p>
              <p data-testid="property-price" css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.h2, margin: `0 0 ${theme.space.lg}` }}>
                {formatPrice(listing.price)}
              </p>
              <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: theme.space.md, marginBottom: theme.space.xl }}>
                <FavouriteButton id={listing.id} name={listing.name} variant="page" />
                <ShareButton title={listing.name} text={`${listing.name}, ${listing.location}: ${formatPrice(listing.price)}`} url={() => listing.path} />
              </div>
              <PropertyTabs listing={listing} />
              <ListingExtras listing={listing} events={events} />
            </section>
            <aside
              aria-labelledby="key-features"
              css={{ [mq.lg]: { position: 'sticky', top: `calc(${theme.layout.navHeight} + ${theme.space.lg})`, alignSelf: 'start' } }}
            >
              <div css={{ background: theme.color.paper, border: `1px solid ${theme.color.stone}`, borderRadius: theme.radius.md, padding: theme.space.lg }}>
                <h3 id="key-features" css={{ fontSize: theme.fontSize.xl, marginBottom: theme.space.md }}>
                  Key Features
                </h3>
                <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: theme.space.sm }}>
                  <KeyFeature label="Bedrooms" value={formatNumber(listing.bedrooms)} />
                  <KeyFeature label="Bathrooms" value={formatNumber(listing.bathrooms)} />
                  <KeyFeature label="Living Area" value={listing.size === null ? 'N/A' : `${formatNumber(listing.size)} sq ft`} />
                  <KeyFeature label="Garage Spaces" value={formatNumber(listing.garage)} />
                </dl>
                <PaymentEstimate price={listing.statusTone === 'sold' ? null : listing.price} />
                <Button
                  type="button"
                  onClick={() => document.getElementById('contact-information')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
                  css={{ width: '100%', marginTop: theme.space.lg }}
                >
                  Enquire about this home
                </Button>
                {listing.statusTone === 'sold' ? null : (
                  <Button type="button" variant="outline" onClick={scheduleShowing} css={{ width: '100%', marginTop: theme.space.sm }}>
                    Schedule a showing
                  </Button>
                )}
                <Button type="button" variant="outline" onClick={() => askAboutListing(listing)} css={{ width: '100%', marginTop: theme.space.sm }}>
                  Ask about this home
                </Button>
              </div>
            </aside>
          </div>
          {/* the map's code is fetched only when this section comes near the view */}
          <PropertyLocationMap listing={listing} />
        </Container>
      </Section>
      {/* below the fold: keeps the server's HTML until it comes near the viewport (the inquiry form is another remote) */}
      <HydrateWhenVisible estimatedHeight={1300}>
        <Section tone="paper" id="contact-information" aria-labelledby="contact-information-title">
          <Container>
            <Eyebrow>Private viewing</Eyebrow>
            <h2 id="contact-information-title">Contact Information</h2>
            <div
              css={{
                display: 'grid',
                gap: theme.space.xxl,
                gridTemplateColumns: 'minmax(0, 1fr)',
                marginTop: theme.space.xl,
                [mq.lg]: { gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
              }}
            >
              {/* a listing without a Property ID is still identified: by its record id */}
              <PropertyInquiryForm propertyName={listing.name} propertyId={listing.propertyId ?? listing.id} />
              <AgentCard />
            </div>
          </Container>
        </Section>
      </HydrateWhenVisible>
      <SimilarHomes key={listing.id} home={listing} />
    </>
  );
}

export default function PropertyPage() {
  const { propertySlug = '' } = useParams<{ propertySlug: string }>();
  const slug = propertySlug.toLowerCase();
  const { state, refetch } = useListingBySlug(slug);
  // started with the listing's own query, not once it is here: the server's render waits for both
  usePropertyHistory(slug);
  const listing = state.status === 'success' ? (state.data ?? undefined) : undefined;
  usePageMeta(metaFor(listing, propertySlug, state.status));

  if (state.status === 'loading') {
    return (
      <>
        <PageHero title="Property Details" eyebrow="Our Properties" compact />
        <Container>
          <p role="status" css={{ textAlign: 'center', color: theme.color.muted, padding: `${theme.space.section} 0`, fontSize: theme.fontSize.lg }}>
            Loading property details...
          </p>
        </Container>
      </>
    );
  }
  if (state.status === 'error') {
    return (
      <>
        <PageHero title="Property Details" eyebrow="Our Properties" compact />
        <StateScreen
          role="alert"
          title="Oops! Something went wrong"
          actions={
            <>
              <TryAgainButton onClick={refetch} />
              <GoHomeLink />
            </>
          }
        >
          <p>Error: {state.error.message}</p>
        </StateScreen>
      </>
    );
  }
  if (!listing) {
    return (
      <>
        <PageHero title="Property Not Found" eyebrow="Our Properties" compact />
        <StateScreen
          testId="property-not-found"
          title="Property Not Found"
          actions={
            <>
              <ButtonLink to="/active-listings">View All Active Listings</ButtonLink>
              <GoHomeLink />
            </>
          }
        >
          <p>We couldn't find a property called “{propertySlug}”. It may have been sold or taken off the market.</p>
        </StateScreen>
      </>
    );
  }
  return <PropertyDetails listing={listing} />;
}
