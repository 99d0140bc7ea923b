/**
 * The fields a form draws from its declaration: the same names, labels (marked required or optional), types and
 * limits the pages drew by hand, so what is posted and what e2e tests find do not change; and a field added to a
 * declaration is drawn, labelled, with nothing else to write (its rules, payload and staff column: shared
 * core/forms.test.ts).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { FORMS, type FormDeclaration } from '@gta/shared/fields';
import { DeclaredFields, useDeclaredForm } from './declaredForm';
import { ListingRequestForm } from '../exposed/ListWithUsPage';
import { DevelopmentInterestForm } from '../exposed/NewDevelopmentPage';
import { input, mockFetch, ok, posted, useTestConfig } from '../testing/formTestKit';
import type { BoundField } from './useSubmissionForm';

const form = {
  field: (name: string): BoundField => ({ name, value: '', error: undefined, onChange: () => undefined, onBlur: () => undefined }),
  values: {},
  update: () => undefined,
};

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});

describe('the contact details', () => {
  it('are name, email and phone, phone required where the form requires it', () => {
    const { unmount } = render(<DeclaredFields form={form} declaration={FORMS['contact-form']} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('name', 'name');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeRequired();
    unmount();
    render(<DeclaredFields form={form} declaration={FORMS['property-inquiry']} looks={{ name: { focusFirst: true } }} />);
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('data-autofocus', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('autocomplete', 'name');
  });
});

describe('the rooms', () => {
  it('with a size (the selling pages): three required fields, bathrooms in half steps with their hint', () => {
    render(<ListingRequestForm />);
    const baths = screen.getByRole('spinbutton', { name: 'Bathrooms' });
    expect(baths).toBeRequired();
    expect(baths).toHaveAttribute('step', '0.5');
    expect(baths).toHaveAccessibleDescription('Half baths count as 0.5');
    expect(screen.getByRole('spinbutton', { name: 'Square footage' })).toHaveAttribute('name', 'squareFootage');
  });

  it('without (new development): bedrooms and bathrooms, optional', () => {
    render(<DevelopmentInterestForm />);
    expect(screen.getByRole('spinbutton', { name: 'Bedrooms (optional)' })).toHaveAttribute('max', '10');
    expect(screen.getByRole('spinbutton', { name: 'Bathrooms (optional)' })).not.toHaveAccessibleDescription();
    expect(screen.getAllByRole('spinbutton')).toHaveLength(2);
  });
});

/** The contact form with one entry added: a required choice. */
const WITH_TIMING: FormDeclaration = {
  form: 'contact-form',
  fields: [...FORMS['contact-form'].fields, { name: 'timing', kind: 'choice', label: 'When to call', required: true, options: ['Mornings', 'Evenings'] }],
};

function FormWithTiming() {
  const declared = useDeclaredForm(WITH_TIMING, {
    draftKey: 'with-timing',
    fromPage: { source: 'default' },
    texts: { success: 'Sent.', failed: 'Failed.', exception: () => 'Failed.' },
    successMs: null,
    clear: 'now',
  });
  return (
    <form ref={declared.formRef} onSubmit={declared.onSubmit} noValidate>
      <DeclaredFields form={declared} declaration={WITH_TIMING} />
      <button type="submit">Send</button>
      <p>{declared.notice?.text}</p>
    </form>
  );
}

describe('a field added to a declaration', () => {
  it('is drawn as its kind asks, labelled and marked, after the others, and its value is posted under its name', async () => {
    const fetch = mockFetch(ok());
    render(<FormWithTiming />);
    const select = screen.getByRole('combobox', { name: 'When to call' });
    expect(select).toHaveAttribute('name', 'timing');
    expect(select).toBeRequired();
    expect(Array.from(select.querySelectorAll('option')).map((o) => o.textContent)).toEqual(['Select…', 'Mornings', 'Evenings']);
    const fields = Array.from(document.querySelectorAll('input, textarea, select')).map((el) => el.getAttribute('name'));
    expect(fields).toEqual(['name', 'email', 'phone', 'subject', 'message', 'timing']);
    for (const [label, value] of [
      ['Name', 'Ada Lovelace'],
      ['Email', 'ada@example.com'],
      ['Phone', '905 555 0101'],
      ['Subject', 'Selling'],
      ['Message', 'Please call.'],
    ])
      fireEvent.change(input(label!), { target: { value } });
    fireEvent.change(select, { target: { value: 'Evenings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Sent.');
    expect(posted(fetch).body).toMatchObject({ timing: 'Evenings', source: 'default' });
  });
});
