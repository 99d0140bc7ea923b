/**
 * forms/ListWithUsPage (/list-with-us): PageHero and the listing-request form, posted to 'list-with-us'.
 * Every field required (spec 5): bedrooms 0-10, bathrooms 0-10 in steps of 0.5, square footage a number, the
 * property type from its list. Success: 'Thank you! Your listing has been submitted.' replaces the form, which
 * comes back empty 3 s later. Failure: 'There was a problem submitting your listing. Please try again.' above the
 * form, with everything kept.
 */
import { LISTING_PROPERTY_TYPES, WEBHOOK_PATHS } from '@gta/shared';
import { FormPage } from '../lib/FormPage';
import { ContactDetailsFields, LeadPageForm, RoomFields } from '../lib/blocks';
import { SelectField, TextAreaField, TextField, toOptions } from '../lib/fields';
import { numberOrText, text, useSubmissionForm, type FormValues } from '../lib/useSubmissionForm';

export const LISTING_TEXTS = {
  success: 'Thank you! Your listing has been submitted.',
  failed: 'There was a problem submitting your listing. Please try again.',
  exception: () => 'There was a problem submitting your listing. Please try again.',
};

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  PropertyAddress: '',
  PropertyType: '',
  bedrooms: '',
  bathrooms: '',
  squareFootage: '',
  PropertyDescription: '',
};
type ListingField = keyof typeof EMPTY;

export const listingPayload = (v: FormValues<ListingField>) => ({
  name: text(v.name),
  email: text(v.email),
  phone: text(v.phone),
  PropertyAddress: text(v.PropertyAddress),
  PropertyType: v.PropertyType,
  bedrooms: numberOrText(v.bedrooms),
  bathrooms: numberOrText(v.bathrooms),
  squareFootage: numberOrText(v.squareFootage),
  PropertyDescription: text(v.PropertyDescription),
});

export function ListingRequestForm() {
  const form = useSubmissionForm<ListingField>({
    form: WEBHOOK_PATHS.listWithUs,
    draftKey: 'list-with-us',
    initial: EMPTY,
    toPayload: listingPayload,
    texts: LISTING_TEXTS,
    successMs: 3000,
    clear: 'now',
  });
  return (
    <LeadPageForm form={form} label="List your property" testId="list-with-us-form" submitLabel="Submit Listing">
      <ContactDetailsFields form={form} />
      <SelectField field={form.field('PropertyType')} label="Property type" required options={toOptions(LISTING_PROPERTY_TYPES)} />
      <TextField field={form.field('PropertyAddress')} label="Property address" required autoComplete="street-address" full />
      <RoomFields form={form} size={{ name: 'squareFootage', label: 'Square footage', placeholder: 'e.g. 2800' }} />
      <TextAreaField
        field={form.field('PropertyDescription')}
        label="Property description"
        required
        rows={6}
        placeholder="Finishes, renovations, lot, views — what makes it special"
      />
    </LeadPageForm>
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
