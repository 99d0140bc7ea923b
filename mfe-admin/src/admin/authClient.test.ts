import { createFakeBackend, installFakeBackend } from '../test/fakeBackend';
import { checkSession, parseRetryAfter, signIn, signOut } from './authClient';

describe('parseRetryAfter', () => {
  it('reads seconds, an HTTP date, or a number in the body', () => {
    expect(parseRetryAfter('42')).toBe(42);
    expect(parseRetryAfter(new Date(61_000).toUTCString(), undefined, 1_000)).toBe(60);
    expect(parseRetryAfter(null, { retryAfter: 9 })).toBe(9);
    expect(parseRetryAfter(null, {})).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('auth client', () => {
  it('signs in, reads the session, signs out (cookie credentials same-origin)', async () => {
    const backend = createFakeBackend();
    installFakeBackend(backend);
    expect(await checkSession()).toBe(false);
    expect(await signIn('nope')).toEqual({ kind: 'wrongPassword' });
    expect(await signIn('right-password')).toEqual({ kind: 'signedIn' });
    expect(await checkSession()).toBe(true);
    await signOut();
    expect(await checkSession()).toBe(false);
    expect(backend.requests.every((r) => r.credentials === 'same-origin')).toBe(true);
    expect(backend.requests[0]!.url).toBe('http://localhost/api/auth/session');
  });
  it('reports the slow-down with its seconds', async () => {
    installFakeBackend(createFakeBackend({ throttleSeconds: 30 }));
    expect(await signIn('anything')).toEqual({ kind: 'throttled', retryAfterSeconds: 30 });
  });
  it('reports an unreachable server', async () => {
    (window.fetch as jest.Mock).mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await signIn('x')).toMatchObject({ kind: 'failed', message: expect.stringMatching(/reach the server/) });
  });
});
