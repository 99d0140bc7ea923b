/**
 * forms/LeadForm: the property-finder / interest form (spec 3 and 5), posted to 'property-finder'.
 * Required name, email, interested_location, bedroom, bathroom, square_foot; optional phone, budget_Range,
 * preferred_school, additional_features. Choosing 'custom' for bedrooms, bathrooms or square footage reveals a
 * free field whose value is sent instead. 'Submitting...' -> 'Thank you! We'll get in touch soon.' and, 2 s later,
 * the form resets (and the lead modal closes through onSettled); on failure the message shows and submit is
 * enabled again with everything kept.
 */
import { theme } from '@gta/shared';
import { FORMS } from '@gta/shared/fields';
import { FieldGrid, FormActions, FormFootnote, FormNoticeLine, HoneypotField, SubmitButton } from '../lib/fields';
import { DeclaredFields, FormPostFields, postedForm, useDeclaredForm, type FieldLooks } from '../lib/declaredForm';
import { isNetworkFailure } from '../lib/submit';
import { NETWORK_ERROR } from '../lib/useSubmissionForm';

export const LEAD_TEXTS = {
  success: "Thank you! We'll get in touch soon.",
  failed: 'Submission failed. Please try again.',
  /** The exception's own message (spec 8), except for the browser's terse fetch failures. */
  exception: (error: unknown) => (!isNetworkFailure(error) && error instanceof Error && error.message ? error.message : NETWORK_ERROR),
};

/** How long the thank-you shows before the form resets and the modal closes (spec 9). */
export const LEAD_SUCCESS_MS = 2000;

const LOOKS: FieldLooks = {
  interested_location: { placeholder: 'e.g. Oakville, Glen Abbey' },
  bedroom: { customPlaceholder: 'e.g. 6' },
  bathroom: { customPlaceholder: 'e.g. 4.5' },
  square_foot: { customPlaceholder: 'e.g. 3,200' },
  budget_Range: { placeholder: 'e.g. $1.5M – $2M' },
  additional_features: { rows: 4, placeholder: 'Pool, home office, walk-out basement…' },
};

export interface LeadFormProps {
  /** Where the lead came from: 'active-listings', 'featured-listings', or the page that shows the form. */
  source?: string;
  /** Called when the thank-you has shown for 2 s (the modal closes then). */
  onSettled?: () => void;
  /** Focus the name field first (inside the dialog). */
  autoFocus?: boolean;
}

export default function LeadForm({ source = 'lead-form', onSettled, autoFocus }: LeadFormProps) {
  const form = useDeclaredForm(FORMS['property-finder'], {
    draftKey: `property-finder:${source}`,
    fromPage: { source },
    texts: LEAD_TEXTS,
    successMs: LEAD_SUCCESS_MS,
    clear: 'after',
    onSettled,
  });
  const settling = form.status === 'success';

  return (
    <form
      ref={form.formRef}
      {...postedForm(FORMS['property-finder'], LEAD_TEXTS)}
      onSubmit={form.onSubmit}
      noValidate
      aria-label="Tell us about your interest"
      data-testid="lead-form"
      data-source={source}
    >
      <FormPostFields declaration={FORMS['property-finder']} fromPage={{ source }} texts={LEAD_TEXTS} />
      <HoneypotField />
      <FieldGrid>
        <DeclaredFields form={form} declaration={FORMS['property-finder']} looks={autoFocus ? { ...LOOKS, name: { focusFirst: true } } : LOOKS} />
      </FieldGrid>
      <div css={{ marginTop: theme.space.lg }}>
        <FormNoticeLine notice={form.notice} />
      </div>
      <FormActions>
        <SubmitButton busy={form.submitting} busyLabel="Submitting..." label="Submit" disabled={settling} />
        <FormFootnote />
      </FormActions>
    </form>
  );
}
