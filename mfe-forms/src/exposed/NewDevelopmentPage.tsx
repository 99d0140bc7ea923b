/**
 * forms/NewDevelopmentPage (/new-development): PageHero and the interest-registration form, posted to
 * 'new-development'. Required name, email, phone, interestType, propertyType, budget, additionalDetails; optional
 * bedrooms (0-10), bathrooms (0-10, steps of 0.5), preferredLocation. Budget 'Other' reveals a required free
 * field (cleared when another budget is chosen) whose text is sent as the budget. Success: 'Thank you! Your
 * request has been submitted.' replaces the form, reset 3 s later; failure: 'There was a problem submitting your
 * request. Please try again.' above the form, data kept.
 */
import { FormPage } from '../lib/FormPage';
import { LeadPageForm } from '../lib/blocks';
import type { FieldLooks } from '../lib/declaredForm';

export const DEVELOPMENT_TEXTS = {
  success: 'Thank you! Your request has been submitted.',
  failed: 'There was a problem submitting your request. Please try again.',
  exception: () => 'There was a problem submitting your request. Please try again.',
};

const LOOKS: FieldLooks = {
  budget: { customPlaceholder: 'e.g. $750,000', customFull: true },
  preferredLocation: { placeholder: 'e.g. Downtown Oakville', full: true },
  additionalDetails: { rows: 5, placeholder: 'Timing, must-haves, investment goals…' },
};

export function DevelopmentInterestForm() {
  return (
    <LeadPageForm
      path="new-development"
      looks={LOOKS}
      texts={DEVELOPMENT_TEXTS}
      label="Register your interest"
      testId="new-development-form"
      submitLabel="Register Interest"
    />
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
