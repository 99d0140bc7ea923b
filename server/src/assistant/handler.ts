/**
 * The n8n Chat Trigger protocol on the local assistant's URL (/chat/webhook): POST with JSON, or GET with query
 * parameters. action 'loadPreviousSession' answers { data: [history items] }; action 'sendMessage' answers
 * { output }. History is kept per session id, and each session belongs to the browser that began it:
 *  - a session id must be a random one (a UUID, as the widget and @n8n/chat make, or 22+ URL-safe characters);
 *  - the first message of a session binds it to the browser's HttpOnly cookie (made on its first request if the
 *    browser has none); another browser asking for that session's history gets none, and cannot write into it.
 *    Asking for a history writes nothing: a session is kept only once a message is sent (and forgotten
 *    CHAT_SESSION_TTL after its last one, src/assistant/index.ts);
 *  - only this site's own pages may call it (CORS for the site's origin only, with the headers the page asks for);
 *    sendMessage only by POST with the site's Origin (a browser writes Origin on every POST, same-site included),
 *    so an <img> or a form on another site, or a client without Origin, cannot send messages or leave Chat Leads in
 *    a visitor's name; GET is for loadPreviousSession, which @n8n/chat sends by GET when configured so;
 *  - messages are rate-limited per address (per /64 on IPv6);
 *  - files are refused plainly (this assistant cannot pass them to anyone), without reading them into memory.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findBySlug, parseChatContext, type ChatContext, type PropertyRecord } from '@gta/shared/core';
import type { RequestContext, RouteHandler } from '../http/router';
import { BodyTooLargeError, InvalidJsonError, parseCookies, readBody, sendJson } from '../http/respond';
import { rateKey } from '../http/client';
import type { TokenBucketLimiter } from '../http/rateLimit';
import { ChatHistory, toHistoryItem } from './history';
import { MultipartError, boundaryOf } from './multipart';
import { composeReply, type ChatLead } from './reply';

/** One lead of a session: its email and name (a visitor who corrects either leaves a corrected lead). */
export const leadKey = (email: string, name: string): string => `${email.trim().toLowerCase()}\n${name.trim().toLowerCase()}`;

export const JSON_LIMIT = 64 * 1024;
export const MESSAGE_LIMIT = 4000;
/** A UUID (any version), or 22 to 128 URL-safe characters: ids a browser made at random, not 'a' or 'x'. */
export const SESSION_ID = /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9_-]{22,128})$/;
/** The browser's chat key: an HttpOnly cookie holding a random secret; the store keeps only its hash. */
export const CHAT_OWNER_COOKIE = 'gta_chat_owner';
export const NO_FILES_MESSAGE = "This chat can't receive files. Please describe what you'd like to share, or send it with the contact form.";
export const TOO_MANY_MESSAGES = 'Too many messages from your network, try again in a minute.';

export interface ChatRequest {
  action: string;
  sessionId: string;
  chatInput: string;
  metadata?: unknown;
  fileNames: string[];
}

export interface AssistantDeps {
  history: ChatHistory;
  /** The listings the assistant answers from: the same source as the pages (Airtable in Airtable mode). */
  listings: () => Promise<readonly PropertyRecord[]>;
  /** The leads this session already left, as leadKey(email, name): a corrected name or email is a new lead. */
  leadKeys: (sessionId: string) => Promise<Set<string>>;
  /** Stores a lead for the session (committed when it resolves). */
  saveLead: (sessionId: string, lead: ChatLead) => Promise<void>;
  /** Records the session's owner if it has none; resolves with the recorded owner (store.chat.claim). */
  claimSession: (sessionId: string, ownerHash: string) => Promise<string>;
  /** The session's recorded owner, if any, without writing anything (store.chat.owner). */
  sessionOwner: (sessionId: string) => Promise<string | undefined>;
  /** Messages per address; absent: no limit. */
  limiter?: TokenBucketLimiter;
}

class BadRequest extends Error {}

const HEADER_LIST = /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/;

/**
 * CORS for the site's own origin only (a page elsewhere gets no Access-Control-Allow-Origin, so the browser
 * refuses it). A preflight is answered for the headers it asks for (a widget configured with extra headers, as
 * n8n's webhookConfig.headers allows, can start).
 */
