import { act, fireEvent, render, screen } from '@testing-library/react';
import { subscribe } from '@gta/shared';
import ContactForm from './ContactForm';
import { fillAll, input, mockFetch, mockFetchFailure, mockFetchPending, ok, posted, useTestConfig, WEBHOOK_BASE } from '../testing/formTestKit';
import { draftStorageKey } from '../lib/drafts';

const VALID = {
  Name: 'Ada Lovelace',
  Email: 'ada@example.com',
  Phone: '905 555 0101',
  Subject: 'Selling in Oakville',
  Message: 'Please call me about my home.',
};
const send = () => fireEvent.click(screen.getByRole('button', { name: /send message|sending/i }));

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('ContactForm', () => {
  it('shows a message next to every empty required field, announced and tied to it, focuses the first, sends nothing', () => {
    const fetch = mockFetch(ok());
    render(<ContactForm source="default" />);
    send();
    for (const [label, message] of [
      ['Name', 'Name is required.'],
      ['Email', 'Email is required.'],
      ['Phone', 'Phone is required.'],
      ['Subject', 'Subject is required.'],
      ['Message', 'Message is required.'],
    ] as const) {
      const field = input(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      const described = document.getElementById(field.getAttribute('aria-describedby')!);
      expect(described).toHaveTextContent(message);
      expect(described).toHaveAttribute('role', 'alert');
    }
    expect(input('Name')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks a field when the visitor leaves it and clears the message as it is corrected', () => {
    mockFetch(ok());
    render(<ContactForm source="default" />);
    fillAll({ Email: 'ada@' });
    fireEvent.blur(input('Email'));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    fillAll({ Email: 'ada@example.com' });
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    expect(input('Email')).not.toHaveAttribute('aria-invalid');
  });

  it("posts JSON to {webhookBase}/contact-form with its source, shows 'Sending...' disabled, then the thank-you for 3 s with the fields cleared", async () => {
    jest.useFakeTimers();
    const { fn, resolve } = mockFetchPending();
    const events: unknown[] = [];
    const off = subscribe('lead/submitted', (e) => events.push(e));
    render(<ContactForm source="call-to-action" heading="Join Our Network" />);
    fillAll(VALID);
    send();
    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    expect(fn).toHaveBeenCalledTimes(1);
    const { url, method, body } = posted(fn);
    expect(url).toBe(`${WEBHOOK_BASE}/contact-form`);
    expect(method).toBe('POST');
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '905 555 0101',
      subject: 'Selling in Oakville',
      message: 'Please call me about my home.',
      source: 'call-to-action',
      website: '',
    });
    expect(fn.mock.calls[0]![1]!.headers).toMatchObject({ 'Content-Type': 'application/json' });

    await act(async () => resolve(ok()));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! Your message has been sent.');
    expect(input('Name')).toHaveValue('');
    expect(input('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // the chat learns who sent it (name and email only, not the phone or the message)
    expect(events).toEqual([{ type: 'lead/submitted', version: 2, form: 'contact-form', contact: { name: 'Ada Lovelace', email: 'ada@example.com' } }]);
    expect(sessionStorage.getItem(draftStorageKey('contact-form:call-to-action'))).toBeNull();

    act(() => jest.advanceTimersByTime(2900));
    expect(screen.queryByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Thank you! Your message has been sent.')).toBeNull();
    off();
  });

  it.each(['default', 'about-us'] as const)("sends source '%s'", async (source) => {
    const fetch = mockFetch(ok());
    render(<ContactForm source={source} />);
    fillAll(VALID);
    send();
    await screen.findByText('Thank you! Your message has been sent.');
    expect(posted(fetch).body.source).toBe(source);
  });

  it("a non-ok answer shows 'Failed to submit. Please try again.' and keeps what was typed", async () => {
    mockFetch({ status: 500, body: { error: 'boom' } });
    render(<ContactForm source="default" />);
    fillAll(VALID);
    send();
    expect(await screen.findByText('Failed to submit. Please try again.')).toBeInTheDocument();
    expect(input('Name')).toHaveValue('Ada Lovelace');
    expect(input('Message')).toHaveValue('Please call me about my home.');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("a lost network shows 'Network error. Please try again.', keeps the data, and keeps a draft that survives a reload", async () => {
    mockFetchFailure();
    const first = render(<ContactForm source="about-us" />);
    fillAll(VALID);
    send();
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(input('Subject')).toHaveValue('Selling in Oakville');
    expect(JSON.parse(sessionStorage.getItem(draftStorageKey('contact-form:about-us'))!)).toMatchObject({
      name: 'Ada Lovelace',
      message: 'Please call me about my home.',
    });
    first.unmount();

    // the visitor reloads: what they typed is back, and sending now works
    const fetch = mockFetch(ok());
    render(<ContactForm source="about-us" />);
    expect(input('Name')).toHaveValue('Ada Lovelace');
    expect(input('Phone')).toHaveValue('905 555 0101');
    send();
    await screen.findByText('Thank you! Your message has been sent.');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(draftStorageKey('contact-form:about-us'))).toBeNull();
  });

  it('a 429 (too many posts from this network) says kindly how long to wait, keeps every field and the draft, and sending later works', async () => {
    mockFetch({
      status: 429,
      headers: { 'Retry-After': '12' },
      body: { ok: false, error: 'Too many messages from your network, try again in a minute.', retryAfter: 12 },
    });
    render(<ContactForm source="default" />);
    fillAll(VALID);
    send();
    expect(await screen.findByText('Too many messages from your network. Please try again in 12 seconds.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to submit. Please try again.')).toBeNull();
    for (const [label, value] of Object.entries(VALID)) expect(input(label)).toHaveValue(value);
    expect(JSON.parse(sessionStorage.getItem(draftStorageKey('contact-form:default'))!)).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Please call me about my home.',
    });
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    const fetch = mockFetch(ok());
    send();
    await screen.findByText('Thank you! Your message has been sent.');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a 503 (the site cannot store anything for a moment) says so with the wait, keeps every field and the draft, and sending again works', async () => {
    mockFetch({
      status: 503,
      headers: { 'Retry-After': '5' },
      body: { ok: false, error: { type: 'SERVICE_UNAVAILABLE', message: 'The site cannot save anything for a moment.' }, retryAfter: 5 },
    });
    render(<ContactForm source="default" />);
    fillAll(VALID);
    send();
    expect(
      await screen.findByText(
        'We could not send this: the site cannot take messages for a moment. What you typed is still here; please send it again in 5 seconds.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to submit. Please try again.')).toBeNull();
    for (const [label, value] of Object.entries(VALID)) expect(input(label)).toHaveValue(value);
    expect(JSON.parse(sessionStorage.getItem(draftStorageKey('contact-form:default'))!)).toMatchObject({
      name: 'Ada Lovelace',
      phone: '905 555 0101',
      subject: 'Selling in Oakville',
      message: 'Please call me about my home.',
    });
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    const fetch = mockFetch(ok());
    send();
    await screen.findByText('Thank you! Your message has been sent.');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a 429 without Retry-After says 'in a minute'", async () => {
    mockFetch({ status: 429 });
    render(<ContactForm source="default" />);
    fillAll(VALID);
    send();
    expect(await screen.findByText('Too many messages from your network. Please try again in a minute.')).toBeInTheDocument();
    expect(input('Subject')).toHaveValue('Selling in Oakville');
  });

  it("the server's 400 field errors show next to their fields and focus the first", async () => {
    mockFetch({ status: 400, body: { errors: { phone: 'Please enter a valid phone number.', message: 'Message must be at most 5000 characters.' } } });
    render(<ContactForm source="default" />);
    fillAll(VALID);
    send();
    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    expect(input('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Phone')).toHaveFocus();
    expect(screen.getByText('Failed to submit. Please try again.')).toBeInTheDocument();
    expect(input('Name')).toHaveValue('Ada Lovelace');
  });

  it('a double click sends once', async () => {
    const { fn, resolve } = mockFetchPending();
    render(<ContactForm source="default" />);
    fillAll(VALID);
    const button = screen.getByRole('button', { name: 'Send Message' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    expect(fn).toHaveBeenCalledTimes(1);
    await act(async () => resolve(ok()));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
