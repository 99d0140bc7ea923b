import { fireEvent, render, screen, within } from '@testing-library/react';
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

    it('is a group of its own, with a date input from today to a year ahead and the times of that day as a list', () => {
      render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
      const group = screen.getByRole('group', { name: /Schedule a showing/ });
      expect(group).toHaveAttribute('id', 'schedule-showing');
      expect(input('Preferred date')).toHaveAttribute('type', 'date');
      expect(input('Preferred date')).toHaveAttribute('min', '2026-05-14');
      expect(input('Preferred date')).toHaveAttribute('max', '2027-05-14');
      expect(input('Preferred time').tagName).toBe('SELECT');
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

    it('offers the half hours within the team’s hours of the day, Toronto time, today only those still ahead (issue 38)', () => {
      render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
      const times = () =>
        within(input('Preferred time'))
          .getAllByRole('option')
          .map((o) => (o as HTMLOptionElement).value);
      expect(times()).toEqual(['']);
      // today, a Thursday, 10:00 in Toronto: from 10:30 to the last slot before 19:00
      fireEvent.change(input('Preferred date'), { target: { value: '2026-05-14' } });
      expect(times()[1]).toBe('10:30');
      expect(times().at(-1)).toBe('18:30');
      expect(screen.getByText('Showings on Thursdays are from 9:00 am to 7:00 pm.')).toBeInTheDocument();
      // Sunday 17 May: 11:00 to 17:00; never 03:00 or 23:45
      fireEvent.change(input('Preferred date'), { target: { value: '2026-05-17' } });
      expect(times()).toEqual(['', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30']);
      expect(within(input('Preferred time')).getByRole('option', { name: '2:30 pm' })).toHaveValue('14:30');
    });

    it('forgets a time the new day does not offer', () => {
      render(<PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="rec123" />);
      fireEvent.change(input('Preferred date'), { target: { value: '2026-05-15' } });
      fireEvent.change(input('Preferred time'), { target: { value: '18:30' } });
      expect(input('Preferred time')).toHaveValue('18:30');
      // Sunday: 11:00 to 17:00
      fireEvent.change(input('Preferred date'), { target: { value: '2026-05-17' } });
      expect(input('Preferred time')).toHaveValue('');
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
