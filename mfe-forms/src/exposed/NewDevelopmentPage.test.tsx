import { act, fireEvent, render, screen } from '@testing-library/react';
import NewDevelopmentPage from './NewDevelopmentPage';
import { fill, fillAll, input, mockFetch, mockFetchFailure, ok, posted, useTestConfig, WEBHOOK_BASE } from '../testing/formTestKit';

const VALID = {
  Name: 'Ada Lovelace',
  Email: 'ada@example.com',
  Phone: '905 555 0101',
  'Interest type': 'Investing',
  'Property type': 'Condo',
  Budget: '$400,000',
  'Additional details': 'Looking for a pre-construction one-bedroom.',
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /register interest|submitting/i }));
const options = (label: string) => [...(input(label) as unknown as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('NewDevelopmentPage', () => {
  it('has its heading and the spec option lists', () => {
    render(<NewDevelopmentPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'New Development' })).toBeInTheDocument();
    expect(options('Interest type')).toEqual(['Buying', 'Investing', 'Renting', 'VIP Access', 'Other']);
    expect(options('Property type')).toEqual(['Condo', 'Townhouse', 'Detached Home', 'Commercial', 'Other']);
    expect(options('Budget')).toEqual(['$300,000', '$400,000', 'Other']);
  });

  it('requires the spec fields; bedrooms, bathrooms and location are optional', () => {
    mockFetch(ok());
    render(<NewDevelopmentPage />);
    submit();
    for (const label of Object.keys(VALID)) expect(input(label)).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Bedrooms', 'Bathrooms', 'Preferred location']) expect(input(label)).not.toHaveAttribute('aria-invalid');
  });

  it("budget 'Other' reveals a required free field whose text replaces the budget", async () => {
    const fetch = mockFetch(ok());
    render(<NewDevelopmentPage />);
    fillAll(VALID);
    expect(screen.queryByLabelText(/Your budget/)).toBeNull();
    fill('Budget', 'Other');
    submit();
    expect(input('Your budget')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Your budget')).toHaveFocus();
    expect(screen.getByText('Budget is required.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    fill('Your budget', '$1,250,000');
    fillAll({ Bedrooms: '2', Bathrooms: '1.5', 'Preferred location': 'Mississauga' });
    submit();
    await screen.findByText('Thank you! Your request has been submitted.');
    const { url, body } = posted(fetch);
    expect(url).toBe(`${WEBHOOK_BASE}/new-development`);
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '905 555 0101',
      interestType: 'Investing',
      propertyType: 'Condo',
      bedrooms: 2,
      bathrooms: 1.5,
      budget: '$1,250,000',
      preferredLocation: 'Mississauga',
      additionalDetails: 'Looking for a pre-construction one-bedroom.',
      website: '', // the honeypot, empty from a person
    });
  });

  it('choosing another budget clears and hides the free field, and sends the chosen budget', async () => {
    const fetch = mockFetch(ok());
    render(<NewDevelopmentPage />);
    fillAll(VALID);
    fill('Budget', 'Other');
    fill('Your budget', '$2M');
    fill('Budget', '$300,000');
    expect(screen.queryByLabelText(/Your budget/)).toBeNull();
    fill('Budget', 'Other');
    expect(input('Your budget')).toHaveValue('');
    fill('Budget', '$300,000');
    submit();
    await screen.findByText('Thank you! Your request has been submitted.');
    expect(posted(fetch).body.budget).toBe('$300,000');
  });

  it('the thank-you replaces the form and it comes back empty after 3 s', async () => {
    jest.useFakeTimers();
    mockFetch(ok());
    render(<NewDevelopmentPage />);
    fillAll(VALID);
    submit();
    await act(async () => {
      await Promise.resolve();
    });
    expect(await screen.findByText('Thank you! Your request has been submitted.')).toBeInTheDocument();
    expect(screen.queryByTestId('new-development-form')).toBeNull();
    act(() => jest.advanceTimersByTime(3000));
    expect(input('Name')).toHaveValue('');
    expect(input('Budget')).toHaveValue('');
  });

  it('a failure shows above the form and keeps the data, including the free budget', async () => {
    mockFetchFailure();
    render(<NewDevelopmentPage />);
    fillAll(VALID);
    fill('Budget', 'Other');
    fill('Your budget', '$900,000');
    submit();
    expect(await screen.findByText('There was a problem submitting your request. Please try again.')).toBeInTheDocument();
    expect(input('Your budget')).toHaveValue('$900,000');
    expect(input('Additional details')).toHaveValue('Looking for a pre-construction one-bedroom.');
  });
});
