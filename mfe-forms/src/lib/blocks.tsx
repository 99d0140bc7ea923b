/**
 * Blocks the forms repeat: the contact details (name, email, phone), the rooms of a property (bedrooms, bathrooms,
 * and on the selling pages its size), and the form of a lead page (the thank-you replacing it, the honeypot, the
 * grid, Submit and the footnote). Each renders the same fields, names and texts the pages rendered themselves.
 */
import type { ReactNode } from 'react';
import { FieldGrid, FieldTrio, FormActions, FormFootnote, FormNoticeLine, HoneypotField, SubmitButton, TextField } from './fields';
import type { BoundField, SubmissionForm } from './useSubmissionForm';

/** A form with the given fields (only `field` is read, so any form holding them fits). */
interface FormWith<K extends string> {
  field: (name: K) => BoundField;
}

/** Name, email and phone; phone required unless told otherwise. */
export function ContactDetailsFields({
  form,
  phoneRequired = true,
  focusName,
}: {
  form: FormWith<'name' | 'email' | 'phone'>;
  phoneRequired?: boolean;
  /** The name field is the one the dialog focuses first (LeadModal). */
  focusName?: boolean;
}) {
  return (
    <>
      <TextField field={form.field('name')} label="Name" required autoComplete="name" focusFirst={focusName} />
      <TextField field={form.field('email')} label="Email" type="email" required autoComplete="email" inputMode="email" />
      <TextField field={form.field('phone')} label="Phone" type="tel" required={phoneRequired} autoComplete="tel" inputMode="tel" />
    </>
  );
}

/** The property's size field beside the rooms (square footage, property size). */
export interface SizeField<K extends string> {
  name: K;
  label: string;
  placeholder: string;
}

/**
 * Bedrooms (0-10) and bathrooms (0-10 in steps of 0.5). With a size field: all three required, in one full-width
 * row, bathrooms saying how half baths count (the selling pages). Without: two optional fields of the grid.
 */
export function RoomFields<K extends string>({ form, size }: { form: FormWith<'bedrooms' | 'bathrooms' | K>; size?: SizeField<K> }) {
  if (!size) {
    return (
      <>
        <TextField field={form.field('bedrooms')} label="Bedrooms" type="number" min={0} max={10} step={1} inputMode="numeric" />
        <TextField field={form.field('bathrooms')} label="Bathrooms" type="number" min={0} max={10} step={0.5} inputMode="decimal" />
      </>
    );
  }
  return (
    <FieldTrio>
      <TextField field={form.field('bedrooms')} label="Bedrooms" type="number" required min={0} max={10} step={1} inputMode="numeric" />
      <TextField
        field={form.field('bathrooms')}
        label="Bathrooms"
        type="number"
        required
        min={0}
        max={10}
        step={0.5}
        inputMode="decimal"
        hint="Half baths count as 0.5"
      />
      <TextField field={form.field(size.name)} label={size.label} type="number" required min={1} inputMode="numeric" placeholder={size.placeholder} />
    </FieldTrio>
  );
}

/**
 * The form of a lead page (list with us, new development, home evaluation): the thank-you replaces it, a failure
 * shows above it; inside, the honeypot, the fields in a grid, then Submit and the footnote.
 */
export function LeadPageForm<K extends string>({
  form,
  label,
  testId,
  submitLabel,
  children,
}: {
  form: SubmissionForm<K>;
  /** The form's accessible name. */
  label: string;
  testId: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormNoticeLine notice={form.notice} large />
      {form.status === 'success' ? null : (
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate aria-label={label} data-testid={testId} css={{ marginTop: form.notice ? '1.5rem' : 0 }}>
          <HoneypotField />
          <FieldGrid>{children}</FieldGrid>
          <FormActions>
            <SubmitButton busy={form.submitting} busyLabel="Submitting..." label={submitLabel} />
            <FormFootnote />
          </FormActions>
        </form>
      )}
    </>
  );
}
