import { act, fireEvent, render, screen } from '@testing-library/react';
import { validateSubmission } from '@gta/shared';
import HomeEvaluationPage, { evaluationPayload } from './HomeEvaluationPage';
import { fill, fillAll, input, mockFetch, mockFetchFailure, mockFetchPending, ok, posted, useTestConfig, WEBHOOK_BASE } from '../testing/formTestKit';
import { draftStorageKey } from '../lib/drafts';

const VALID = {
  Name: 'Ada Lovelace',
  Email: 'ada@example.com',
  Phone: '905 555 0101',
  Address: '48 Navy St',
  City: 'Oakville',
  'Postal code': 'l6j 2y9',
  Bedrooms: '4',
  Bathrooms: '2.5',
  'Property size (sq ft)': '2400',
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /request evaluation|submitting/i }));

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('HomeEvaluationPage', () => {
  it('requires everything but the additional information', () => {
    mockFetch(ok());
    render(<HomeEvaluationPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Home Evaluation' })).toBeInTheDocument();
    submit();
    for (const label of Object.keys(VALID)) expect(input(label)).toHaveAttribute('aria-invalid', 'true');
    expect(input('Additional information')).not.toHaveAttribute('aria-invalid');
  });

  it('posts the request to home-evaluation (the seed lost it) and keeps its success text', async () => {
    const fetch = mockFetch(ok());
    render(<HomeEvaluationPage />);
    fillAll({ ...VALID, 'Additional information': 'New kitchen in 2023.' });
    submit();
    expect(await screen.findByText('Thank you! Your request has been submitted. We will contact you soon.')).toBeInTheDocument();
    expect(screen.queryByTestId('home-evaluation-form')).toBeNull();
    const { url, body } = posted(fetch);
    expect(url).toBe(`${WEBHOOK_BASE}/home-evaluation`);
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '905 555 0101',
      address: '48 Navy St',
      city: 'Oakville',
      postalCode: 'L6J 2Y9',
      bedrooms: 4,
      bathrooms: 2.5,
      propertySize: 2400,
      additionalInfo: 'New kitchen in 2023.',
      website: '', // the honeypot, empty from a person
    });
  });

  it('a failure shows the error with the data kept', async () => {
    mockFetch({ status: 502 });
    render(<HomeEvaluationPage />);
    fillAll(VALID);
    submit();
    expect(await screen.findByText('There was a problem submitting your request. Please try again.')).toBeInTheDocument();
    expect(input('Address')).toHaveValue('48 Navy St');
  });

  it('shows, next to each field, the very message the shared rules (and so the server) give', () => {
    const fetch = mockFetch(ok());
    render(<HomeEvaluationPage />);
    fillAll({ ...VALID, Email: 'ada@', Bedrooms: '12', Bathrooms: '1.25', 'Property size (sq ft)': '' });
    submit();
    const values = {
      name: 'Ada Lovelace',
      email: 'ada@',
      phone: '905 555 0101',
      address: '48 Navy St',
      city: 'Oakville',
      postalCode: 'l6j 2y9',
      bedrooms: '12',
      bathrooms: '1.25',
      propertySize: '',
      additionalInfo: '',
    };
    const result = validateSubmission('home-evaluation', evaluationPayload(values));
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : result.errors;
    expect(Object.keys(errors).sort()).toEqual(['bathrooms', 'bedrooms', 'email', 'propertySize']);
    const labels: Record<string, string> = { email: 'Email', bedrooms: 'Bedrooms', bathrooms: 'Bathrooms', propertySize: 'Property size (sq ft)' };
    for (const [field, message] of Object.entries(errors)) {
      const control = input(labels[field]!);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      const described = document.getElementById(control.getAttribute('aria-describedby')!);
      expect(described).toHaveAttribute('role', 'alert');
      expect(described).toHaveTextContent(message);
    }
    expect(input('Email')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("'Submitting...' disabled, a double click sends once, the thank-you replaces the form and an empty form is back 3 s later", async () => {
    jest.useFakeTimers();
    const { fn, resolve } = mockFetchPending();
    render(<HomeEvaluationPage />);
    fillAll(VALID);
    const button = screen.getByRole('button', { name: 'Request Evaluation' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(fn).toHaveBeenCalledTimes(1);
    await act(async () => resolve(ok()));
    expect(screen.getByText('Thank you! Your request has been submitted. We will contact you soon.')).toHaveFocus();
    expect(screen.queryByTestId('home-evaluation-form')).toBeNull();
    expect(sessionStorage.getItem(draftStorageKey('home-evaluation'))).toBeNull();
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.queryByTestId('home-evaluation-form')).toBeNull();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Thank you! Your request has been submitted. We will contact you soon.')).toBeNull();
    expect(input('Name')).toHaveValue('');
    expect(input('Bedrooms')).toHaveValue(null);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a lost network shows the failure above the form, keeps every field and a draft, and the retry goes through', async () => {
    mockFetchFailure();
    const first = render(<HomeEvaluationPage />);
    fillAll(VALID);
    fill('Additional information', 'Pool added in 2021.');
    submit();
    const message = await screen.findByText('There was a problem submitting your request. Please try again.');
    expect(message.compareDocumentPosition(screen.getByTestId('home-evaluation-form')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const [label, value] of Object.entries(VALID))
      expect(input(label)).toHaveValue(['Bedrooms', 'Bathrooms', 'Property size (sq ft)'].includes(label) ? Number(value) : value);
    expect(screen.getByRole('button', { name: 'Request Evaluation' })).toBeEnabled();
    first.unmount();

    // the visitor reloads once the connection is back: everything typed is there and sending works
    const fetch = mockFetch(ok());
    render(<HomeEvaluationPage />);
    expect(input('Address')).toHaveValue('48 Navy St');
    expect(input('Additional information')).toHaveValue('Pool added in 2021.');
    submit();
    await screen.findByText('Thank you! Your request has been submitted. We will contact you soon.');
    expect(posted(fetch).body).toMatchObject({ address: '48 Navy St', additionalInfo: 'Pool added in 2021.', bathrooms: 2.5 });
  });
});
