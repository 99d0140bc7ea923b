/**
 * The honeypot every form carries: a text input named 'website' that people never see, reach by keyboard or hear
 * from a screen reader, and that bots fill. It is sent with the submission (empty from a person); the server
 * answers a filled one as if sent and drops it.
 */
import type { ReactElement } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactForm from '../exposed/ContactForm';
import LeadForm from '../exposed/LeadForm';
import PropertyInquiryForm from '../exposed/PropertyInquiryForm';
import { ListingRequestForm } from '../exposed/ListWithUsPage';
import { DevelopmentInterestForm } from '../exposed/NewDevelopmentPage';
import { HomeEvaluationForm } from '../exposed/HomeEvaluationPage';
import { fillAll, mockFetch, ok, posted, useTestConfig } from '../testing/formTestKit';
import { draftStorageKey } from './drafts';

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});

const FORMS: [string, () => ReactElement][] = [
  ['contact form', () => <ContactForm source="default" />],
  ['lead form', () => <LeadForm source="lead-form" />],
  ['property inquiry', () => <PropertyInquiryForm propertyName="12 Lakeshore Rd" propertyId="W8100042" />],
  ['listing request', () => <ListingRequestForm />],
  ['new development', () => <DevelopmentInterestForm />],
  ['home evaluation', () => <HomeEvaluationForm />],
];

describe.each(FORMS)('the %s', (_name, make) => {
  it("has a 'website' trap that is hidden from sight, the keyboard and assistive technology", async () => {
    const { container } = render(make());
    const form = container.querySelector('form')!;
    const trap = form.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('type', 'text');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    const hidden = trap!.closest('[aria-hidden="true"]');
    expect(hidden).not.toBeNull();
    expect(hidden).toHaveAttribute('inert');
    // visually hidden (clipped to nothing off the flow), not display:none, which simple bots skip
    expect(hidden).toHaveStyle({ position: 'absolute', overflow: 'hidden', width: '1px', height: '1px' });
    // not in the accessibility tree: no textbox of that name, and not among the form's textboxes
    expect(within(form).queryByRole('textbox', { name: /website/i })).toBeNull();
    expect(within(form).getAllByRole('textbox')).not.toContain(trap);
    // Tab from the first field to the submit button never stops in it
    const user = userEvent.setup();
    within(form).getAllByRole('textbox')[0]!.focus();
    for (let i = 0; i < 20; i++) {
      expect(document.activeElement).not.toBe(trap);
      await user.tab();
    }
  });
});

describe('what a form sends', () => {
  const VALID = {
    Name: 'Ada Lovelace',
    Email: 'ada@example.com',
    Phone: '905 555 0101',
    Subject: 'Selling in Oakville',
    Message: 'Please call me about my home.',
  };
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

  it("sends 'website' empty from a person", async () => {
    const fetch = mockFetch(ok());
    render(<ContactForm source="default" />);
    fillAll(VALID);
    send();
    await screen.findByText('Thank you! Your message has been sent.');
    expect(posted(fetch).body.website).toBe('');
  });

  it('sends what a bot wrote into it, and keeps it out of the draft', async () => {
    const fetch = mockFetch(ok());
    const { container } = render(<ContactForm source="default" />);
    // scripts that fill every field set the value directly, without the events a person's typing makes
    container.querySelector<HTMLInputElement>('input[name="website"]')!.value = 'http://spam.example';
    fillAll(VALID);
    expect(sessionStorage.getItem(draftStorageKey('contact-form:default'))).not.toContain('spam');
    send();
    await screen.findByText('Thank you! Your message has been sent.');
    expect(posted(fetch).body.website).toBe('http://spam.example');
  });
});
