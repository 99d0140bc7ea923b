import { fireEvent, render, screen } from '@testing-library/react';
import PropertyInquiryForm from './PropertyInquiryForm';
import { fill, fillAll, input, mockFetch, mockFetchFailure, ok, posted, useTestConfig, WEBHOOK_BASE } from '../testing/formTestKit';

const submit = () => fireEvent.click(screen.getByRole('button', { name: /send inquiry|sending/i }));

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});

describe('PropertyInquiryForm', () => {
  it("is headed 'GET IN TOUCH' and the subject placeholder names the property", () => {
    render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
    expect(screen.getByRole('heading', { name: 'GET IN TOUCH' })).toBeInTheDocument();
    expect(input('Subject')).toHaveAttribute('placeholder', 'Inquiry about 12 Lakeshore Road East');
  });

  it('requires name, email and message only', () => {
    const fetch = mockFetch(ok());
    render(<PropertyInquiryForm propertyName="The Residences" />);
    submit();
    for (const label of ['Name', 'Email', 'Message']) expect(input(label)).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Phone', 'Subject']) expect(input(label)).not.toHaveAttribute('aria-invalid');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts to property-inquiry with the property id and shows the thank-you inline, fields cleared, no alert box', async () => {
    const fetch = mockFetch(ok());
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
    fillAll({ Name: 'Ada Lovelace', Email: 'ada@example.com', Message: 'Is a showing possible on Saturday?' });
    submit();
    const thanks = await screen.findByText('Thank you for your inquiry! We will get back to you soon.');
    expect(thanks.closest('[role="status"]')).not.toBeNull();
    expect(alert).not.toHaveBeenCalled();
    const { url, body } = posted(fetch);
    expect(url).toBe(`${WEBHOOK_BASE}/property-inquiry`);
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '',
      subject: '',
      message: 'Is a showing possible on Saturday?',
      propertyId: 'rec123',
      propertyName: '12 Lakeshore Road East',
      website: '', // the honeypot, empty from a person
    });
    expect(input('Message')).toHaveValue('');
    // the thank-you stays until the visitor starts another message
    fill('Name', 'A');
    expect(screen.queryByText('Thank you for your inquiry! We will get back to you soon.')).toBeNull();
  });

  it('a lost network keeps the message and says so', async () => {
    mockFetchFailure();
    render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
    fillAll({ Name: 'Ada Lovelace', Email: 'ada@example.com', Message: 'Is a showing possible on Saturday?' });
    submit();
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(input('Message')).toHaveValue('Is a showing possible on Saturday?');
  });
});
