/**
 * forms/PropertyInquiryForm: 'GET IN TOUCH' on the property page. Name, email and message required, phone and
 * subject optional (spec 5); the subject's placeholder names the property. Posted to 'property-inquiry' with the
 * property's id and name (the seed site only logged it and lost the lead). Success shows 'Thank you for your
 * inquiry! We will get back to you soon.' inline (not an alert box) and clears the fields.
 */
import { useEffect, useState } from 'react';
import { FORM_SCHEMAS, SCHEDULE_SHOWING_ID, WEBHOOK_PATHS, theme, upcomingDayRange, type PropertyInquiryFormProps } from '@gta/shared';
import { FieldGrid, FormActions, FormCard, FormFootnote, FormNoticeLine, HoneypotField, SubmitButton, TextAreaField, TextField } from '../lib/fields';
import { ContactDetailsFields } from '../lib/blocks';
import { NETWORK_ERROR, text, useSubmissionForm } from '../lib/useSubmissionForm';
import { isNetworkFailure } from '../lib/submit';

export const INQUIRY_TEXTS = {
  success: 'Thank you for your inquiry! We will get back to you soon.',
  failed: 'There was a problem sending your inquiry. Please try again.',
  exception: (error: unknown) => (isNetworkFailure(error) ? NETWORK_ERROR : 'There was a problem sending your inquiry. Please try again.'),
};

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '', preferredDate: '', preferredTime: '' };

/** The days a showing may be asked for (today to a year ahead, in Toronto); known in the browser only (the server's HTML has none). */
function useShowingDays(): { min: string; max: string } | null {
  const [days, setDays] = useState<{ min: string; max: string } | null>(null);
  useEffect(() => setDays(upcomingDayRange(FORM_SCHEMAS['property-inquiry'].preferredDate)), []);
  return days;
}

export default function PropertyInquiryForm({ propertyName = 'this property', propertyId }: Partial<PropertyInquiryFormProps>) {
  const form = useSubmissionForm({
    form: WEBHOOK_PATHS.propertyInquiry,
    draftKey: `property-inquiry:${propertyId ?? propertyName}`,
    initial: EMPTY,
    toPayload: (v) => ({
      name: text(v.name),
      email: text(v.email),
      phone: text(v.phone),
      subject: text(v.subject),
      message: text(v.message),
      preferredDate: text(v.preferredDate),
      preferredTime: text(v.preferredTime),
      propertyId: propertyId ?? '',
      propertyName,
    }),
    texts: INQUIRY_TEXTS,
    successMs: null,
    clear: 'now',
  });

  const showingDays = useShowingDays();
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
        onSubmit={form.onSubmit}
        noValidate
        aria-labelledby="property-inquiry-heading"
        data-testid="property-inquiry-form"
        data-property-id={propertyId}
      >
        <HoneypotField />
        <FieldGrid>
          <ContactDetailsFields form={form} phoneRequired={false} />
          <TextField field={form.field('subject')} label="Subject" placeholder={`Inquiry about ${propertyName}`} />
          <TextAreaField field={form.field('message')} label="Message" required rows={5} placeholder="I would like to arrange a private showing…" />
        </FieldGrid>
        {/* a showing: the property page's 'Schedule a showing' brings the visitor here (SCHEDULE_SHOWING_ID) */}
        <fieldset
          id={SCHEDULE_SHOWING_ID}
          css={{ border: 0, margin: `${theme.space.md} 0 0`, padding: 0, minWidth: 0, scrollMarginTop: `calc(${theme.layout.navHeight} + ${theme.space.lg})` }}
        >
          <legend css={{ padding: 0, marginBottom: theme.space.md, fontFamily: theme.font.display, fontSize: theme.fontSize.xl }}>Schedule a showing</legend>
          <FieldGrid>
            <TextField field={form.field('preferredDate')} label="Preferred date" type="date" min={showingDays?.min} max={showingDays?.max} />
            <TextField field={form.field('preferredTime')} label="Preferred time" type="time" step={900} hint="We confirm the time with you." />
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
