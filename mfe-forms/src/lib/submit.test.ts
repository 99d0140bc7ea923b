import { mockFetch, useTestConfig } from '../testing/formTestKit';
import { postSubmission, rateLimitedText, retryAfterSeconds, unavailableText } from './submit';

beforeEach(() => useTestConfig());

describe('a 429 from the form endpoint', () => {
  it('is its own outcome, with the wait from Retry-After (seconds or an HTTP date), else from the body, else unknown', async () => {
    mockFetch({ status: 429, headers: { 'Retry-After': '7' }, body: { ok: false, retryAfter: 30 } });
    await expect(postSubmission('contact-form', {})).resolves.toEqual({ kind: 'rateLimited', retryAfterSeconds: 7 });
    // a cross-origin n8n that does not expose Retry-After: the server's body still says how long
    mockFetch({ status: 429, body: { ok: false, retryAfter: 30 } });
    await expect(postSubmission('contact-form', {})).resolves.toEqual({ kind: 'rateLimited', retryAfterSeconds: 30 });
    mockFetch({ status: 429 });
    await expect(postSubmission('contact-form', {})).resolves.toEqual({ kind: 'rateLimited', retryAfterSeconds: null });
    const now = Date.parse('2030-01-01T10:00:00Z');
    expect(retryAfterSeconds('Tue, 01 Jan 2030 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds('-3', now)).toBeNull();
  });

  it('reads as a kind sentence with a rounded wait', () => {
    expect(rateLimitedText(null)).toBe('Too many messages from your network. Please try again in a minute.');
    expect(rateLimitedText(1)).toBe('Too many messages from your network. Please try again in 1 second.');
    expect(rateLimitedText(12)).toBe('Too many messages from your network. Please try again in 12 seconds.');
    expect(rateLimitedText(60)).toBe('Too many messages from your network. Please try again in a minute.');
    expect(rateLimitedText(61)).toBe('Too many messages from your network. Please try again in 2 minutes.');
    expect(rateLimitedText(3600 * 5)).toBe('Too many messages from your network. Please try again in 300 minutes.');
  });
});

describe('a 503 from the form endpoint (the site cannot store anything for a moment)', () => {
  it('is its own outcome, with the wait from Retry-After, else from the body, else unknown; a 500 stays a failure', async () => {
    mockFetch({
      status: 503,
      headers: { 'Retry-After': '5' },
      body: { ok: false, error: { type: 'SERVICE_UNAVAILABLE', message: 'The site cannot save anything for a moment.' }, retryAfter: 5 },
    });
    await expect(postSubmission('contact-form', {})).resolves.toEqual({ kind: 'unavailable', retryAfterSeconds: 5 });
    mockFetch({ status: 503, body: { ok: false, retryAfter: 8 } });
    await expect(postSubmission('contact-form', {})).resolves.toEqual({ kind: 'unavailable', retryAfterSeconds: 8 });
    mockFetch({ status: 503 });
    await expect(postSubmission('contact-form', {})).resolves.toEqual({ kind: 'unavailable', retryAfterSeconds: null });
    mockFetch({ status: 500 });
    await expect(postSubmission('contact-form', {})).resolves.toEqual({ kind: 'failed', status: 500 });
  });

  it('says nothing was sent, that the fields are kept, and when to send again', () => {
    const start = 'We could not send this: the site cannot take messages for a moment. What you typed is still here; please send it again';
    expect(unavailableText(5)).toBe(`${start} in 5 seconds.`);
    expect(unavailableText(1)).toBe(`${start} in 1 second.`);
    expect(unavailableText(null)).toBe(`${start} in a moment.`);
    expect(unavailableText(60)).toBe(`${start} in 1 minute.`);
    expect(unavailableText(90)).toBe(`${start} in 2 minutes.`);
  });
});
