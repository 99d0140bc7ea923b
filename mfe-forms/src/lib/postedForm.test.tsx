/**
 * Issue 39 #2: every lead form is a real POST form to its page, so it works without scripts: the server reads its
 * name and the page's own fields from hidden inputs, and the page it redirects to (?sent={form}) shows its thank-you.
 */
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FORMS } from '@gta/shared/fields';
import ContactForm, { CONTACT_TEXTS } from '../exposed/ContactForm';
import PropertyInquiryForm, { INQUIRY_TEXTS } from '../exposed/PropertyInquiryForm';
import LeadForm from '../exposed/LeadForm';
import { LeadPageForm } from './blocks';
import { FORM_POST_FIELD, SENT_ID } from './declaredForm';
import { useTestConfig } from '../testing/formTestKit';

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});

const formTag = (html: string): string => /<form\b[^>]*>/.exec(html)?.[0] ?? '';
const hidden = (html: string, name: string): string | undefined => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];

describe('the forms in the server’s HTML (no scripts)', () => {
  it.each([
    ['contact-form', <ContactForm key="c" source="about-us" />],
    ['property-inquiry', <PropertyInquiryForm key="p" propertyName="Modern Residence at 691 Shoreacres Road" propertyId="W8100039" />],
    ['property-finder', <LeadForm key="l" source="active-listings" />],
    [
      'home-evaluation',
      <LeadPageForm key="h" path="home-evaluation" looks={{}} texts={{ ...CONTACT_TEXTS }} label="Home evaluation" testId="x" submitLabel="Send" />,
    ],
  ] as const)('%s: a POST form to the page itself (no action, nothing in the URL), naming its form', (form, element) => {
    const html = renderToString(<MemoryRouter initialEntries={['/somewhere']}>{element}</MemoryRouter>);
    const tag = formTag(html);
    expect(tag).toContain('method="post"');
    expect(tag).not.toContain('action=');
    expect(tag).toContain(`data-form="${form}"`);
    expect(hidden(html, FORM_POST_FIELD)).toBe(form);
    // every field the visitor fills has its name (the body the browser sends)
    for (const f of FORMS[form].fields.filter((x) => !x.fromPage && !('offered' in x))) expect(html).toContain(`name="${f.name}"`);
  });

  it('the page’s own fields go as hidden inputs: the inquiry’s property, the contact form’s source', () => {
    const inquiry = renderToString(<PropertyInquiryForm propertyName="Modern Residence" propertyId="W8100039" />);
    expect(hidden(inquiry, 'propertyName')).toBe('Modern Residence');
    expect(hidden(inquiry, 'propertyId')).toBe('W8100039');
    expect(formTag(inquiry)).toContain(`data-sent-text="${INQUIRY_TEXTS.success}"`);
    expect(hidden(renderToString(<ContactForm source="about-us" />), 'source')).toBe('about-us');
  });

  it('on the page the server redirected to (?sent={form}), the form shows its thank-you where #form-sent leads; another form’s does not', () => {
    render(
      <MemoryRouter initialEntries={['/contact-us?sent=contact-form']}>
        <ContactForm source="about-us" />
        <PropertyInquiryForm propertyName="Modern Residence" propertyId="W1" />
      </MemoryRouter>,
    );
    const sent = document.getElementById(SENT_ID);
    expect(sent).toHaveTextContent(CONTACT_TEXTS.success);
    expect(screen.queryByText(INQUIRY_TEXTS.success)).toBeNull();
  });
});
