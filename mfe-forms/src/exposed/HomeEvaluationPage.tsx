/**
 * forms/HomeEvaluationPage (/home-evaluation): the comparative-market-analysis request, posted to
 * 'home-evaluation' (the seed site sent it nowhere and lost the lead). All fields required except additionalInfo;
 * bedrooms 0-10, bathrooms 0-10 in steps of 0.5, property size a number. Success keeps its text: 'Thank you! Your
 * request has been submitted. We will contact you soon.' replacing the form, reset 3 s later; failure shows above
 * the form with everything kept.
 */
import { FORMS, formPayload } from '@gta/shared/fields';
import { FormPage } from '../lib/FormPage';
import { LeadPageForm } from '../lib/blocks';
import type { FieldLooks } from '../lib/declaredForm';
import type { FormValues } from '../lib/useSubmissionForm';

export const EVALUATION_TEXTS = {
  success: 'Thank you! Your request has been submitted. We will contact you soon.',
  failed: 'There was a problem submitting your request. Please try again.',
  exception: () => 'There was a problem submitting your request. Please try again.',
};

/** What the form posts for what was typed (the postal code in capitals). */
export const evaluationPayload = (values: FormValues<string>) => formPayload(FORMS['home-evaluation'], values);

/** The rooms and size in one row; bathrooms say how half baths count. */
const LOOKS: FieldLooks = {
  address: { autoComplete: 'street-address' },
  city: { autoComplete: 'address-level2' },
  postalCode: { autoComplete: 'postal-code', placeholder: 'e.g. L6J 1H2' },
  bedrooms: { row: 'trio' },
  bathrooms: { row: 'trio', hint: 'Half baths count as 0.5' },
  propertySize: { row: 'trio', label: 'Property size (sq ft)', placeholder: 'e.g. 2400' },
  additionalInfo: { rows: 5, placeholder: 'Renovations, upgrades, lot details…' },
};

export function HomeEvaluationForm() {
  return (
    <LeadPageForm
      path="home-evaluation"
      looks={LOOKS}
      texts={EVALUATION_TEXTS}
      label="Request a home evaluation"
      testId="home-evaluation-form"
      submitLabel="Request Evaluation"
    />
  );
}

export default function HomeEvaluationPage() {
  return (
    <FormPage
      testId="home-evaluation-page"
      meta={{ title: 'Home Evaluation', description: 'Request a free comparative market analysis of your Greater Toronto Area home from our team.' }}
      eyebrow="Selling"
      title="Home Evaluation"
      subtitle="What is your home worth in today's market? Request a complimentary comparative market analysis."
      introEyebrow="Comparative market analysis"
      introTitle="Know your home's value"
      intro={
        <p>
          We compare your home with recent sales and current listings nearby, adjusted for its size, finishes and setting, and walk you through the figures
          personally.
        </p>
      }
      points={['Based on recent sales in your neighbourhood', 'Prepared by our team, not an algorithm', 'Complimentary and confidential']}
    >
      <HomeEvaluationForm />
    </FormPage>
  );
}
