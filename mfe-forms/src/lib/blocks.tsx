/**
 * The form of a lead page (list with us, new development, home evaluation): the thank-you replacing it, the
 * honeypot, the grid, Submit and the footnote.
 */
import type { ReactNode } from 'react';
import { FieldGrid, FormActions, FormFootnote, FormNoticeLine, HoneypotField, SubmitButton } from './fields';
import type { SubmissionForm } from './useSubmissionForm';

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
