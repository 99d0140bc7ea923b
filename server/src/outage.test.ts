/**
 * Replicas outlive their database (issue 35): two replicas (two apps in this process, as two processes on one
 * database behave) on one throw-away PostgreSQL take form posts while PostgreSQL is stopped for 15 s, with
 * `pg_ctl stop -m fast` (sessions ended with 57P01) and `-m immediate` (sockets cut, as a crash or a failover), then
 * started again. A third replica is started while the database is away. Checked:
 *  - no replica dies: a connection lost under a checked-out client used to throw `Unhandled 'error' event`, which
 *    ends this test process (so this test), as it ended each replica;
 *  - every answer is a 200 or a 503 with Retry-After and a message; none is cut or a 500; while the database is
 *    away, every post is a 503 and every /readyz a 503;
 *  - every acknowledged (200) post is in the database afterwards, once;
 *  - within 5 s of PostgreSQL accepting connections again, every replica (the one started during the outage too) is
 *    ready and stores posts, without a restart.
 */
import { Client } from 'pg';
import { SUBMISSION_TABLES } from '@gta/shared/core';
import { startPostgres, type ThrowAwayPostgres } from './tools/throwAwayPostgres';
import { postJson, request, startServer, testConfig, validContact, type TestServer } from './testing/harness';
import { startFakeN8nWebhook, type FakeN8nWebhook } from './testing/fakeN8nWebhook';
import { startWhenStoreOpens, type StartingServer } from './startup';

const OUTAGE_MS = 15_000;
const RECOVERY_BOUND_MS = 5_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  replica: string;
  sentAt: number;
  doneAt: number;
  /** 0: the request failed (reset, refused, cut). */
  status: number;
  retryAfter: string | null;
  body: string;
  email: string;
}

let pg: ThrowAwayPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

