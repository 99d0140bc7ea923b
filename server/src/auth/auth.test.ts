import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { postJson, request, startServer, tempDir, type TestServer } from '../testing/harness';
import { passwordMatches, resolveStaffPassword } from './password';
import { FailureLimiter } from './limiter';
import { MemoryCounters } from '../store/memoryCounters';

describe('staff sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      {},
      { limiter: { maxFailures: 3, windowMs: 60_000, lockoutMs: 2_000, maxLockoutMs: 4_000, delayPerFailureMs: 5, maxDelayMs: 20 } },
    );
  });
  afterAll(() => server.close());

  it('signs in with an httpOnly, SameSite=Strict session cookie, reports the session, and signs out', async () => {
    expect((await request(`${server.url}/api/auth/session`)).json()).toEqual({ authenticated: false });
    const login = await postJson(`${server.url}/api/auth/login`, { password: 'correct horse battery staple' });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^gta_staff_session=[\w-]{40,};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    const cookie = setCookie.split(';')[0] as string;
    expect((await request(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } })).json()).toEqual({ authenticated: true });

    const logout = await request(`${server.url}/api/auth/logout`, { method: 'POST', headers: { Cookie: cookie } });
    expect(logout.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await request(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } })).json()).toEqual({ authenticated: false });
    expect((await request(`${server.url}/api/airtable/v0/appLocalBase/Website%20Submissions`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('the cookie is Secure behind https (trusted proxy)', async () => {
    const behindProxy = await startServer({ trustProxy: 1 });
    try {
      const login = await postJson(`${behindProxy.url}/api/auth/login`, { password: 'correct horse battery staple' }, { 'X-Forwarded-Proto': 'https' });
      expect(login.headers.get('set-cookie')).toContain('Secure');
    } finally {
      await behindProxy.close();
    }
  });

  it('401 for a wrong password, 400 without one; after repeated failures 429 with Retry-After, even for the right password', async () => {
    const headers = { 'X-Test': 'limiter' };
    expect((await postJson(`${server.url}/api/auth/login`, {}, headers)).status).toBe(400);
    const wrong = await postJson(`${server.url}/api/auth/login`, { password: 'guess-1' }, headers);
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toEqual({ authenticated: false, error: 'Incorrect password.' });
    expect((await postJson(`${server.url}/api/auth/login`, { password: 'guess-2' }, headers)).status).toBe(401);
    const third = await postJson(`${server.url}/api/auth/login`, { password: 'guess-3' }, headers);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.json<{ error: string }>().error).toMatch(/Too many failed sign-in attempts/);
    const right = await postJson(`${server.url}/api/auth/login`, { password: 'correct horse battery staple' }, headers);
    expect(right.status).toBe(429);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await postJson(`${server.url}/api/auth/login`, { password: 'correct horse battery staple' }, headers)).status).toBe(200);
  });
});

describe('sign-in attempts sent together', () => {
  /** Starts a login POST whose headers go out now and whose body is sent by the returned function. */
  function openLogin(base: string): { send(password: string): Promise<number> } {
    const url = new URL('/api/auth/login', base);
    let status: Promise<number> = Promise.resolve(0);
    const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } });
    status = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    status.catch(() => undefined); // a request left unsent when a test fails must not crash the run
    req.flushHeaders();
    return {
      send(password: string) {
        req.end(JSON.stringify({ password }));
        return status;
      },
    };
  }

  it('cannot get past the lockout by sending the guesses before the first failure is counted', async () => {
    const server = await startServer(
      {},
      { limiter: { maxFailures: 3, windowMs: 60_000, lockoutMs: 60_000, maxLockoutMs: 60_000, delayPerFailureMs: 1, maxDelayMs: 1 } },
    );
    try {
      const attempts = Array.from({ length: 5 }, () => openLogin(server.url));
      // every request has passed the lockout check at its start and waits for its body
      await new Promise((r) => setTimeout(r, 200));
      const statuses: number[] = [];
      for (const [i, attempt] of attempts.entries()) statuses.push(await attempt.send(i < 4 ? `guess-${i}` : 'correct horse battery staple'));
      // the third failure locks the address out; the two already waiting are refused, the right password too
      expect(statuses).toEqual([401, 401, 429, 429, 429]);
    } finally {
      await server.close();
    }
  });
});

describe('the staff password', () => {
  it('is generated once on first start, kept with mode 600, and reused', () => {
    const dir = tempDir();
    const first = resolveStaffPassword(dir, undefined);
    expect(first.source).toBe('generated');
    expect(first.password.length).toBeGreaterThanOrEqual(16);
    const file = path.join(dir, 'staff-password');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = resolveStaffPassword(dir, undefined);
    expect(second).toEqual({ password: first.password, source: 'file', file });
    expect(resolveStaffPassword(dir, 'from-env')).toEqual({ password: 'from-env', source: 'env' });
  });

  it('compares in constant time over hashes', () => {
    expect(passwordMatches('abc', 'abc')).toBe(true);
    expect(passwordMatches('abc', 'abcd')).toBe(false);
    expect(passwordMatches('', 'abc')).toBe(false);
  });
});

describe('FailureLimiter', () => {
  it('slows each failure, locks out after the limit, doubles the lockout and resets on success', async () => {
    let now = 1_000_000;
    const counters = new MemoryCounters(() => now);
    const limiter = new FailureLimiter(
      counters,
      { maxFailures: 2, windowMs: 10_000, lockoutMs: 1000, maxLockoutMs: 3000, delayPerFailureMs: 100, maxDelayMs: 150 },
      () => now,
    );
    expect(await limiter.fail('ip')).toBe(100);
    await limiter.fail('ip');
    expect(await limiter.retryAfterSeconds('ip')).toBe(1);
    now += 1001;
    expect(await limiter.retryAfterSeconds('ip')).toBe(0);
    await limiter.fail('ip');
    await limiter.fail('ip');
    expect(await limiter.retryAfterSeconds('ip')).toBe(2);
    await limiter.succeed('ip');
    expect(await limiter.retryAfterSeconds('ip')).toBe(0);
  });

  it('keeps a locked-out address however many other addresses fail meanwhile', async () => {
    const counters = new MemoryCounters();
    const limiter = new FailureLimiter(counters, {
      maxFailures: 1,
      windowMs: 60_000,
      lockoutMs: 60_000,
      maxLockoutMs: 60_000,
      delayPerFailureMs: 0,
      maxDelayMs: 0,
    });
    await limiter.fail('attacker');
    for (let i = 0; i < 12_000; i++) await limiter.fail(`other-${i}`);
    expect(await limiter.retryAfterSeconds('attacker')).toBeGreaterThan(0);
  });
});
