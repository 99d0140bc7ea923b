/**
 * forms/ListWithUsPage (/list-with-us): PageHero and the listing-request form, posted to 'list-with-us'.
 * Every field required (spec 5): bedrooms 0-10, bathrooms 0-10 in steps of 0.5, square footage a number, the
 * property type from its list. Success: 'Thank you! Your listing has been submitted.' replaces the form, which
 * comes back empty 3 s later. Failure: 'There was a problem submitting your listing. Please try again.' above the
 * form, with everything kept.
 */
import { FormPage } from '../lib/FormPage';
import { LeadPageForm } from '../lib/blocks';
import type { FieldLooks } from '../lib/declaredForm';

export const LISTING_TEXTS = {
  success: 'Thank you! Your listing has been submitted.',
  failed: 'There was a problem submitting your listing. Please try again.',
  exception: () => 'There was a problem submitting your listing. Please try again.',
};

/** The rooms and size in one row; bathrooms say how half baths count. */
const LOOKS: FieldLooks = {
  PropertyAddress: { autoComplete: 'street-address', full: true },
  bedrooms: { row: 'trio' },
  bathrooms: { row: 'trio', hint: 'Half baths count as 0.5' },
  squareFootage: { row: 'trio', placeholder: 'e.g. 2800' },
  PropertyDescription: { rows: 6, placeholder: 'Finishes, renovations, lot, views — what makes it special' },
};

export function ListingRequestForm() {
  return (
    <LeadPageForm path="list-with-us" looks={LOOKS} texts={LISTING_TEXTS} label="List your property" testId="list-with-us-form" submitLabel="Submit Listing" />
  );
}

export default function ListWithUsPage() {
  return (
    <FormPage
      testId="list-with-us-page"
      meta={{
        title: 'List With Us',
        description: 'List your Greater Toronto Area home with our team: tell us about your property and we will prepare a tailored marketing plan.',
      }}
      eyebrow="Selling"
      title="List With Us"
      subtitle="Tell us about your property and we will prepare a tailored plan to bring it to market."
      introEyebrow="Your listing"
      introTitle="Presented the way it deserves"
      intro={
        <p>
          From Oakville to Mississauga and Burlington, we market fine homes with professional photography, targeted campaigns and our network of qualified
          buyers. Share a few details and we will be in touch personally.
        </p>
      }
      points={['A personal reply from our team', 'A pricing review based on recent sales', 'No obligation']}
    >
      <ListingRequestForm />
    </FormPage>
  );
}