describe.each(['fast', 'immediate'] as const)('PostgreSQL stopped with -m %s for 15 s under form posts', (mode) => {
  let n8n: FakeN8nWebhook | undefined;
  const servers: TestServer[] = [];
  let late: StartingServer | undefined;
  afterEach(async () => {
    await late?.close().catch(() => undefined);
    for (const s of servers.splice(0)) await s.close().catch(() => undefined);
    await n8n?.close();
  });

  it('no replica exits, no acknowledged post is lost, 503 with Retry-After meanwhile, all good within 5 s of the restart', async () => {
    const databaseUrl = await pg.createDatabase(`outage_${mode}`);
    // the throw-away cluster runs with synchronous_commit off (fast tests): a commit it acknowledged may be lost by
    // -m immediate, as by a crash. A production database commits synchronously; so does this one
    const admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`ALTER DATABASE outage_${mode} SET synchronous_commit = on`);
    await admin.end();
    // the outbox polls the database too: it must live through the outage as well
    n8n = await startFakeN8nWebhook({ auth: { type: 'none' }, activePaths: Object.keys(SUBMISSION_TABLES) });
    const overrides = { databaseUrl, n8nWebhookBase: n8n.base };
    servers.push(await startServer(overrides), await startServer(overrides));
    const targets = servers.map((s) => s.url);

    const answers: Answer[] = [];
    let posting = true;
    let sent = 0;
    const poster = async (): Promise<void> => {
      while (posting) {
        const i = sent++;
        const replica = targets[i % targets.length] as string;
        const email = `outage-${mode}-${i}@example.com`;
        const sentAt = Date.now();
        const reply = await postJson(`${replica}/webhook/contact-form`, { ...validContact, email, message: `Post ${i} during the outage test.` }).catch(
          () => undefined,
        );
        answers.push({
          replica,
          sentAt,
          doneAt: Date.now(),
          status: reply?.status ?? 0,
          retryAfter: reply?.headers.get('retry-after') ?? null,
          body: reply?.text ?? '',
          email,
        });
        await sleep(100);
      }
    };
    const posters = Array.from({ length: 4 }, poster);

    await sleep(2000);
    // posts caught inside their transaction when the database goes: another session holds the submissions table's
    // row lock, so each replica's next posts wait on it with a checked-out client (the case that crashed replicas)
    const locker = new Client({ connectionString: databaseUrl });
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query("SELECT 1 FROM record_tables WHERE name = 'Website Submissions' FOR UPDATE");
    await sleep(500);
    const held = answers.length;
    const lockedAt = Date.now();
    await pg.halt(mode);
    const down = Date.now();
    await locker.end().catch(() => undefined);

    // a replica started now listens at once, unready, and waits for the database
    late = await startWhenStoreOpens(testConfig(overrides));
    const lateUrl = `http://127.0.0.1:${late.port}`;
    expect((await request(`${lateUrl}/healthz`)).status).toBe(200);
    const lateReady = await request(`${lateUrl}/readyz`);
    expect(lateReady.status).toBe(503);
    expect(lateReady.text).toMatch(/database/);
    targets.push(lateUrl);

    await sleep(1000);
    for (const s of servers) {
      const ready = await request(`${s.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.json<{ problems: string[] }>().problems.join(' ')).toMatch(/database/);
    }

    await sleep(down + OUTAGE_MS - Date.now());
    const resuming = Date.now();
    await pg.resume();
    const up = Date.now();

    // every replica ready and storing a post of its own, without a restart
    const recovered = new Map<string, number>();
    while (recovered.size < targets.length && Date.now() - up < 30_000) {
      await Promise.all(
        targets
          .filter((t) => !recovered.has(t))
          .map(async (t) => {
            const ready = await request(`${t}/readyz`).catch(() => undefined);
            if (ready?.status !== 200) return;
            const probe = await postJson(`${t}/webhook/contact-form`, { ...validContact, email: `probe-${mode}@example.com` }).catch(() => undefined);
            if (probe?.status === 200) recovered.set(t, Date.now());
          }),
      );
      if (recovered.size < targets.length) await sleep(100);
    }
    const lastRecovered = Math.max(...[...recovered.values()]);
    console.log(
      `# -m ${mode}: PostgreSQL accepting again ${up - resuming} ms after pg_ctl start; replicas ready and storing ` +
        targets.map((t) => `${recovered.has(t) ? recovered.get(t)! - up : 'never'} ms`).join(', ') +
        ' after that',
    );
    expect(recovered.size).toBe(targets.length);
    expect(lastRecovered - up).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
    await expect(late.ready).resolves.toBeDefined();

    await sleep(1500);
    posting = false;
    await Promise.all(posters);

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    console.log(`# -m ${mode}: ${answers.length} posts: ${[...byStatus].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ')}`);

    // answered, every one: stored, or told to come back
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(a.body)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/try again/i) } });
    }
    // the posts waiting inside a transaction when the database stopped were told to come back
    const caught = answers.slice(held).filter((a) => a.sentAt < lockedAt && a.doneAt >= lockedAt);
    expect(caught.length).toBeGreaterThanOrEqual(2);
    expect(caught.filter((a) => a.status !== 503)).toEqual([]);
    // while the database was away, nothing was acknowledged
    const duringOutage = answers.filter((a) => a.sentAt >= down && a.doneAt <= resuming);
    expect(duringOutage.length).toBeGreaterThan(20);
    expect(duringOutage.filter((a) => a.status !== 503)).toEqual([]);
    // and once every replica was back, everything was
    const afterwards = answers.filter((a) => a.sentAt > lastRecovered);
    expect(afterwards.length).toBeGreaterThan(5);
    expect(afterwards.filter((a) => a.status !== 200)).toEqual([]);

    // every acknowledged post is in the database, once
    const acknowledged = answers.filter((a) => a.status === 200).map((a) => ({ id: (JSON.parse(a.body) as { id: string }).id, email: a.email }));
    expect(acknowledged.length).toBeGreaterThan(20);
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string; email: string }>(
        "SELECT id, fields->>'email' AS email FROM records WHERE table_name = 'Website Submissions' AND fields->>'email' LIKE 'outage-%'",
      );
      const stored = new Map(rows.map((r) => [r.id, r.email]));
      expect(rows.length).toBe(stored.size);
      for (const a of acknowledged) expect(stored.get(a.id)).toBe(a.email);
    } finally {
      await db.end();
    }
    for (const s of servers) expect(s.app.server.listening).toBe(true);
  }, 150_000);
});
