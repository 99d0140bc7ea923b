/**
 * How the outbox proves to n8n that a delivery comes from this site. n8n's Webhook node offers Header Auth, Basic
 * Auth and JWT Auth; any of them can be configured here, plus an HMAC-SHA256 signature of the exact body bytes
 * that a workflow checks itself (a Crypto node, see server/README.md):
 *   N8N_WEBHOOK_HEADER_NAME / N8N_WEBHOOK_HEADER_VALUE   Header Auth (e.g. X-Api-Key / a long random value)
 *   N8N_WEBHOOK_USER / N8N_WEBHOOK_PASSWORD              Basic Auth (or user:password written in N8N_WEBHOOK_BASE)
 *   N8N_WEBHOOK_JWT_SECRET                               JWT Auth, HS256 with a passphrase (a fresh 5-minute token per attempt)
 *   N8N_WEBHOOK_HMAC_SECRET                              X-Signature-256: sha256=<hex of HMAC(secret, "<timestamp>.<body>")>
 *                                                        and X-Signature-Timestamp: <unix seconds>
 * A contradictory setting (half a pair, Basic and JWT both in Authorization) stops the start with what to fix.
 * No value of these is ever logged: only the header names appear in the README.
 */
import crypto from 'node:crypto';

export interface N8nWebhookAuth {
  header?: { name: string; value: string };
  basic?: { user: string; password: string };
  jwtSecret?: string;
  hmacSecret?: string;
}

export const SIGNATURE_HEADER = 'X-Signature-256';
export const SIGNATURE_TIMESTAMP_HEADER = 'X-Signature-Timestamp';
/** Lifetime of a JWT sent to n8n (n8n's jsonwebtoken checks `exp`). */
export const JWT_LIFETIME_SECONDS = 300;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** True when N8N_WEBHOOK_BASE carries user:password (sent as Basic Auth, never in the URL). */
export function credentialsInUrl(webhookBase: string | undefined): boolean {
  if (!webhookBase) return false;
  try {
    const url = new URL(webhookBase);
    return Boolean(url.username || url.password);
  } catch {
    return false;
  }
}

/** Reads the N8N_WEBHOOK_* authentication settings; throws (naming the variables, never the values) when they contradict. */
export function readN8nWebhookAuth(env: NodeJS.ProcessEnv, webhookBase?: string): N8nWebhookAuth {
  const auth: N8nWebhookAuth = {};
  const basicInUrl = credentialsInUrl(webhookBase);
  const headerName = value(env, 'N8N_WEBHOOK_HEADER_NAME');
  const headerValue = value(env, 'N8N_WEBHOOK_HEADER_VALUE');
  if (Boolean(headerName) !== Boolean(headerValue)) throw new Error('Set both N8N_WEBHOOK_HEADER_NAME and N8N_WEBHOOK_HEADER_VALUE (Header Auth), or neither.');
  if (headerName && headerValue) {
    if (!TOKEN.test(headerName)) throw new Error('N8N_WEBHOOK_HEADER_NAME is not a valid header name.');
    if (/[\r\n\0]/.test(headerValue)) throw new Error('N8N_WEBHOOK_HEADER_VALUE must be one line.');
    auth.header = { name: headerName, value: headerValue };
  }
  const user = value(env, 'N8N_WEBHOOK_USER');
  const password = value(env, 'N8N_WEBHOOK_PASSWORD');
  if (Boolean(user) !== Boolean(password)) throw new Error('Set both N8N_WEBHOOK_USER and N8N_WEBHOOK_PASSWORD (Basic Auth), or neither.');
  if (user && password) {
    if (user.includes(':')) throw new Error('N8N_WEBHOOK_USER cannot contain ":" (Basic Auth separates the user from the password with it).');
    if (basicInUrl) throw new Error('Basic Auth is set twice: in N8N_WEBHOOK_BASE and in N8N_WEBHOOK_USER/N8N_WEBHOOK_PASSWORD. Keep one.');
    auth.basic = { user, password };
  }
  auth.jwtSecret = value(env, 'N8N_WEBHOOK_JWT_SECRET');
  auth.hmacSecret = value(env, 'N8N_WEBHOOK_HMAC_SECRET');
  if (auth.jwtSecret && (auth.basic || basicInUrl))
    throw new Error('Basic Auth and N8N_WEBHOOK_JWT_SECRET both need the Authorization header: n8n checks one method per Webhook node. Keep one.');
  if (auth.header && auth.header.name.toLowerCase() === 'authorization' && (auth.jwtSecret || auth.basic || basicInUrl)) {
    throw new Error('N8N_WEBHOOK_HEADER_NAME=Authorization collides with Basic/JWT Auth. Use another header name or one method.');
  }
  if (!auth.jwtSecret) delete auth.jwtSecret;
  if (!auth.hmacSecret) delete auth.hmacSecret;
  return auth;
}

/** Which methods are configured, by name only (for the start-up line and the logs). */
export function describeAuth(auth: N8nWebhookAuth | undefined, credentialsInUrl = false): string[] {
  if (!auth) return credentialsInUrl ? ['basic (from the URL)'] : [];
  return [
    ...(auth.header ? [`header ${auth.header.name}`] : []),
    ...(auth.basic ? ['basic'] : credentialsInUrl ? ['basic (from the URL)'] : []),
    ...(auth.jwtSecret ? ['jwt'] : []),
    ...(auth.hmacSecret ? ['hmac-sha256 signature'] : []),
  ];
}

const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** An HS256 JWT as n8n's JWT Auth (passphrase) verifies it: `Authorization: Bearer <token>`. */
export function signJwt(secret: string, claims: Record<string, string | number>, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ ...claims, iat: nowSeconds, exp: nowSeconds + JWT_LIFETIME_SECONDS }));
  const signature = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** HMAC-SHA256 (hex) of `<timestamp>.<body>`: what X-Signature-256 carries after `sha256=`. */
export function bodySignature(secret: string, timestamp: string, body: Buffer): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * The authentication headers of one attempt. `basicFromUrl` is the user/password written in N8N_WEBHOOK_BASE (taken
 * out of the URL by the caller). The signature and the JWT are made fresh for each attempt (timestamp now).
 */
export function authHeaders(
  auth: N8nWebhookAuth | undefined,
  body: Buffer,
  nowMs: number,
  submissionId: string,
  basicFromUrl?: { user: string; password: string },
): Record<string, string> {
  const headers: Record<string, string> = {};
  const basic = auth?.basic ?? basicFromUrl;
  if (basic) headers.Authorization = `Basic ${Buffer.from(`${basic.user}:${basic.password}`).toString('base64')}`;
  const seconds = Math.floor(nowMs / 1000);
  if (auth?.jwtSecret) headers.Authorization = `Bearer ${signJwt(auth.jwtSecret, { iss: 'website', sub: submissionId }, seconds)}`;
  if (auth?.header) headers[auth.header.name] = auth.header.value;
  if (auth?.hmacSecret) {
    const timestamp = String(seconds);
    headers[SIGNATURE_TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = `sha256=${bodySignature(auth.hmacSecret, timestamp, body)}`;
  }
  return headers;
}
