/** The home page, composed from three remotes: content's hero and sections, listings' featured properties, forms' contact form. */
import { siteProfile, usePageMeta } from '@gta/shared';
import { HomeRegions } from './remotes';

export function HomePage() {
  usePageMeta({
    title: `${siteProfile.teamName} · Luxury Real Estate in the Greater Toronto Area`,
    description: 'Luxury homes for sale in Oakville, Mississauga, Burlington and across Peel, Halton and Niagara, with a team that has sold more than $100 million in homes.',
    canonical: '/',
  });
  return (
    <>
      <HomeRegions.Hero />
      <HomeRegions.FeaturedProperties />
      <HomeRegions.Sections />
      <HomeRegions.CallToAction>
        <HomeRegions.ContactForm source="call-to-action" />
      </HomeRegions.CallToAction>
    </>
  );
}
