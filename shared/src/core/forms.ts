/**
 * The lead forms, each declared once: its fields in the order its page shows them, each with its label, kind and
 * rules (what validateSubmission checks, spec 5), the options it offers, and its column in the staff table. What
 * the rest of the site needs derives from this list:
 *  - FORM_SCHEMAS (validation.ts): the rules the browser forms and the server's receivers check;
 *  - the form's empty state and the JSON it posts (emptyFormValues, formPayload), its messages' inputs (inputOfField);
 *  - the staff table's columns (staffTables.ts, read by the admin): the time received, then every field in this order;
 *  - the control the page draws (mfe-forms' DeclaredFields): a text box, an email or phone box, a number, a text
 *    area, a select (with its 'custom' free field), a date or a time, from the kind.
 * So adding a field to a form is one entry here (and, where its page lays it out specially, that layout).
 * Framework-free, bundled where used: the server and the forms part (through `@gta/shared/fields`).
 */
import type { WebhookPath } from './config';
import type { FieldRule, FormSchema } from './validation';

/**
 * The honeypot: the name of a text input that people never see and bots fill (mfe-forms' HoneypotField). The forms
 * send it with every submission; the server's receivers answer a submission with it filled as sent, then drop it.
 */
export const HONEYPOT_FIELD = 'website';

