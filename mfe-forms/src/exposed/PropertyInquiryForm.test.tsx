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
      preferredDate: '',
      preferredTime: '',
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

  describe('Schedule a showing', () => {
    // 10:00 in Toronto on 14 May 2026
    const now = new Date('2026-05-14T14:00:00Z');
    beforeEach(() => {
      jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    });
    afterEach(() => jest.useRealTimers());

    it('is a group of its own, with a date input from today to a year ahead and a time input', () => {
      render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
      const group = screen.getByRole('group', { name: /Schedule a showing/ });
      expect(group).toHaveAttribute('id', 'schedule-showing');
      expect(input('Preferred date')).toHaveAttribute('type', 'date');
      expect(input('Preferred date')).toHaveAttribute('min', '2026-05-14');
      expect(input('Preferred date')).toHaveAttribute('max', '2027-05-14');
      expect(input('Preferred time')).toHaveAttribute('type', 'time');
      for (const label of ['Preferred date', 'Preferred time']) expect(input(label)).not.toBeRequired();
    });

    it('sends the preferred date and time with the inquiry', async () => {
      const fetch = mockFetch(ok());
      render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
      fillAll({ Name: 'Ada Lovelace', Email: 'ada@example.com', Message: 'A showing, please.', 'Preferred date': '2026-05-16', 'Preferred time': '14:30' });
      submit();
      await screen.findByText('Thank you for your inquiry! We will get back to you soon.');
      expect(posted(fetch).body).toMatchObject({ preferredDate: '2026-05-16', preferredTime: '14:30' });
      expect(input('Preferred date')).toHaveValue('');
    });

    it('says when the day has passed, and sends nothing', () => {
      const fetch = mockFetch(ok());
      render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
      fillAll({ Name: 'Ada Lovelace', Email: 'ada@example.com', Message: 'A showing, please.', 'Preferred date': '2026-05-13' });
      fireEvent.blur(input('Preferred date'));
      expect(input('Preferred date')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Preferred date cannot be in the past.')).toBeInTheDocument();
      submit();
      expect(fetch).not.toHaveBeenCalled();
    });
  });
});
