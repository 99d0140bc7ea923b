/**
 * forms/NewDevelopmentPage (/new-development): PageHero and the interest-registration form, posted to
 * 'new-development'. Required name, email, phone, interestType, propertyType, budget, additionalDetails; optional
 * bedrooms (0-10), bathrooms (0-10, steps of 0.5), preferredLocation. Budget 'Other' reveals a required free
 * field (cleared when another budget is chosen) whose text is sent as the budget. Success: 'Thank you! Your
 * request has been submitted.' replaces the form, reset 3 s later; failure: 'There was a problem submitting your
 * request. Please try again.' above the form, data kept.
 */
import { DEVELOPMENT_BUDGETS, DEVELOPMENT_PROPERTY_TYPES, INTEREST_TYPES, WEBHOOK_PATHS } from '@gta/shared';
import { FormPage } from '../lib/FormPage';
import { ContactDetailsFields, LeadPageForm, RoomFields } from '../lib/blocks';
import { SelectField, TextAreaField, TextField, toOptions } from '../lib/fields';
import { numberOrText, text, useSubmissionForm, type FormValues } from '../lib/useSubmissionForm';

export const DEVELOPMENT_TEXTS = {
  success: 'Thank you! Your request has been submitted.',
  failed: 'There was a problem submitting your request. Please try again.',
  exception: () => 'There was a problem submitting your request. Please try again.',
};

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  interestType: '',
  propertyType: '',
  bedrooms: '',
  bathrooms: '',
  budget: '',
  budgetOther: '',
  preferredLocation: '',
  additionalDetails: '',
};
type DevelopmentField = keyof typeof EMPTY;

export const developmentPayload = (v: FormValues<DevelopmentField>) => ({
  name: text(v.name),
  email: text(v.email),
  phone: text(v.phone),
  interestType: v.interestType,
  propertyType: v.propertyType,
  bedrooms: numberOrText(v.bedrooms),
  bathrooms: numberOrText(v.bathrooms),
  budget: v.budget === 'Other' ? text(v.budgetOther) : v.budget,
  preferredLocation: text(v.preferredLocation),
  additionalDetails: text(v.additionalDetails),
});

export function DevelopmentInterestForm() {
  const form = useSubmissionForm<DevelopmentField>({
    form: WEBHOOK_PATHS.newDevelopment,
    draftKey: 'new-development',
    initial: EMPTY,
    toPayload: developmentPayload,
    inputFor: (field, v) =>
      field === 'budget' && v.budget === 'Other' ? 'budgetOther' : Object.prototype.hasOwnProperty.call(EMPTY, field) ? (field as DevelopmentField) : null,
    texts: DEVELOPMENT_TEXTS,
    successMs: 3000,
    clear: 'now',
  });
  return (
    <LeadPageForm form={form} label="Register your interest" testId="new-development-form" submitLabel="Register Interest">
      <ContactDetailsFields form={form} />
      <SelectField field={form.field('interestType')} label="Interest type" required options={toOptions(INTEREST_TYPES)} />
      <SelectField field={form.field('propertyType')} label="Property type" required options={toOptions(DEVELOPMENT_PROPERTY_TYPES)} />
      <SelectField
        field={form.field('budget')}
        label="Budget"
        required
        options={toOptions(DEVELOPMENT_BUDGETS)}
        onChange={(value) => form.update({ budget: value, ...(value === 'Other' ? {} : { budgetOther: '' }) })}
      />
      {form.values.budget === 'Other' ? <TextField field={form.field('budgetOther')} label="Your budget" required placeholder="e.g. $750,000" full /> : null}
      <RoomFields form={form} />
      <TextField field={form.field('preferredLocation')} label="Preferred location" placeholder="e.g. Downtown Oakville" full />
      <TextAreaField field={form.field('additionalDetails')} label="Additional details" required rows={5} placeholder="Timing, must-haves, investment goals…" />
    </LeadPageForm>
  );
}

export default function NewDevelopmentPage() {
  return (
    <FormPage
      testId="new-development-page"
      meta={{
        title: 'New Development',
        description: 'Register for early access to new condominium, townhouse and detached developments across the Greater Toronto Area.',
      }}
      eyebrow="Our Properties"
      title="New Development"
      subtitle="Register for early access to new releases across the Greater Toronto Area."
      introEyebrow="Early access"
      introTitle="Be first in line"
      intro={
        <p>
          Platinum pricing and first choice of suites and lots go to registered clients before the public launch. Tell us what you are looking for and we will
          match you with upcoming projects.
        </p>
      }
      points={['VIP previews before public release', 'Floor plans and price lists as they are released', 'Guidance on deposit structures']}
    >
      <DevelopmentInterestForm />
    </FormPage>
  );
}
