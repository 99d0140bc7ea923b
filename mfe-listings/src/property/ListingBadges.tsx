/**
 * The 'New' and 'Price reduced' badges of a listing, on its card and its page. Apart from the property page's extras
 * (ListingExtras.tsx), so that a page of cards does not load the price history, open houses and tour.
 */
import { isNewListing, torontoDay } from '@gta/shared/listing-details';
import { theme } from '@gta/shared';
import type { Listing } from '../data/listing';
import { badgeCss } from '../components/StatusBadge';

/** Today in Toronto (the server's render and the browser's first one agree but across midnight). */
const today = (): string => torontoDay(Date.now());

export function NewBadge() {
  return (
    <span data-testid="new-badge" css={{ ...badgeCss, background: theme.color.ink, color: theme.color.ivory }}>
      New
    </span>
  );
}

export function PriceReducedBadge() {
  return (
    <span data-testid="price-reduced-badge" css={{ ...badgeCss, background: theme.color.danger, color: theme.color.paper }}>
      Price reduced
    </span>
  );
}

/** The listing's 'New' and 'Price reduced' badges (none when neither applies). */
export function ListingBadges({ listing, reduced }: { listing: Listing; reduced: boolean }) {
  const fresh = isNewListing(listing.listingDate, today());
  if (!fresh && !reduced) return null;
  return (
    <>
      {fresh ? <NewBadge /> : null}
      {reduced ? <PriceReducedBadge /> : null}
    </>
  );
}
