/**
 * A fake of n8n's Webhook trigger (production URL, "Respond: Immediately"), answering as n8n's source does:
 *  - packages/cli (live webhooks): a path with no active workflow → 404
 *    {"code":404,"message":"The requested webhook \"POST <path>\" is not registered.","hint":"The workflow must be active …"};
 *    another method → 404 "This webhook is not registered for GET requests. Did you mean to make a POST request?";
 *  - packages/nodes-base/nodes/Webhook (validateWebhookAuthentication, WebhookAuthorizationError): the error is
 *    written with `resp.writeHead(code, { 'WWW-Authenticate': 'Basic realm="Webhook"' }); resp.end(message)`:
 *      basicAuth: no credentials → 401 "Authorization is required!"; wrong → 403 "Authorization data is wrong!"
 *      headerAuth: the credential's header (name lower-cased) missing or different → 403 "Authorization data is wrong!"
 *      jwtAuth: no `Authorization: <scheme> <token>` → 401 "No token provided"; a token jsonwebtoken refuses → 403
 *        with its message ("invalid signature", "jwt expired");
 *  - accepted: 200 {"message":"Workflow was started"}.
 * Every accepted request is kept with its headers, parsed body and raw bytes, as a workflow would see them.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeWebhookAuth =
  | { type: 'none' }
  | { type: 'headerAuth'; name: string; value: string }
  | { type: 'basicAuth'; user: string; password: string }
  | { type: 'jwtAuth'; secret: string };

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  rawBody: Buffer;
}

export interface FakeN8nWebhook {
  /** `http://127.0.0.1:<port>/webhook`: what N8N_WEBHOOK_BASE names. */
  base: string;
  /** Workflows started (accepted calls). */
  started: ReceivedCall[];
  /** Every request, accepted or not: `<status> <path>`. */
  attempts: string[];
  /** Activates/deactivates the workflow of a path. */
  setActive(path: string, active: boolean): void;
  setAuth(auth: FakeWebhookAuth): void;
  close(): Promise<void>;
}

const HINT =
  'The workflow must be active for a production URL to run successfully. You can activate the workflow using the toggle in the top-right of the editor.';

function authorizationError(res: http.ServerResponse, code: number, message?: string): void {
  const text = message ?? (code === 401 ? 'Authorization is required!' : code === 403 ? 'Authorization data is wrong!' : 'Authorization problem!');
  res.writeHead(code, { 'WWW-Authenticate': 'Basic realm="Webhook"' });
  res.end(text);
}

/** jsonwebtoken's HS256 verification as n8n calls it (`algorithms: [HS256]`): signature, then `exp`. Returns an error message or null. */
function verifyJwt(token: string, secret: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return 'jwt malformed';
  const [header, payload, signature] = parts as [string, string, string];
  let head: { alg?: string };
  let claims: { exp?: number };
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number };
  } catch {
    return 'invalid token';
  }
  if (head.alg !== 'HS256') return 'invalid algorithm';
  const expected = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return 'invalid signature';
  if (typeof claims.exp === 'number' && Math.floor(Date.now() / 1000) >= claims.exp) return 'jwt expired';
  return null;
}

/** The `basic-auth` package's parse, as n8n uses it: `Basic <base64 user:pass>`, or undefined. */
function parseBasic(header: string | undefined): { name: string; pass: string } | undefined {
  const m = header ? /^ *(?:[Bb][Aa][Ss][Ii][Cc]) +([A-Za-z0-9._~+/-]+=*) *$/.exec(header) : null;
  if (!m) return undefined;
  const decoded = Buffer.from(m[1] as string, 'base64').toString();
  const i = decoded.indexOf(':');
  if (i === -1) return undefined;
  return { name: decoded.slice(0, i), pass: decoded.slice(i + 1) };
}

export async function startFakeN8nWebhook(options: { auth: FakeWebhookAuth; activePaths: readonly string[] }): Promise<FakeN8nWebhook> {
  let auth = options.auth;
  const active = new Set(options.activePaths);
  const started: ReceivedCall[] = [];
  const attempts: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const path = (req.url ?? '').split('?')[0]?.replace(/^\/webhook\//, '') ?? '';
      const status = answer(req, res, path, rawBody);
      attempts.push(`${status} ${path}`);
    });
  });

  const answer = (req: http.IncomingMessage, res: http.ServerResponse, path: string, rawBody: Buffer): number => {
    if (!active.has(path)) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 404, message: `The requested webhook "${req.method} ${path}" is not registered.`, hint: HINT }));
      return 404;
    }
    if (req.method !== 'POST') {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 404, message: `This webhook is not registered for ${req.method} requests. Did you mean to make a POST request?` }));
      return 404;
    }
    if (auth.type === 'basicAuth') {
      const given = parseBasic(req.headers.authorization);
      if (!given) return (authorizationError(res, 401), 401);
      if (given.name !== auth.user || given.pass !== auth.password) return (authorizationError(res, 403), 403);
    } else if (auth.type === 'headerAuth') {
      const name = auth.name.toLowerCase();
      if (!Object.prototype.hasOwnProperty.call(req.headers, name) || req.headers[name] !== auth.value) return (authorizationError(res, 403), 403);
    } else if (auth.type === 'jwtAuth') {
      const token = req.headers.authorization?.split(' ')[1];
      if (!token) return (authorizationError(res, 401, 'No token provided'), 401);
      const problem = verifyJwt(token, auth.secret);
      if (problem) return (authorizationError(res, 403, problem), 403);
    }
    let body: unknown = {};
    try {
      body = rawBody.length > 0 ? JSON.parse(rawBody.toString('utf8')) : {};
    } catch {
      body = {};
    }
    started.push({ path, headers: req.headers, body, rawBody });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'Workflow was started' }));
    return 200;
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/webhook`,
    started,
    attempts,
    setActive: (path, on) => (on ? active.add(path) : active.delete(path)),
    setAuth: (next) => {
      auth = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
