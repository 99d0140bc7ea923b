/**
 * The home page, composed from three remotes: content's hero and sections, listings' featured properties and a returning
 * visitor's recently viewed homes, forms' contact form.
 * Everything after the hero hydrates when it comes near the viewport (HydrateWhenVisible in @gta/shared).
 */
import { HydrateWhenVisible, siteProfile, usePageMeta } from '@gta/shared';
import { HomeRegions } from './remotes';

export function HomePage() {
  usePageMeta({
    title: `${siteProfile.teamName} · Luxury Real Estate in the Greater Toronto Area`,
    description:
      'Luxury homes for sale in Oakville, Mississauga, Burlington and across Peel, Halton and Niagara, with a team that has sold more than $100 million in homes.',
    canonical: '/',
  });
  return (
    <>
      <HomeRegions.Hero />
      {/* below the fold on every screen (the hero fills the viewport): interactive as they come into view */}
      {/* estimated heights: between a phone's and a desktop's (measured 5,200/2,000, 9,800/5,000 and 1,400/900 px) */}
      <HydrateWhenVisible estimatedHeight={3000}>
        <HomeRegions.FeaturedProperties />
      </HydrateWhenVisible>
      {/* a returning visitor's recently viewed homes (drawn from their browser's storage once seen); for a first visit
          it renders nothing, and its estimated height is 0, so the page below does not move */}
      <HydrateWhenVisible estimatedHeight={0}>
        <HomeRegions.RecentlyViewed />
      </HydrateWhenVisible>
      <HydrateWhenVisible estimatedHeight={7000}>
        <HomeRegions.Sections />
      </HydrateWhenVisible>
      <HydrateWhenVisible estimatedHeight={1100}>
        <HomeRegions.CallToAction>
          <HomeRegions.ContactForm source="call-to-action" />
        </HomeRegions.CallToAction>
      </HydrateWhenVisible>
    </>
  );
}
