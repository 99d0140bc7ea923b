/**
 * forms/LeadForm: the property-finder / interest form (spec 3 and 5), posted to 'property-finder'.
 * Required name, email, interested_location, bedroom, bathroom, square_foot; optional phone, budget_Range,
 * preferred_school, additional_features. Choosing 'custom' for bedrooms, bathrooms or square footage reveals a
 * free field whose value is sent instead. 'Submitting...' -> 'Thank you! We'll get in touch soon.' and, 2 s later,
 * the form resets (and the lead modal closes through onSettled); on failure the message shows and submit is
 * enabled again with everything kept.
 */
import { ROOM_OPTIONS, SQUARE_FOOT_OPTIONS, WEBHOOK_PATHS, theme } from '@gta/shared';
import {
  FieldGrid,
  FormActions,
  FormFootnote,
  FormNoticeLine,
  HoneypotField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  toOptions,
} from '../lib/fields';
import { ContactDetailsFields } from '../lib/blocks';
import { isNetworkFailure } from '../lib/submit';
import { NETWORK_ERROR, text, useSubmissionForm, type FormValues } from '../lib/useSubmissionForm';

export const LEAD_TEXTS = {
  success: "Thank you! We'll get in touch soon.",
  failed: 'Submission failed. Please try again.',
  /** The exception's own message (spec 8), except for the browser's terse fetch failures. */
  exception: (error: unknown) => (!isNetworkFailure(error) && error instanceof Error && error.message ? error.message : NETWORK_ERROR),
};

/** How long the thank-you shows before the form resets and the modal closes (spec 9). */
export const LEAD_SUCCESS_MS = 2000;

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  interested_location: '',
  bedroom: '',
  bedroomCustom: '',
  bathroom: '',
  bathroomCustom: '',
  square_foot: '',
  squareFootCustom: '',
  budget_Range: '',
  preferred_school: '',
  additional_features: '',
};
type LeadField = keyof typeof EMPTY;
type LeadValues = FormValues<LeadField>;

/** The option lists with 'custom' and the free field each reveals. */
const CUSTOM_FIELDS = { bedroom: 'bedroomCustom', bathroom: 'bathroomCustom', square_foot: 'squareFootCustom' } as const satisfies Partial<
  Record<LeadField, LeadField>
>;
type ChoiceField = keyof typeof CUSTOM_FIELDS;
const isChoiceField = (field: string): field is ChoiceField => Object.prototype.hasOwnProperty.call(CUSTOM_FIELDS, field);

/** The chosen option, or the free value when 'custom' is chosen. */
const chosen = (v: LeadValues, field: ChoiceField): string => (v[field] === 'custom' ? text(v[CUSTOM_FIELDS[field]]) : v[field]);

export function leadPayload(v: LeadValues, source: string) {
  return {
    name: text(v.name),
    email: text(v.email),
    phone: text(v.phone),
    interested_location: text(v.interested_location),
    bedroom: chosen(v, 'bedroom'),
    bathroom: chosen(v, 'bathroom'),
    square_foot: chosen(v, 'square_foot'),
    budget_Range: text(v.budget_Range),
    preferred_school: text(v.preferred_school),
    additional_features: text(v.additional_features),
    source,
  };
}

const ROOM_LABELS = { custom: 'Custom' };
const SQUARE_FOOT_LABELS = {
  'Up to 500': 'Up to 500 sq ft',
  '1000': '1,000 sq ft',
  '1500': '1,500 sq ft',
  '2000': '2,000 sq ft',
  '2500+': '2,500+ sq ft',
  custom: 'Custom',
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
  const form = useSubmissionForm<LeadField>({
    form: WEBHOOK_PATHS.propertyFinder,
    draftKey: `property-finder:${source}`,
    initial: EMPTY,
    toPayload: (v) => leadPayload(v, source),
    inputFor: (field, v) => {
      if (isChoiceField(field)) return v[field] === 'custom' ? CUSTOM_FIELDS[field] : field;
      return Object.prototype.hasOwnProperty.call(EMPTY, field) ? (field as LeadField) : null;
    },
    texts: LEAD_TEXTS,
    successMs: LEAD_SUCCESS_MS,
    clear: 'after',
    onSettled,
  });
  const settling = form.status === 'success';

  const choice = (field: ChoiceField, label: string, options: readonly string[], labels: Record<string, string>, placeholder: string) => (
    <>
      <SelectField
        field={form.field(field)}
        label={label}
        required
        options={toOptions(options, labels)}
        // Another option hides the free field and forgets what was typed in it.
        onChange={(value) => form.update({ [field]: value, ...(value === 'custom' ? {} : { [CUSTOM_FIELDS[field]]: '' }) })}
      />
      {form.values[field] === 'custom' ? (
        <TextField field={form.field(CUSTOM_FIELDS[field])} label={`${label} (custom)`} required placeholder={placeholder} />
      ) : null}
    </>
  );

  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate aria-label="Tell us about your interest" data-testid="lead-form" data-source={source}>
      <HoneypotField />
      <FieldGrid>
        <ContactDetailsFields form={form} phoneRequired={false} focusName={autoFocus} />
        <TextField field={form.field('interested_location')} label="Interested location" required placeholder="e.g. Oakville, Glen Abbey" />
        {choice('bedroom', 'Bedrooms', ROOM_OPTIONS, ROOM_LABELS, 'e.g. 6')}
        {choice('bathroom', 'Bathrooms', ROOM_OPTIONS, ROOM_LABELS, 'e.g. 4.5')}
        {choice('square_foot', 'Square footage', SQUARE_FOOT_OPTIONS, SQUARE_FOOT_LABELS, 'e.g. 3,200')}
        <TextField field={form.field('budget_Range')} label="Budget range" placeholder="e.g. $1.5M – $2M" />
        <TextField field={form.field('preferred_school')} label="Preferred school" />
        <TextAreaField field={form.field('additional_features')} label="Additional features" rows={4} placeholder="Pool, home office, walk-out basement…" />
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