export const CONTACT_SOURCES = ['default', 'call-to-action', 'about-us'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export const LISTING_PROPERTY_TYPES = ['Single Family Home', 'Townhouse', 'Condominium', 'Duplex', 'Multi-family', 'Manufactured Home', 'Other'] as const;
export const INTEREST_TYPES = ['Buying', 'Investing', 'Renting', 'VIP Access', 'Other'] as const;
export const DEVELOPMENT_PROPERTY_TYPES = ['Condo', 'Townhouse', 'Detached Home', 'Commercial', 'Other'] as const;
export const DEVELOPMENT_BUDGETS = ['$300,000', '$400,000', 'Other'] as const;
export const ROOM_OPTIONS = ['1', '2', '3', '4', '5+', 'custom'] as const;
export const SQUARE_FOOT_OPTIONS = ['Up to 500', '1000', '1500', '2000', '2500+', 'custom'] as const;

/** How far ahead a showing may be asked for. */
export const SHOWING_DAYS_AHEAD = 365;

/**
 * A free-text field offered as a select: its options, and the option ('custom', 'Other') that reveals a free field
 * whose text is sent instead. The rules stay the field's (a text), so any typed value is checked as text.
 */
export interface OfferedChoices {
  options: readonly string[];
  /** Option labels where they differ from the values. */
  labels?: Readonly<Record<string, string>>;
  /** The option that reveals the free field, and that field's input (its own draft key) and label. */
  custom: { value: string; input: string; label: string };
}

/** One field of a form: its name (the JSON key, the stored column), its rules, and how it is asked for. */
export interface FormFieldDeclaration<N extends string = string> extends FieldRule {
  name: N;
  /** Filled by the page itself, not typed (the contact form's source, the property an inquiry is about): no control. */
  fromPage?: boolean;
  /** A text field offered as a select with a free 'custom' option. */
  offered?: OfferedChoices;
  /** Sent in capitals (postal codes). */
  upperCase?: boolean;
  /** The staff table's label, where it differs from the field's label. */
  staffLabel?: string;
}

export interface FormDeclaration<N extends string = string> {
  form: WebhookPath;
  fields: readonly FormFieldDeclaration<N>[];
}

const SHORT = 200;
const LONG = 5000;

type Extra = Omit<FormFieldDeclaration, 'name' | keyof FieldRule>;
const field = <N extends string>(name: N, rule: FieldRule, extra: Extra = {}): FormFieldDeclaration<N> => ({ name, ...rule, ...extra });

const text = <N extends string>(name: N, label: string, required = true, maxLength = SHORT, extra?: Extra) =>
  field(name, { kind: 'text', label, required, maxLength }, extra);
const longtext = <N extends string>(name: N, label: string, required = true) => field(name, { kind: 'longtext', label, required, maxLength: LONG });
const email = (required = true) => field('email', { kind: 'email', label: 'Email', required, maxLength: 254 });
const phone = (required = true) => field('phone', { kind: 'phone', label: 'Phone', required, maxLength: 40 });
const rooms = <N extends string>(name: N, label: string, required: boolean, step = 1) =>
  field(name, { kind: 'number', label, required, min: 0, max: 10, step });
const size = <N extends string>(name: N, label: string) => field(name, { kind: 'number', label, required: true, min: 1, max: 1_000_000 });
const choice = <N extends string>(name: N, label: string, options: readonly string[], required = true, extra?: Extra) =>
  field(name, { kind: 'choice', label, required, options }, extra);
const upcomingDate = <N extends string>(name: N, label: string, days: number) => field(name, { kind: 'date', label, required: false, upcomingDays: days });
const time = <N extends string>(name: N, label: string, showingDayField?: string) =>
  field(name, { kind: 'time', label, required: false, ...(showingDayField === undefined ? {} : { showingDayField }) });
const contactDetails = (phoneRequired = true) => [text('name', 'Name'), email(), phone(phoneRequired)] as const;

const ROOM_LABELS = { custom: 'Custom' };
const SQUARE_FOOT_LABELS = {
  'Up to 500': 'Up to 500 sq ft',
  '1000': '1,000 sq ft',
  '1500': '1,500 sq ft',
  '2000': '2,000 sq ft',
  '2500+': '2,500+ sq ft',
  custom: 'Custom',
};
/** The lead form's rooms and size: a list with 'Custom', whose free field is sent instead. */
const offeredCustom = (options: readonly string[], labels: Record<string, string>, input: string, label: string): Extra => ({
  offered: { options, labels, custom: { value: 'custom', input, label: `${label} (custom)` } },
});

/** Every form, keyed by its webhook path; each field in the order its page shows it. */
export const FORMS = {
  'contact-form': {
    form: 'contact-form',
    fields: [
      ...contactDetails(),
      text('subject', 'Subject'),
      longtext('message', 'Message'),
      choice('source', 'Source', CONTACT_SOURCES, false, { fromPage: true }),
    ],
  },
  'property-finder': {
    form: 'property-finder',
    fields: [
      ...contactDetails(false),
      text('interested_location', 'Interested location'),
      text('bedroom', 'Bedrooms', true, 40, offeredCustom(ROOM_OPTIONS, ROOM_LABELS, 'bedroomCustom', 'Bedrooms')),
      text('bathroom', 'Bathrooms', true, 40, offeredCustom(ROOM_OPTIONS, ROOM_LABELS, 'bathroomCustom', 'Bathrooms')),
      text('square_foot', 'Square footage', true, 40, offeredCustom(SQUARE_FOOT_OPTIONS, SQUARE_FOOT_LABELS, 'squareFootCustom', 'Square footage')),
      text('budget_Range', 'Budget range', false),
      text('preferred_school', 'Preferred school', false),
      longtext('additional_features', 'Additional features', false),
      text('source', 'Source', false, 60, { fromPage: true }),
    ],
  },
  'list-with-us': {
    form: 'list-with-us',
    fields: [
      ...contactDetails(),
      choice('PropertyType', 'Property type', LISTING_PROPERTY_TYPES),
      text('PropertyAddress', 'Property address'),
      rooms('bedrooms', 'Bedrooms', true),
      rooms('bathrooms', 'Bathrooms', true, 0.5),
      size('squareFootage', 'Square footage'),
      longtext('PropertyDescription', 'Property description'),
    ],
  },
  'new-development': {
    form: 'new-development',
    fields: [
      ...contactDetails(),
      choice('interestType', 'Interest type', INTEREST_TYPES),
      choice('propertyType', 'Property type', DEVELOPMENT_PROPERTY_TYPES),
      text('budget', 'Budget', true, SHORT, {
        offered: { options: DEVELOPMENT_BUDGETS, custom: { value: 'Other', input: 'budgetOther', label: 'Your budget' } },
      }),
      rooms('bedrooms', 'Bedrooms', false),
      rooms('bathrooms', 'Bathrooms', false, 0.5),
      text('preferredLocation', 'Preferred location', false),
      longtext('additionalDetails', 'Additional details'),
    ],
  },
  'home-evaluation': {
    form: 'home-evaluation',
    fields: [
      ...contactDetails(),
      text('address', 'Address'),
      text('city', 'City'),
      text('postalCode', 'Postal code', true, 12, { upperCase: true }),
      rooms('bedrooms', 'Bedrooms', true),
      rooms('bathrooms', 'Bathrooms', true, 0.5),
      size('propertySize', 'Property size'),
      longtext('additionalInfo', 'Additional information', false),
    ],
  },
  'property-inquiry': {
    form: 'property-inquiry',
    fields: [
      ...contactDetails(false),
      text('subject', 'Subject', false),
      longtext('message', 'Message'),
      // a showing: the day and time the visitor would like to see the home (both optional)
      upcomingDate('preferredDate', 'Preferred date', SHOWING_DAYS_AHEAD),
      // a slot within the team's hours of that day, never in the past (showings.ts)
      time('preferredTime', 'Preferred time', 'preferredDate'),
      text('propertyName', 'Property name', false, SHORT, { fromPage: true }),
      text('propertyId', 'Property ID', false, 60, { fromPage: true }),
    ],
  },
} as const satisfies { [P in WebhookPath]: FormDeclaration & { form: P } };

/** The names of a declared form's fields. */
export type DeclaredFieldName<P extends WebhookPath> = (typeof FORMS)[P]['fields'][number]['name'];

/** The rules of a declaration's fields, keyed by name in its order (what validateSubmission checks). */
export function formSchemaOf(declaration: FormDeclaration): FormSchema {
  const schema: FormSchema = {};
  // what is not a rule (how the field is asked for and shown) stays out of the schema
  for (const { name, fromPage: _fromPage, offered: _offered, upperCase: _upperCase, staffLabel: _staffLabel, ...rule } of declaration.fields)
    schema[name] = rule;
  return schema;
}

/** The fields the visitor fills in: every field but the page's own, and the free field a 'custom' option reveals. */
export function formInputs(declaration: FormDeclaration): string[] {
  return declaration.fields.flatMap((f) => (f.fromPage ? [] : f.offered ? [f.name, f.offered.custom.input] : [f.name]));
}

/** The form's empty state: '' for every input. */
export function emptyFormValues(declaration: FormDeclaration): Record<string, string> {
  return Object.fromEntries(formInputs(declaration).map((name) => [name, '']));
}

/** A number input's value as a number when it is one, else the text as typed (the rules then say why). */
export function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/**
 * The JSON a form posts: every field in order; typed text trimmed, numbers as numbers, a choice as chosen, the
 * free field's text where 'custom' is chosen, and the page's own fields from `fromPage`.
 */
export function formPayload(
  declaration: FormDeclaration,
  values: Readonly<Record<string, string>>,
  fromPage: Readonly<Record<string, string>> = {},
): Record<string, string | number> {
  const payload: Record<string, string | number> = {};
  for (const f of declaration.fields) {
    const value = values[f.name] ?? '';
    if (f.fromPage) payload[f.name] = fromPage[f.name] ?? '';
    else if (f.offered) payload[f.name] = value === f.offered.custom.value ? (values[f.offered.custom.input] ?? '').trim() : value;
    else if (f.kind === 'number') payload[f.name] = numberOrText(value);
    else if (f.kind === 'choice') payload[f.name] = value;
    else payload[f.name] = f.upperCase ? value.trim().toUpperCase() : value.trim();
  }
  return payload;
}

/** The input that shows a field's message: the free field while 'custom' is chosen; null for the page's own fields. */
export function inputOfField(declaration: FormDeclaration, name: string, values: Readonly<Record<string, string>>): string | null {
  const found = declaration.fields.find((f) => f.name === name);
  if (!found || found.fromPage) return formInputs(declaration).includes(name) ? name : null;
  return found.offered && values[found.name] === found.offered.custom.value ? found.offered.custom.input : found.name;
}

/** The staff table's columns of a form's fields, in its order (after the time received, staffTables.ts). */
export function formStaffColumns(declaration: FormDeclaration): { field: string; label: string }[] {
  return declaration.fields.map((f) => ({ field: f.name, label: f.staffLabel ?? f.label }));
}
