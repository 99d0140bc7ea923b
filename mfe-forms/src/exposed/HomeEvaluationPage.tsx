/**
 * forms/HomeEvaluationPage (/home-evaluation): the comparative-market-analysis request, posted to
 * 'home-evaluation' (the seed site sent it nowhere and lost the lead). All fields required except additionalInfo;
 * bedrooms 0-10, bathrooms 0-10 in steps of 0.5, property size a number. Success keeps its text: 'Thank you! Your
 * request has been submitted. We will contact you soon.' replacing the form, reset 3 s later; failure shows above
 * the form with everything kept.
 */
import { WEBHOOK_PATHS } from '@gta/shared';
import { FormPage } from '../lib/FormPage';
import { ContactDetailsFields, LeadPageForm, RoomFields } from '../lib/blocks';
import { TextAreaField, TextField } from '../lib/fields';
import { numberOrText, text, useSubmissionForm, type FormValues } from '../lib/useSubmissionForm';

export const EVALUATION_TEXTS = {
  success: 'Thank you! Your request has been submitted. We will contact you soon.',
  failed: 'There was a problem submitting your request. Please try again.',
  exception: () => 'There was a problem submitting your request. Please try again.',
};

const EMPTY = { name: '', email: '', phone: '', address: '', city: '', postalCode: '', bedrooms: '', bathrooms: '', propertySize: '', additionalInfo: '' };
type EvaluationField = keyof typeof EMPTY;

export const evaluationPayload = (v: FormValues<EvaluationField>) => ({
  name: text(v.name),
  email: text(v.email),
  phone: text(v.phone),
  address: text(v.address),
  city: text(v.city),
  postalCode: text(v.postalCode).toUpperCase(),
  bedrooms: numberOrText(v.bedrooms),
  bathrooms: numberOrText(v.bathrooms),
  propertySize: numberOrText(v.propertySize),
  additionalInfo: text(v.additionalInfo),
});

export function HomeEvaluationForm() {
  const form = useSubmissionForm<EvaluationField>({
    form: WEBHOOK_PATHS.homeEvaluation,
    draftKey: 'home-evaluation',
    initial: EMPTY,
    toPayload: evaluationPayload,
    texts: EVALUATION_TEXTS,
    successMs: 3000,
    clear: 'now',
  });
  return (
    <LeadPageForm form={form} label="Request a home evaluation" testId="home-evaluation-form" submitLabel="Request Evaluation">
      <ContactDetailsFields form={form} />
      <TextField field={form.field('address')} label="Address" required autoComplete="street-address" />
      <TextField field={form.field('city')} label="City" required autoComplete="address-level2" />
      <TextField field={form.field('postalCode')} label="Postal code" required autoComplete="postal-code" placeholder="e.g. L6J 1H2" />
      <RoomFields form={form} size={{ name: 'propertySize', label: 'Property size (sq ft)', placeholder: 'e.g. 2400' }} />
      <TextAreaField field={form.field('additionalInfo')} label="Additional information" rows={5} placeholder="Renovations, upgrades, lot details…" />
    </LeadPageForm>
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
