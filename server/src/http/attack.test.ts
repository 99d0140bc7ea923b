/**
 * The attack suite: each case of the pre-launch attack pass, run against a real server on loopback with bounded
 * loops, asserting the answer it must now give. (Formula limits one by one: src/formula/limits.test.ts; the damaged WAL and
 * file modes: src/store/store.test.ts; chat sessions and uploads: src/assistant/handler.test.ts.)
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { postJson, repoWithAShell, request, signIn, startServer, validContact, type Reply, type TestServer } from '../testing/harness';
import { clientInfo, parseTrustProxy, rateKey } from './client';

const fakeRequest = (headers: Record<string, string>, remoteAddress = '10.0.0.5'): IncomingMessage =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('who is asking (TRUST_PROXY=N)', () => {
  it('takes the address N hops from the right: what the client writes on the left is ignored', () => {
    const req = fakeRequest({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9', host: 'site.example' });
    expect(clientInfo(req, { trustProxy: 0 }, 80).ip).toBe('10.0.0.5');
    expect(clientInfo(req, { trustProxy: 1 }, 80).ip).toBe('203.0.113.9');
    expect(clientInfo(req, { trustProxy: 2 }, 80).ip).toBe('6.6.6.6');
    expect(clientInfo(fakeRequest({}), { trustProxy: 1 }, 80).ip).toBe('10.0.0.5');
  });

  it('reads X-Forwarded-Proto from the outermost trusted proxy; PUBLIC_URL decides the origin over any Host', () => {
    const spoofed = fakeRequest({ 'x-forwarded-proto': 'https, http', host: 'evil.example' });
    expect(clientInfo(spoofed, { trustProxy: 1 }, 80)).toMatchObject({ secure: false, origin: 'http://evil.example', originFromHost: true });
    expect(clientInfo(spoofed, { trustProxy: 2 }, 80).secure).toBe(true);
    expect(clientInfo(spoofed, { trustProxy: 1, publicUrl: 'https://www.team.example' }, 80)).toMatchObject({
      origin: 'https://www.team.example',
      secure: true,
      originFromHost: false,
    });
  });

  it('counts IPv6 clients by their /64 network', () => {
    expect(rateKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:db8:1:3::1')).not.toBe(rateKey('2001:db8:1:2::1'));
    expect(rateKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(undefined)).toBe(0);
  });
});

describe('attack pass against a running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      { trustProxy: 1, formRateLimit: 6 },
      { limiter: { maxFailures: 5, windowMs: 60_000, lockoutMs: 60_000, maxLockoutMs: 60_000, delayPerFailureMs: 0, maxDelayMs: 0 } },
    );
  });
  afterAll(() => server.close());
  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': ip, ...extra });

  it('rotating the left-most X-Forwarded-For does not escape the sign-in lockout, and cannot lock out someone else', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await postJson(`${server.url}/api/auth/login`, { password: `wrong ${i}` }, from(`198.51.100.${i}, 192.0.2.50`))).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429, 429]);
    // the victim's address written on the left by the attacker is not the victim
    expect((await postJson(`${server.url}/api/auth/login`, { password: 'correct horse battery staple' }, from('192.0.2.77'))).status).toBe(200);
  });

  it('forms: text/plain and foreign origins are refused before anything is stored', async () => {
    const before = await server.app.store.count('Website Submissions');
    const plain = await request(`${server.url}/webhook/contact-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', ...from('192.0.2.60') },
      body: JSON.stringify(validContact),
    });
    expect(plain.status).toBe(415);
    const foreign = await postJson(`${server.url}/webhook/contact-form`, validContact, from('192.0.2.60', { Origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(await server.app.store.count('Website Submissions')).toBe(before);
    const own = await postJson(
      `${server.url}/webhook/contact-form`,
      validContact,
      from('192.0.2.60', { Origin: server.url.replace('localhost', 'localhost') }),
    );
    expect(own.status).toBe(200);
  });

  it('forms: one network gets a handful of posts a minute, then a kind 429 with Retry-After; another network is not affected', async () => {
    const statuses: number[] = [];
    let last;
    // one /64: the addresses differ, the network does not
    for (let i = 1; i <= 10; i++) {
      last = await postJson(`${server.url}/webhook/contact-form`, { ...validContact, email: `flood${i}@example.com` }, from(`2001:db8:5:6::${i.toString(16)}`));
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
    expect(last?.json<{ error: string }>().error).toBe('Too many messages from your network, try again in a minute.');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await postJson(`${server.url}/webhook/contact-form`, validContact, from('2001:db8:5:7::1'))).status).toBe(200);
  });

  it('forms: a filled honeypot is answered "sent" and nothing is kept', async () => {
    const before = await server.app.store.count('Website Submissions');
    const bot = await postJson(`${server.url}/webhook/contact-form`, { ...validContact, website: 'http://spam.example' }, from('192.0.2.61'));
    expect(bot.status).toBe(200);
    expect(await server.app.store.count('Website Submissions')).toBe(before);
  });

  it('forms: 0x10 and 1e3 are not numbers; NUL, control characters and U+202E are not stored', async () => {
    const evaluation = {
      name: 'Ola',
      email: 'ola@example.com',
      phone: '905 555 0104',
      address: '3 Elm St',
      city: 'Burlington',
      postalCode: 'L7T 1A1',
      bedrooms: '4',
      bathrooms: '3.5',
    };
    const hex = await postJson(`${server.url}/webhook/home-evaluation`, { ...evaluation, propertySize: '0x10' }, from('192.0.2.62'));
    expect(hex.status).toBe(400);
    expect(hex.json<{ errors: Record<string, string> }>().errors.propertySize).toBe('Property size must be a number.');
    expect((await postJson(`${server.url}/webhook/home-evaluation`, { ...evaluation, propertySize: '1e3' }, from('192.0.2.62'))).status).toBe(400);
    const dirty = await postJson(
      `${server.url}/webhook/contact-form`,
      { ...validContact, name: 'Ada\u0000\u202Egnp.exe', message: 'hi\u0007 there' },
      from('192.0.2.63'),
    );
    const stored = await server.app.store.find('Website Submissions', dirty.json<{ id: string }>().id);
    expect(stored?.fields).toMatchObject({ name: 'Adagnp.exe', message: 'hi there' });
  });

  it('a 2 MB unknown field name is not echoed back', async () => {
    const withToken = await startServer({ recordsApiToken: 'server-token' });
    try {
      const name = 'x'.repeat(2 * 1024 * 1024 - 100);
      const reply = await request(`${withToken.url}/api/airtable/v0/appLocalBase/Website%20Submissions/`, {
        method: 'POST',
        headers: { Authorization: 'Bearer server-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ fields: { [name.slice(0, 200_000)]: 1 } }),
      });
      expect(reply.status).toBe(422);
      expect(reply.text.length).toBeLessThan(400);
    } finally {
      await withToken.close();
    }
  });

  it('logout and sign-in from another site are refused', async () => {
    expect((await postJson(`${server.url}/api/auth/logout`, {}, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await postJson(`${server.url}/api/auth/login`, { password: 'x' }, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('HSTS on answers that reached the browser over https (through the trusted proxy), not on plain http', async () => {
    expect((await request(`${server.url}/healthz`, { headers: { 'X-Forwarded-Proto': 'https' } })).headers.get('strict-transport-security')).toMatch(
      /max-age=\d{8}/,
    );
    expect((await request(`${server.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('a forged Host never reaches robots.txt or the sitemap when PUBLIC_URL is set; without it they vary on Host', async () => {
    const forged = { 'X-Forwarded-Host': 'evil.example' };
    const open = await request(`${server.url}/robots.txt`, { headers: forged });
    expect(open.headers.get('vary')).toMatch(/Host/);
    const pinned = await startServer({ publicUrl: 'https://www.team.example', trustProxy: 1 });
    try {
      const robots = await request(`${pinned.url}/robots.txt`, { headers: forged });
      expect(robots.text).toContain('https://www.team.example/sitemap.xml');
      expect(robots.text).not.toContain('evil.example');
      const sitemap = await request(`${pinned.url}/sitemap.xml`, { headers: forged });
      expect(sitemap.text).not.toContain('evil.example');
      expect(sitemap.text).toContain('<loc>https://www.team.example/active-listings</loc>');
    } finally {
      await pinned.close();
    }
  });

  it('a full disk answers 503 with Retry-After, not 500', async () => {
    const full = await startServer(
      {},
      {
        plugins: [
          (app) =>
            app.route('POST', '/test/full', () => {
              throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
            }),
        ],
      },
    );
    try {
      const reply = await postJson(`${full.url}/test/full`, {});
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('60');
    } finally {
      await full.close();
    }
  });

  it('chat: messages are limited per network too', async () => {
    const limited = await startServer({ chatRateLimit: 3 }, { plugins: [(await import('../assistant')).registerAssistant] });
    try {
      const sessionId = randomUUID();
      const statuses: number[] = [];
      let cookie = '';
      for (let i = 0; i < 5; i++) {
        const reply = await postJson(
          `${limited.url}/chat/webhook`,
          { action: 'sendMessage', sessionId, chatInput: `hello ${i}` },
          { Origin: limited.url, ...(cookie ? { Cookie: cookie } : {}) },
        );
        cookie ||= (reply.headers.get('set-cookie') ?? '').split(';')[0] as string;
        statuses.push(reply.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('formulas from the search box cannot freeze the server', () => {
  let server: TestServer;
  // the engine itself is proven as staff: an anonymous caller gets only the site's query shapes (publicQuery.ts)
  let staff: string;
  beforeAll(async () => {
    server = await startServer({ seedCount: 500 });
    staff = await signIn(server.url);
  }, 60_000);
  afterAll(() => server.close());
  const list = (formula: string, ip: string) =>
    postJson(
      `${server.url}/api/airtable/v0/appLocalBase/Properties/listRecords`,
      { filterByFormula: formula, pageSize: 10 },
      { 'X-Forwarded-For': ip, Cookie: staff },
    );
  type ErrorBody = { error: { type: string; message: string } };

  // the step budget (nodes × records) at a small setting: src/formula/limits.test.ts
  it('734 nested parentheses answer 422 naming the depth limit, not 500', async () => {
    const reply = await list(`${'('.repeat(734)}1${')'.repeat(734)}`, '192.0.2.101');
    expect(reply.status).toBe(422);
    expect(reply.json<ErrorBody>().error).toEqual({
      type: 'INVALID_FILTER_BY_FORMULA',
      message: expect.stringMatching(/nests more than 64 levels deep.*the limit is 64 levels/),
    });
  });

  it('3,005 terms of 1+1+… answer 422 naming the limit on operators in a row', async () => {
    const reply = await list(Array.from({ length: 3_005 }, () => '1').join('+'), '192.0.2.102');
    expect(reply.status).toBe(422);
    expect(reply.json<ErrorBody>().error.message).toMatch(/more than 1,000 operators in a row/);
  });

  it('a balanced tree of & over a long text field stops at the text limits with 422; a 1.44 MB formula at the length limit', async () => {
    const tree = (depth: number): string => (depth === 0 ? '{Description}' : `(${tree(depth - 1)}&${tree(depth - 1)})`);
    const reply = await list(`LEN(${tree(11)}) > 0`, '192.0.2.103');
    expect(reply.status).toBe(422);
    expect(reply.json<ErrorBody>().error.message).toMatch(/characters (long|of text); the limit is/);
    const huge = await list(`LEN(${tree(16)}) > 0`, '192.0.2.104');
    expect(huge.status).toBe(422);
    expect(huge.json<ErrorBody>().error.message).toMatch(/the formula is [\d,]+ characters long; the limit is 65,536 characters/);
  });

  it('an RE2 pattern that would backtrack for ever in a JavaScript RegExp runs in linear time', async () => {
    const reply = await list(`REGEX_MATCH(REPT("a", 30) & "!", "^(a+)+$")`, '192.0.2.106');
    expect(reply.status).toBe(200);
    expect(reply.json<{ records: unknown[] }>().records).toEqual([]);
  });

  it('other requests are answered while ten worst-case searches run (the bench measures the home page: npm run bench)', async () => {
    const tree = (depth: number): string => (depth === 0 ? '{Description}' : `(${tree(depth - 1)}&${tree(depth - 1)})`);
    const searches = Array.from({ length: 10 }, (_, i) => list(`LEN(${tree(11)}) > 0`, `192.0.2.${120 + i}`));
    const robots = await request(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    const answers = await Promise.all(searches);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(422));
  });
});

describe('no request can stall the server (issue 35): a closed public surface, and an engine bounded for everyone', () => {
  let server: TestServer;
  // the engine itself is proven as staff, where the public grammar would refuse the formula
  let staff: string;
  beforeAll(async () => {
    server = await startServer({ seedCount: 500, trustProxy: 1, repoRoot: repoWithAShell() });
    staff = await signIn(server.url);
  }, 60_000);
  afterAll(() => server.close());
  type ErrorBody = { error: { type: string; message: string } };
  const listRecords = (body: unknown, headers: Record<string, string>) =>
    postJson(`${server.url}/api/airtable/v0/appLocalBase/Properties/listRecords`, body, headers);
  const asStaff = (ip: string) => ({ 'X-Forwarded-For': ip, Cookie: staff });
  const timed = async (run: () => Promise<Reply>): Promise<{ reply: Reply; ms: number }> => {
    const started = performance.now();
    const reply = await run();
    return { reply, ms: performance.now() - started };
  };
  const p95 = (samples: readonly number[]): number => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1] as number;

  const parseAttack = (repeats: number) => `DATETIME_PARSE("${'1'.repeat(2 * repeats)}x", "${'DD'.repeat(repeats)}")`;
  const formatAttack = `DATETIME_FORMAT(NOW(), REPT('YYYY ', 150000))`;
  /** Within the parse-time limits, costly per record: each must end (200 or 422 naming a limit) within 1 s. */
  const costly: readonly string[] = [
    `AND(${Array.from({ length: 600 }, () => 'DATETIME_DIFF({Listing Date}, "1900-01-01", "months") > 1').join(', ')})`,
    `AND(${Array.from({ length: 300 }, () => 'IS_SAME({Listing Date}, "2026-01-01", "weeks") = 0').join(', ')})`,
    `AND(${Array.from({ length: 600 }, () => 'DATETIME_FORMAT({Listing Date}, "LLLL [at] x") != ""').join(', ')})`,
    `AND(${Array.from({ length: 1_600 }, () => '{Bedrooms} > 1').join(', ')})`,
    `LEN(SUBSTITUTE(REPT({Description}, 300), "e", "ee")) > 1`,
    `REGEX_MATCH(REPT({Description}, 300), "(a|b|c|d|e)+z")`,
    `AND(${Array.from({ length: 200 }, (_, i) => `DATETIME_PARSE(REPT("1", ${i + 100}) & "x", REPT("DD", ${i + 40}))`).join(', ')})`,
    `REPT("1", 99999) & "x" > 1`,
    `LEN(DATETIME_FORMAT({Listing Date}, REPT('YYYY ', 20000))) > 1`,
  ];

  it("DATETIME_PARSE with 'DD' × 25, 26 and 40 on digits ending in a letter: answered within 1 s (no backtracking)", async () => {
    for (const repeats of [25, 26, 40]) {
      const { reply, ms } = await timed(() => listRecords({ filterByFormula: parseAttack(repeats), pageSize: 10 }, asStaff('192.0.2.201')));
      // no date in any record: no records; on a machine too busy to read 500 records in time, the time limit's 422
      if (reply.status === 200) expect(reply.json<{ records: unknown[] }>().records).toEqual([]);
      else expect(reply.json<ErrorBody>().error.message).toMatch(/took more than the server gives one request/);
      expect(ms).toBeLessThan(1_000);
    }
    // from an anonymous caller it is not even run: 422, not a query the public API answers
    const anonymous = await listRecords({ filterByFormula: parseAttack(25) }, { 'X-Forwarded-For': '192.0.2.202' });
    expect(anonymous.status).toBe(422);
    expect(anonymous.json<ErrorBody>().error.message).toMatch(/the public records API answers only the queries the site sends/);
  });

  it("DATETIME_FORMAT(NOW(), REPT('YYYY ', 150000)): 422 within 1 s; a format within the limits 20 at once: each within 1 s", async () => {
    const { reply, ms } = await timed(() => listRecords({ filterByFormula: formatAttack }, asStaff('192.0.2.203')));
    expect(reply.status).toBe(422);
    expect(reply.json<ErrorBody>().error.message).toMatch(/a text value would be 750,000 characters long; the limit is 100,000 characters/);
    expect(ms).toBeLessThan(1_000);
    // a format of 100,000 characters, expanded on every record: the lanes take two, the line four, the rest 503
    const expanded = `LEN(DATETIME_FORMAT({Listing Date}, REPT('YYYY ', 20000))) > 1`;
    const many = await Promise.all(Array.from({ length: 20 }, () => timed(() => listRecords({ filterByFormula: expanded }, asStaff('192.0.2.204')))));
    for (const one of many) {
      expect([422, 503]).toContain(one.reply.status);
      expect(one.ms).toBeLessThan(1_000);
      if (one.reply.status === 503) expect(one.reply.headers.get('retry-after')).toBe('1');
    }
    expect(many.filter((one) => one.reply.status === 503).length).toBeGreaterThan(0);
  });

  it('POST listRecords with 50,000 sort keys: 422 within 1 s (at most one a field), for staff and anonymous callers alike', async () => {
    const sort = Array.from({ length: 50_000 }, (_, i) => ({ field: i % 2 ? 'Price' : 'Bedrooms', direction: 'desc' }));
    for (const headers of [asStaff('192.0.2.205'), { 'X-Forwarded-For': '192.0.2.206' }]) {
      const { reply, ms } = await timed(() => listRecords({ sort, pageSize: 100 }, headers));
      expect(reply.status).toBe(422);
      expect(reply.json<ErrorBody>().error.message).toMatch(/at most \d+ sort keys/);
      expect(ms).toBeLessThan(1_000);
    }
    const fields = Array.from({ length: 50_000 }, () => 'Price');
    expect((await listRecords({ fields }, asStaff('192.0.2.205'))).status).toBe(422);
  });

  it.each(costly.map((formula) => [formula.slice(0, 70), formula]))('costly within the limits, answered within 1 s: %s…', async (_name, formula) => {
    const { reply, ms } = await timed(() => listRecords({ filterByFormula: formula, pageSize: 10 }, asStaff('192.0.2.207')));
    expect([200, 422]).toContain(reply.status);
    if (reply.status === 422) expect(reply.json<ErrorBody>().error.type).toBe('INVALID_FILTER_BY_FORMULA');
    expect(ms).toBeLessThan(1_000);
  });

  it("many costly ones at once from one address: each answered within 1 s, and the home page's p95 stays within 2× of its p95 alone", async () => {
    const home = async (): Promise<number> => {
      const started = performance.now();
      const reply = await request(`${server.url}/`, { headers: { 'X-Forwarded-For': '198.51.100.10' } });
      expect(reply.status).toBe(200);
      return performance.now() - started;
    };
    const samples = 60;
    for (let i = 0; i < 5; i++) await home(); // warm
    const alone: number[] = [];
    for (let i = 0; i < samples; i++) alone.push(await home());

    // bounded: 3 rounds of 20 at once from one address, every costly kind and the two of the issue
    let attacking = true;
    const answers: { status: number; ms: number; retryAfter: string | null }[] = [];
    const formulas = [...costly, formatAttack, parseAttack(40)];
    const attack = (async () => {
      for (let round = 0; round < 3; round++) {
        const batch = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            timed(() => listRecords({ filterByFormula: formulas[(round * 20 + i) % formulas.length] }, asStaff('192.0.2.208'))),
          ),
        );
        for (const { reply, ms } of batch) answers.push({ status: reply.status, ms, retryAfter: reply.headers.get('retry-after') });
      }
      attacking = false;
    })();
    // the home page, one request after another, for as long as the attack runs (at least `samples`, at most 1,000)
    const during: number[] = [];
    while ((attacking || during.length < samples) && during.length < 1_000) during.push(await home());
    await attack;

    expect(answers).toHaveLength(60);
    for (const answer of answers) {
      expect([200, 422, 503]).toContain(answer.status);
      expect(answer.ms).toBeLessThan(1_000);
      if (answer.status === 503) expect(answer.retryAfter).toBe('1');
    }
    const [aloneP95, duringP95] = [p95(alone), p95(during)];
    expect({ aloneP95, duringP95, slowest: Math.max(...answers.map((a) => a.ms)) }).toEqual({
      aloneP95,
      duringP95: expect.any(Number),
      slowest: expect.any(Number),
    });
    // within 2x of the home page alone; a page answered in 1-2 ms (the empty app page before the build) gets a 10 ms
    // floor, below which a ratio measures timer and GC noise (an engine that stalls the loop costs 100s of ms)
    expect(duringP95).toBeLessThanOrEqual(Math.max(2 * aloneP95, aloneP95 + 10));
  }, 60_000);
});
