/**
 * forms/ContactForm: name, email, phone, subject and message, all required (spec 5), posted to 'contact-form'
 * with its source ('default', 'call-to-action' on the home page, 'about-us' on About and Contact).
 * idle -> 'Sending...' (disabled) -> 'Thank you! Your message has been sent.' for 3 s with the fields cleared,
 * or 'Failed to submit. Please try again.' / 'Network error. Please try again.' with what was typed kept.
 */
import { theme, type ContactFormProps } from '@gta/shared';
import { FORMS } from '@gta/shared/fields';
import { FieldGrid, FormActions, FormCard, FormFootnote, FormNoticeLine, HoneypotField, SubmitButton } from '../lib/fields';
import { DeclaredFields, FormPostFields, postedForm, useDeclaredForm, type FieldLooks } from '../lib/declaredForm';
import { NETWORK_ERROR } from '../lib/useSubmissionForm';

export const CONTACT_TEXTS = {
  success: 'Thank you! Your message has been sent.',
  failed: 'Failed to submit. Please try again.',
  exception: () => NETWORK_ERROR,
};

const LOOKS: FieldLooks = { message: { rows: 5 } };

export default function ContactForm({ source = 'default', heading }: Partial<ContactFormProps>) {
  const form = useDeclaredForm(FORMS['contact-form'], {
    draftKey: `contact-form:${source}`,
    fromPage: { source },
    texts: CONTACT_TEXTS,
    successMs: 3000,
    clear: 'now',
  });
  const headingId = `contact-form-heading-${source}`;

  return (
    <FormCard>
      {heading ? (
        <h2 id={headingId} css={{ fontSize: theme.fontSize.h3, marginBottom: theme.space.lg }}>
          {heading}
        </h2>
      ) : null}
      <form
        ref={form.formRef}
        {...postedForm(FORMS['contact-form'], CONTACT_TEXTS)}
        onSubmit={form.onSubmit}
        noValidate
        aria-labelledby={heading ? headingId : undefined}
        aria-label={heading ? undefined : 'Contact form'}
        data-testid="contact-form"
        data-source={source}
      >
        <FormPostFields declaration={FORMS['contact-form']} fromPage={{ source }} texts={CONTACT_TEXTS} />
        <HoneypotField />
        <FieldGrid>
          <DeclaredFields form={form} declaration={FORMS['contact-form']} looks={LOOKS} />
        </FieldGrid>
        <div css={{ marginTop: theme.space.lg }}>
          <FormNoticeLine notice={form.notice} />
        </div>
        <FormActions>
          <SubmitButton busy={form.submitting} busyLabel="Sending..." label="Send Message" />
          <FormFootnote />
        </FormActions>
      </form>
    </FormCard>
  );
}
