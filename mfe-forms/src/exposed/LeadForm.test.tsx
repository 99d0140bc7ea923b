import { act, fireEvent, render, screen } from '@testing-library/react';
import LeadForm from './LeadForm';
import { fill, fillAll, input, mockFetch, mockFetchFailure, mockFetchPending, ok, posted, useTestConfig, WEBHOOK_BASE } from '../testing/formTestKit';
import { draftStorageKey } from '../lib/drafts';

const REQUIRED = {
  Name: 'Grace Hopper',
  Email: 'grace@example.com',
  'Interested location': 'Oakville',
  Bedrooms: '3',
  Bathrooms: '2',
  'Square footage': '2000',
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^submit/i }));

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('LeadForm', () => {
  it('offers the spec option lists', () => {
    render(<LeadForm />);
    const values = (label: string) => [...(input(label) as unknown as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(values('Bedrooms')).toEqual(['1', '2', '3', '4', '5+', 'custom']);
    expect(values('Bathrooms')).toEqual(['1', '2', '3', '4', '5+', 'custom']);
    expect(values('Square footage')).toEqual(['Up to 500', '1000', '1500', '2000', '2500+', 'custom']);
  });

  it('requires name, email, location, bedrooms, bathrooms and square footage; phone and the rest are optional', () => {
    const fetch = mockFetch(ok());
    render(<LeadForm />);
    submit();
    for (const label of ['Name', 'Email', 'Interested location', 'Bedrooms', 'Bathrooms', 'Square footage'])
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Phone', 'Budget range', 'Preferred school', 'Additional features']) expect(input(label)).not.toHaveAttribute('aria-invalid');
    expect(input('Name')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("'custom' reveals a free field whose value is sent instead; another option hides and forgets it", async () => {
    const fetch = mockFetch(ok());
    render(<LeadForm source="active-listings" />);
    fillAll(REQUIRED);
    expect(screen.queryByLabelText(/Bedrooms \(custom\)/)).toBeNull();
    fill('Bedrooms', 'custom');
    fill('Bathrooms', 'custom');
    fill('Square footage', 'custom');
    fill('Bedrooms (custom)', '7');
    fill('Bathrooms (custom)', '5.5');
    fill('Square footage (custom)', '6500');
    // change of mind on square footage: the free field goes, its text is dropped
    fill('Square footage', '2500+');
    expect(screen.queryByLabelText(/Square footage \(custom\)/)).toBeNull();
    fill('Square footage', 'custom');
    expect(input('Square footage (custom)')).toHaveValue('');
    fill('Square footage (custom)', '7200');
    fillAll({ Phone: '416-555-0199', 'Budget range': '$2M - $3M', 'Preferred school': 'Appleby College', 'Additional features': 'Pool' });
    submit();
    await screen.findByText("Thank you! We'll get in touch soon.");
    const { url, body } = posted(fetch);
    expect(url).toBe(`${WEBHOOK_BASE}/property-finder`);
    expect(body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '416-555-0199',
      interested_location: 'Oakville',
      bedroom: '7',
      bathroom: '5.5',
      square_foot: '7200',
      budget_Range: '$2M - $3M',
      preferred_school: 'Appleby College',
      additional_features: 'Pool',
      source: 'active-listings',
      website: '', // the honeypot, empty from a person
    });
  });

  it('an empty custom field gets the message, not the select', () => {
    mockFetch(ok());
    render(<LeadForm />);
    fillAll(REQUIRED);
    fill('Bedrooms', 'custom');
    submit();
    expect(input('Bedrooms (custom)')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Bedrooms (custom)')).toHaveFocus();
    expect(screen.getByText('Bedrooms is required.')).toBeInTheDocument();
    expect(input('Bedrooms')).not.toHaveAttribute('aria-invalid');
  });

  it("'Submitting...' then the thank-you; 2 s later onSettled and the form resets", async () => {
    jest.useFakeTimers();
    const { fn, resolve } = mockFetchPending();
    const onSettled = jest.fn();
    render(<LeadForm onSettled={onSettled} />);
    fillAll(REQUIRED);
    submit();
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    submit();
    expect(fn).toHaveBeenCalledTimes(1);
    await act(async () => resolve(ok()));
    expect(screen.getByText("Thank you! We'll get in touch soon.")).toBeInTheDocument();
    // a second click while the thank-you shows sends nothing more
    submit();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(draftStorageKey('property-finder:lead-form'))).toBeNull();
    act(() => jest.advanceTimersByTime(2000));
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(input('Name')).toHaveValue('');
    expect(input('Bedrooms')).toHaveValue('');
    expect(screen.queryByText("Thank you! We'll get in touch soon.")).toBeNull();
    expect(sessionStorage.getItem(draftStorageKey('property-finder:lead-form'))).toBeNull();
  });

  it("a non-ok answer: 'Submission failed. Please try again.', submit enabled again, data kept", async () => {
    mockFetch({ status: 500 });
    render(<LeadForm />);
    fillAll(REQUIRED);
    submit();
    expect(await screen.findByText('Submission failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(input('Interested location')).toHaveValue('Oakville');
  });

  it('a 503 with Retry-After: the wait is said, every field kept, submit enabled again', async () => {
    mockFetch({ status: 503, headers: { 'Retry-After': '5' }, body: { ok: false, retryAfter: 5 } });
    render(<LeadForm />);
    fillAll(REQUIRED);
    submit();
    expect(
      await screen.findByText(/the site cannot take messages for a moment\. What you typed is still here; please send it again in 5 seconds\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    for (const [label, value] of Object.entries(REQUIRED)) expect(input(label)).toHaveValue(value);
  });

  it("an exception shows its message; a lost network shows 'Network error. Please try again.'", async () => {
    mockFetchFailure(new Error('The webhook is not configured'));
    const { unmount } = render(<LeadForm />);
    fillAll(REQUIRED);
    submit();
    expect(await screen.findByText('The webhook is not configured')).toBeInTheDocument();
    unmount();
    mockFetchFailure(new TypeError('Failed to fetch'));
    render(<LeadForm />);
    expect(input('Name')).toHaveValue('Grace Hopper'); // the draft came back
    submit();
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(input('Square footage')).toHaveValue('2000');
  });

  it("the server's 400 errors land on the custom field when 'custom' was chosen", async () => {
    mockFetch({ status: 400, body: { errors: { bathroom: 'Bathrooms must be at most 40 characters.' } } });
    render(<LeadForm />);
    fillAll(REQUIRED);
    fill('Bathrooms', 'custom');
    fill('Bathrooms (custom)', 'lots');
    submit();
    expect(await screen.findByText('Bathrooms must be at most 40 characters.')).toBeInTheDocument();
    expect(input('Bathrooms (custom)')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Bathrooms (custom)')).toHaveFocus();
  });
});