function corsHeaders(req: IncomingMessage, ctx: RequestContext): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || origin !== ctx.origin) return { Vary: 'Origin' };
  const asked = req.headers['access-control-request-headers'];
  const allowHeaders = typeof asked === 'string' && HEADER_LIST.test(asked.trim()) && asked.length <= 512 ? asked.trim() : 'Content-Type, Authorization';
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': allowHeaders,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

const hashSecret = (secret: string): string => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

function ownerCookie(secret: string, secure: boolean): string {
  return [`${CHAT_OWNER_COOKIE}=${secret}`, `Path=${'/chat'}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${365 * 24 * 3600}`, ...(secure ? ['Secure'] : [])].join(
    '; ',
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function fromObject(source: Record<string, unknown>, fileNames: string[] = []): ChatRequest {
  let metadata: unknown = source.metadata;
  if (typeof metadata === 'string' && metadata.trim().startsWith('{')) {
    try {
      metadata = JSON.parse(metadata);
    } catch {
      /* keep the text */
    }
  }
  return { action: text(source.action), sessionId: text(source.sessionId), chatInput: text(source.chatInput), metadata, fileNames };
}

/** metadata.context of a request (metadata itself is free for n8n workflows; only its context key is read here). */
export function contextOf(metadata: unknown): { ok: true; context: ChatContext } | { ok: false; error: string } {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return { ok: true, context: {} };
  return parseChatContext((metadata as { context?: unknown }).context);
}

class FilesRefused extends Error {}
class NotJson extends Error {}

export async function readChatRequest(req: IncomingMessage, ctx: RequestContext): Promise<ChatRequest> {
  if ((req.method ?? 'GET').toUpperCase() !== 'POST') return fromObject(Object.fromEntries(ctx.url.searchParams));
  if (boundaryOf(req.headers['content-type'])) {
    // never read: a 10 MB upload must not sit in memory to be thrown away
    req.resume();
    throw new FilesRefused(NO_FILES_MESSAGE);
  }
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type !== 'application/json' && Number(req.headers['content-length'] ?? 0) > 0) {
    req.resume();
    throw new NotJson('Send the message as application/json.');
  }
  const raw = await readBody(req, JSON_LIMIT);
  if (raw.length === 0) return fromObject(Object.fromEntries(ctx.url.searchParams));
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidJsonError();
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('The request body must be a JSON object.');
  return fromObject(body as Record<string, unknown>);
}

/**
 * A client that asks for a stream as @n8n/chat does with enableStreaming (Accept: text/plain), or for
 * newline-delimited JSON by name, gets the reply as n8n's Chat Trigger streams it.
 */
export function wantsStream(req: IncomingMessage): boolean {
  const accept = String(req.headers.accept ?? '').toLowerCase();
  return /(^|[\s,])(text\/plain|application\/x-ndjson)\b/.test(accept);
}

/** The reply in pieces of a few words, as a model's tokens would come: no piece is lost, the pieces join to the reply. */
export function replyPieces(output: string): string[] {
  return output.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * n8n's streaming response (StructuredChunk lines): {"type":"begin"}, one {"type":"item","content"} per piece,
 * {"type":"end"}, each with the node's metadata and a newline; Content-Type application/json as n8n sends it.
 */
async function streamReply(res: ServerResponse, output: string, headers: Record<string, string>): Promise<void> {
  res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  const metadata = () => ({ nodeId: 'assistant', nodeName: 'Assistant', itemIndex: 0, runIndex: 0, timestamp: Date.now() });
  const write = (chunk: Record<string, unknown>) => res.write(`${JSON.stringify({ ...chunk, metadata: metadata() })}\n`);
  write({ type: 'begin' });
  const pieces = replyPieces(output);
  for (let i = 0; i < pieces.length; i += 4) {
    write({ type: 'item', content: pieces.slice(i, i + 4).join('') });
    await new Promise((resolve) => setImmediate(resolve)); // each piece leaves as it is written
  }
  write({ type: 'end' });
  res.end();
}

export function createChatHandler(deps: AssistantDeps): RouteHandler {
  return async (req: IncomingMessage, res: ServerResponse, ctx: RequestContext) => {
    const cors = corsHeaders(req, ctx);
    if (req.headers.origin !== undefined && req.headers.origin !== ctx.origin) {
      req.resume();
      return sendJson(res, 403, { message: 'This chat answers the site’s own pages only.' }, cors);
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    let request: ChatRequest;
    try {
      request = await readChatRequest(req, ctx);
    } catch (err) {
      if (err instanceof FilesRefused) return sendJson(res, 415, { message: err.message }, cors);
      if (err instanceof NotJson) return sendJson(res, 415, { message: err.message }, cors);
      if (err instanceof BodyTooLargeError) return sendJson(res, 413, { message: err.message }, cors);
      if (err instanceof InvalidJsonError || err instanceof MultipartError || err instanceof BadRequest)
        return sendJson(res, 400, { message: err.message }, cors);
      throw err;
    }
    const { action, sessionId } = request;
    if (action === 'sendMessage') {
      if ((req.method ?? 'GET').toUpperCase() !== 'POST')
        return sendJson(res, 405, { message: 'Send messages by POST from the site’s own pages.' }, { ...cors, Allow: 'POST' });
      if (req.headers.origin !== ctx.origin) return sendJson(res, 403, { message: 'This chat answers the site’s own pages only.' }, cors);
    }
    if (!SESSION_ID.test(sessionId)) return sendJson(res, 400, { message: 'A sessionId made at random (a UUID) is required.' }, cors);

    // whose conversation is this? the first browser to use a session id owns it
    let secret = parseCookies(req.headers.cookie)[CHAT_OWNER_COOKIE];
    const headers: Record<string, string> = { ...cors, 'Cache-Control': 'no-store' };
    if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) {
      secret = crypto.randomBytes(32).toString('base64url');
      headers['Set-Cookie'] = ownerCookie(secret, ctx.secure);
    }
    const mine = hashSecret(secret);

    if (action === 'loadPreviousSession') {
      // another browser's conversation, or one never begun, is an empty one to this caller; nothing is written
      const owned = (await deps.sessionOwner(sessionId)) === mine;
      return sendJson(res, 200, { data: owned ? (await deps.history.list(sessionId)).map(toHistoryItem) : [] }, headers);
    }
    if (action === 'sendMessage') {
      // what the page told the widget (metadata.context): the listing asked about, a contact a lead form gave; the
      // one rule in @gta/shared, known short fields only, or the message is refused
      const context = contextOf(request.metadata);
      if (!context.ok) return sendJson(res, 400, { message: `metadata.context: ${context.error}` }, headers);
      const message = request.chatInput.trim();
      if (message === '' && request.fileNames.length === 0) return sendJson(res, 400, { message: 'chatInput is required.' }, headers);
      if (message.length > MESSAGE_LIMIT) return sendJson(res, 413, { message: `A message may hold at most ${MESSAGE_LIMIT} characters.` }, headers);
      const wait = deps.limiter ? await deps.limiter.take(rateKey(ctx.clientIp)) : 0;
      if (wait > 0) return sendJson(res, 429, { message: TOO_MANY_MESSAGES, output: TOO_MANY_MESSAGES }, { ...headers, 'Retry-After': String(wait) });
      // the session is kept from its first message, for the browser that sent it
      if ((await deps.claimSession(sessionId, mine)) !== mine)
        return sendJson(res, 403, { message: 'This conversation was started in another browser. Please start a new conversation.' }, headers);
      const [history, listings, knownLeads] = await Promise.all([deps.history.list(sessionId), deps.listings(), deps.leadKeys(sessionId)]);
      // the reply is composed synchronously; the leads it takes are committed before it is sent
      const leads: ChatLead[] = [];
      const listing = context.context.listing ? findBySlug(listings, context.context.listing.slug) : undefined;
      const output = composeReply(message, {
        listings,
        history,
        fileNames: request.fileNames,
        contact: context.context.contact,
        listing,
        saveLead: (lead) => {
          const key = leadKey(lead.email, lead.name);
          if (knownLeads.has(key)) return false;
          knownLeads.add(key);
          leads.push(lead);
          return true;
        },
      });
      for (const lead of leads) await deps.saveLead(sessionId, lead);
      await deps.history.appendExchange(sessionId, message, output);
      if (wantsStream(req)) return streamReply(res, output, headers);
      return sendJson(res, 200, { output }, headers);
    }
    return sendJson(res, 400, { message: `Unknown action '${action}': use 'loadPreviousSession' or 'sendMessage'.` }, headers);
  };
}
