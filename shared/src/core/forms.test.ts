/**
 * A form is one declaration (FORMS): its rules, empty state, payload, message placement and staff columns all
 * derive from it, so a field added to a form is one entry. (The control a page draws from it: mfe-forms'
 * declaredForm.test.tsx.)
 */
import { SUBMISSION_TABLES, type WebhookPath } from './config';
import {
  FORMS,
  HONEYPOT_FIELD,
  emptyFormValues,
  formInputs,
  formPayload,
  formSchemaOf,
  formStaffColumns,
  inputOfField,
  type FormDeclaration,
  type FormFieldDeclaration,
} from './forms';
import { STAFF_TABLES } from './staffTables';
import { FORM_SCHEMAS, validateField, validateSubmission } from './validation';

const GARAGE: FormFieldDeclaration = { name: 'garageSpaces', kind: 'number', label: 'Garage spaces', required: true, min: 0, max: 6, step: 1 };
/** The home evaluation with one entry added. */
const WITH_GARAGE: FormDeclaration = { form: 'home-evaluation', fields: [...FORMS['home-evaluation'].fields, GARAGE] };

describe('a field added to a form declaration', () => {
  it('is checked by the rules, with the messages of its kind', () => {
    const rule = formSchemaOf(WITH_GARAGE).garageSpaces!;
    expect(rule).toEqual({ kind: 'number', label: 'Garage spaces', required: true, min: 0, max: 6, step: 1 });
    expect(validateField(rule, '')).toBe('Garage spaces is required.');
    expect(validateField(rule, 'two')).toBe('Garage spaces must be a number.');
    expect(validateField(rule, '7')).toBe('Garage spaces must be at most 6.');
    expect(validateField(rule, '2')).toBeNull();
  });

  it('is in the empty state, the payload (a number as a number) and the staff columns, after the others', () => {
    expect(emptyFormValues(WITH_GARAGE)).toEqual({ ...emptyFormValues(FORMS['home-evaluation']), garageSpaces: '' });
    const payload = formPayload(WITH_GARAGE, { ...emptyFormValues(WITH_GARAGE), postalCode: ' l6j 1h2 ', garageSpaces: ' 2 ' });
    expect(payload.garageSpaces).toBe(2);
    expect(payload.postalCode).toBe('L6J 1H2');
    expect(Object.keys(payload).at(-1)).toBe('garageSpaces');
    expect(formStaffColumns(WITH_GARAGE).at(-1)).toEqual({ field: 'garageSpaces', label: 'Garage spaces' });
    expect(inputOfField(WITH_GARAGE, 'garageSpaces', emptyFormValues(WITH_GARAGE))).toBe('garageSpaces');
  });
});

describe('FORMS', () => {
  const paths = Object.keys(SUBMISSION_TABLES) as WebhookPath[];

  it('declares every webhook form, and FORM_SCHEMAS and the staff tables are derived from it', () => {
    expect(Object.keys(FORMS).sort()).toEqual([...paths].sort());
    for (const path of paths) {
      expect(FORMS[path].form).toBe(path);
      expect(FORM_SCHEMAS[path]).toEqual(formSchemaOf(FORMS[path]));
      expect(STAFF_TABLES.find((t) => t.id === path)!.columns.slice(1)).toEqual(formStaffColumns(FORMS[path]));
    }
  });

  it("keeps how a field is asked for out of its rules, and the page's own fields out of the inputs", () => {
    expect(FORM_SCHEMAS['property-finder'].bedroom).toEqual({ kind: 'text', label: 'Bedrooms', required: true, maxLength: 40 });
    expect(formInputs(FORMS['contact-form'])).toEqual(['name', 'email', 'phone', 'subject', 'message']);
    expect(formInputs(FORMS['property-finder'])).toContain('bedroomCustom');
    expect(formInputs(FORMS['property-inquiry'])).not.toContain('propertyId');
  });

  it("sends a 'custom' option's free text instead, and places its message on the free field while it is chosen", () => {
    const lead = FORMS['property-finder'];
    const values = { ...emptyFormValues(lead), bedroom: 'custom', bedroomCustom: ' 7 ', bathroom: '2', bathroomCustom: 'ignored' };
    const payload = formPayload(lead, values, { source: 'lead-form' });
    expect(payload).toMatchObject({ bedroom: '7', bathroom: '2', square_foot: '', source: 'lead-form' });
    expect(inputOfField(lead, 'bedroom', values)).toBe('bedroomCustom');
    expect(inputOfField(lead, 'bathroom', values)).toBe('bathroom');
    expect(inputOfField(lead, 'source', values)).toBeNull();
    const budget = formPayload(FORMS['new-development'], { ...emptyFormValues(FORMS['new-development']), budget: 'Other', budgetOther: ' $750,000 ' });
    expect(budget.budget).toBe('$750,000');
  });

  it('validates a full payload as the receivers do, with every field of the form', () => {
    const form = FORMS['list-with-us'];
    const values = {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '905 555 0101',
      PropertyType: 'Townhouse',
      PropertyAddress: '1 Lakeshore Rd',
      bedrooms: '3',
      bathrooms: '2.5',
      squareFootage: '2,800',
      PropertyDescription: 'Bright.',
    };
    // typed with a comma, the size is sent as typed and read by the rules
    expect(validateSubmission('list-with-us', formPayload(form, values))).toEqual({
      ok: true,
      value: { ...values, bedrooms: 3, bathrooms: 2.5, squareFootage: 2800 },
    });
    const result = validateSubmission('list-with-us', formPayload(form, { ...values, squareFootage: 'large' }));
    expect(result).toEqual({ ok: false, errors: { squareFootage: 'Square footage must be a number.' } });
  });

  it("names the honeypot once, for the forms and the server: 'website'", () => {
    expect(HONEYPOT_FIELD).toBe('website');
  });
});
