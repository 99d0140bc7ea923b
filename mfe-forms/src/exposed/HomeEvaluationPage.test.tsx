import { fireEvent, render, screen } from '@testing-library/react';
import HomeEvaluationPage from './HomeEvaluationPage';
import { fillAll, input, mockFetch, ok, posted, useTestConfig, WEBHOOK_BASE } from '../testing/formTestKit';

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
});
