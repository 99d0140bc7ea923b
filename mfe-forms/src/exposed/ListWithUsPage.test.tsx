import { act, fireEvent, render, screen } from '@testing-library/react';
import ListWithUsPage from './ListWithUsPage';
import { fill, fillAll, input, mockFetch, mockFetchFailure, mockFetchPending, ok, posted, useTestConfig, WEBHOOK_BASE } from '../testing/formTestKit';

const VALID = {
  Name: 'Ada Lovelace',
  Email: 'ada@example.com',
  Phone: '(905) 555-0101',
  'Property type': 'Townhouse',
  'Property address': '12 Lakeshore Rd E, Oakville',
  Bedrooms: '4',
  Bathrooms: '3.5',
  'Square footage': '2800',
  'Property description': 'Renovated, south-facing garden.',
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /submit listing|submitting/i }));

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('ListWithUsPage', () => {
  it('opens with the PageHero heading, sets the page title, and offers the spec property types', () => {
    render(<ListWithUsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'List With Us' })).toBeInTheDocument();
    expect(document.title).toMatch(/^List With Us/);
    const types = [...(input('Property type') as unknown as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(types).toEqual(['Single Family Home', 'Townhouse', 'Condominium', 'Duplex', 'Multi-family', 'Manufactured Home', 'Other']);
  });

  it('every field is required; bedrooms 0-10 and bathrooms in steps of 0.5', () => {
    const fetch = mockFetch(ok());
    render(<ListWithUsPage />);
    submit();
    for (const label of Object.keys(VALID)) expect(input(label)).toHaveAttribute('aria-invalid', 'true');
    expect(input('Name')).toHaveFocus();
    fillAll({ ...VALID, Bedrooms: '11', Bathrooms: '2.3' });
    submit();
    expect(screen.getByText('Bedrooms must be at most 10.')).toBeInTheDocument();
    expect(screen.getByText('Bathrooms must be in steps of 0.5.')).toBeInTheDocument();
    expect(input('Bedrooms')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the listing request with numbers; the thank-you replaces the form and an empty form is back 3 s later', async () => {
    jest.useFakeTimers();
    const { fn, resolve } = mockFetchPending();
    render(<ListWithUsPage />);
    fillAll(VALID);
    submit();
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const { url, body } = posted(fn);
    expect(url).toBe(`${WEBHOOK_BASE}/list-with-us`);
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '(905) 555-0101',
      PropertyAddress: '12 Lakeshore Rd E, Oakville',
      PropertyType: 'Townhouse',
      bedrooms: 4,
      bathrooms: 3.5,
      squareFootage: 2800,
      PropertyDescription: 'Renovated, south-facing garden.',
      website: '', // the honeypot, empty from a person
    });
    await act(async () => resolve(ok()));
    expect(screen.getByText('Thank you! Your listing has been submitted.')).toHaveFocus();
    expect(screen.queryByTestId('list-with-us-form')).toBeNull();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByText('Thank you! Your listing has been submitted.')).toBeNull();
    expect(input('Name')).toHaveValue('');
    expect(input('Property type')).toHaveValue('');
  });

  it.each([
    ['a 500', () => mockFetch({ status: 500 })],
    ['a 413', () => mockFetch({ status: 413, body: { error: 'Request too large' } })],
    ['a lost network', () => mockFetchFailure()],
  ])('%s shows the failure above the form with every field kept', async (_name, arrange) => {
    arrange();
    render(<ListWithUsPage />);
    fillAll(VALID);
    submit();
    const message = await screen.findByText('There was a problem submitting your listing. Please try again.');
    const form = screen.getByTestId('list-with-us-form');
    expect(message.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const [label, value] of Object.entries(VALID))
      expect(input(label)).toHaveValue(['Bedrooms', 'Bathrooms', 'Square footage'].includes(label) ? Number(value) : value);
    expect(screen.getByRole('button', { name: 'Submit Listing' })).toBeEnabled();
  });

  it("the server's 400 field errors show next to their fields", async () => {
    mockFetch({ status: 400, body: { errors: { PropertyAddress: 'Property address must be at most 200 characters.' } } });
    render(<ListWithUsPage />);
    fillAll(VALID);
    submit();
    expect(await screen.findByText('Property address must be at most 200 characters.')).toBeInTheDocument();
    expect(input('Property address')).toHaveFocus();
    fill('Property address', '12 Lakeshore Rd E');
    expect(screen.queryByText('Property address must be at most 200 characters.')).toBeNull();
  });
});
