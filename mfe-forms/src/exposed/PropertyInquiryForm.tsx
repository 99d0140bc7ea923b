/**
 * forms/PropertyInquiryForm: 'GET IN TOUCH' on the property page. Name, email and message required, phone and
 * subject optional (spec 5); the subject's placeholder names the property. Posted to 'property-inquiry' with the
 * property's id and name (the seed site only logged it and lost the lead). Success shows 'Thank you for your
 * inquiry! We will get back to you soon.' inline (not an alert box) and clears the fields.
 */
import { SCHEDULE_SHOWING_ID, theme, type PropertyInquiryFormProps } from '@gta/shared';
import { FORMS } from '@gta/shared/fields';
import { FieldGrid, FormActions, FormCard, FormFootnote, FormNoticeLine, HoneypotField, SubmitButton } from '../lib/fields';
import { DeclaredFields, FormPostFields, postedForm, useDeclaredForm, type FieldLooks } from '../lib/declaredForm';
import { NETWORK_ERROR } from '../lib/useSubmissionForm';
import { isNetworkFailure } from '../lib/submit';

export const INQUIRY_TEXTS = {
  success: 'Thank you for your inquiry! We will get back to you soon.',
  failed: 'There was a problem sending your inquiry. Please try again.',
  exception: (error: unknown) => (isNetworkFailure(error) ? NETWORK_ERROR : 'There was a problem sending your inquiry. Please try again.'),
};

/** The showing's day and time are drawn in their own fieldset (its day from today to a year ahead, in Toronto). */
const looks = (propertyName: string): FieldLooks => ({
  subject: { placeholder: `Inquiry about ${propertyName}` },
  message: { rows: 5, placeholder: 'I would like to arrange a private showing…' },
  preferredDate: { group: 'showing' },
  preferredTime: { group: 'showing', step: 900, hint: 'We confirm the time with you.' },
});

export default function PropertyInquiryForm({ propertyName = 'this property', propertyId }: Partial<PropertyInquiryFormProps>) {
  const fromPage = { propertyId: propertyId ?? '', propertyName };
  const form = useDeclaredForm(FORMS['property-inquiry'], {
    draftKey: `property-inquiry:${propertyId ?? propertyName}`,
    fromPage,
    texts: INQUIRY_TEXTS,
    successMs: null,
    clear: 'now',
  });
  const fieldLooks = looks(propertyName);

  return (
    <FormCard>
      <p
        css={{
          fontFamily: theme.font.body,
          fontSize: theme.fontSize.xs,
          fontWeight: 600,
          letterSpacing: '0.22em',
          color: theme.color.bronze,
          margin: `0 0 ${theme.space.sm}`,
        }}
      >
        {propertyName}
      </p>
      <h2 id="property-inquiry-heading" css={{ fontSize: theme.fontSize.h3, letterSpacing: '0.06em', marginBottom: theme.space.lg }}>
        GET IN TOUCH
      </h2>
      <form
        ref={form.formRef}
        {...postedForm(FORMS['property-inquiry'], INQUIRY_TEXTS)}
        onSubmit={form.onSubmit}
        noValidate
        aria-labelledby="property-inquiry-heading"
        data-testid="property-inquiry-form"
        data-property-id={propertyId}
      >
        <FormPostFields declaration={FORMS['property-inquiry']} fromPage={fromPage} texts={INQUIRY_TEXTS} />
        <HoneypotField />
        <FieldGrid>
          <DeclaredFields form={form} declaration={FORMS['property-inquiry']} looks={fieldLooks} />
        </FieldGrid>
        {/* a showing: the property page's 'Schedule a showing' brings the visitor here (SCHEDULE_SHOWING_ID) */}
        <fieldset
          id={SCHEDULE_SHOWING_ID}
          css={{ border: 0, margin: `${theme.space.md} 0 0`, padding: 0, minWidth: 0, scrollMarginTop: `calc(${theme.layout.navHeight} + ${theme.space.lg})` }}
        >
          <legend css={{ padding: 0, marginBottom: theme.space.md, fontFamily: theme.font.display, fontSize: theme.fontSize.xl }}>Schedule a showing</legend>
          <FieldGrid>
            <DeclaredFields form={form} declaration={FORMS['property-inquiry']} looks={fieldLooks} group="showing" />
          </FieldGrid>
        </fieldset>
        <div css={{ marginTop: theme.space.lg }}>
          <FormNoticeLine notice={form.notice} />
        </div>
        <FormActions>
          <SubmitButton busy={form.submitting} busyLabel="Sending..." label="Send Inquiry" />
          <FormFootnote />
        </FormActions>
      </form>
    </FormCard>
  );
}
