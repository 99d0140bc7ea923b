import { mockFetch, useTestConfig } from '../testing/formTestKit';
import { postSubmission, rateLimitedText, retryAfterSeconds } from './submit';

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
