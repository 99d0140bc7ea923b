/**
 * The form of a lead page (list with us, new development, home evaluation), drawn from its declaration: the
 * thank-you replacing it, the honeypot, the fields in a grid, Submit and the footnote.
 */
import type { WebhookPath } from '@gta/shared';
import { FORMS } from '@gta/shared/fields';
import { FieldGrid, FormActions, FormFootnote, FormNoticeLine, HoneypotField, SubmitButton } from './fields';
import { DeclaredFields, FormPostFields, postedForm, useDeclaredForm, type FieldLooks } from './declaredForm';
import type { FormTexts } from './useSubmissionForm';

export interface LeadPageFormProps {
  /** The form (its declaration, and its draft's key). */
  path: WebhookPath;
  /** How the page shows its fields beyond their declaration. */
  looks: FieldLooks;
  texts: FormTexts;
  /** The form's accessible name. */
  label: string;
  testId: string;
  submitLabel: string;
}

/**
 * The thank-you replaces the form, reset 3 s later (its fields cleared at once); a failure shows above it with
 * everything kept.
 */
export function LeadPageForm({ path, looks, texts, label, testId, submitLabel }: LeadPageFormProps) {
  const form = useDeclaredForm(FORMS[path], { draftKey: path, texts, successMs: 3000, clear: 'now' });
  return (
    <>
      <FormNoticeLine notice={form.notice} large />
      {form.status === 'success' ? null : (
        <form
          ref={form.formRef}
          {...postedForm(FORMS[path], texts)}
          onSubmit={form.onSubmit}
          noValidate
          aria-label={label}
          data-testid={testId}
          css={{ marginTop: form.notice ? '1.5rem' : 0 }}
        >
          <FormPostFields declaration={FORMS[path]} texts={texts} />
          <HoneypotField />
          <FieldGrid>
            <DeclaredFields form={form} declaration={FORMS[path]} looks={looks} />
          </FieldGrid>
          <FormActions>
            <SubmitButton busy={form.submitting} busyLabel="Submitting..." label={submitLabel} />
            <FormFootnote />
          </FormActions>
        </form>
      )}
    </>
  );
}
