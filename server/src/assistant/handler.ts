/**
 * The n8n Chat Trigger protocol on the local assistant's URL (/chat/webhook): POST with JSON, GET with query
 * parameters, or a multipart POST with 'files' parts. action 'loadPreviousSession' answers { data: [history
 * items] }; action 'sendMessage' answers { output }. History is kept per session id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PropertyRecord } from '@gta/shared/core';
import type { RequestContext, RouteHandler } from '../http/router';
import { BodyTooLargeError, InvalidJsonError, readBody, sendJson } from '../http/respond';
import { ChatHistory, toHistoryItem } from './history';
import { MultipartError, boundaryOf, parseMultipart } from './multipart';
import { composeReply, type ChatLead } from './reply';

export const JSON_LIMIT = 64 * 1024;
export const MULTIPART_LIMIT = 10 * 1024 * 1024;
export const MESSAGE_LIMIT = 4000;
const SESSION_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

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
  /** The emails this session already left as leads. */
  leadEmails: (sessionId: string) => Promise<Set<string>>;
  /** Stores a lead for the session (committed when it resolves). */
  saveLead: (sessionId: string, lead: ChatLead) => Promise<void>;
}

class BadRequest extends Error {}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
  'Access-Control-Max-Age': '600',
};

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

export async function readChatRequest(req: IncomingMessage, ctx: RequestContext): Promise<ChatRequest> {
  if ((req.method ?? 'GET').toUpperCase() !== 'POST') return fromObject(Object.fromEntries(ctx.url.searchParams));
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary) {
    const { fields, files } = parseMultipart(await readBody(req, MULTIPART_LIMIT), boundary);
    return fromObject(fields, files.filter((f) => f.field === 'files').map((f) => f.filename.slice(0, 200)));
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

export function createChatHandler(deps: AssistantDeps): RouteHandler {
  return async (req: IncomingMessage, res: ServerResponse, ctx: RequestContext) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    let request: ChatRequest;
    try {
      request = await readChatRequest(req, ctx);
    } catch (err) {
      if (err instanceof BodyTooLargeError) return sendJson(res, 413, { message: err.message }, CORS);
      if (err instanceof InvalidJsonError || err instanceof MultipartError || err instanceof BadRequest) return sendJson(res, 400, { message: err.message }, CORS);
      throw err;
    }
    const { action, sessionId } = request;
    if (!SESSION_ID.test(sessionId)) return sendJson(res, 400, { message: 'A sessionId (letters, digits, - _ . :, at most 128) is required.' }, CORS);

    if (action === 'loadPreviousSession') {
      return sendJson(res, 200, { data: (await deps.history.list(sessionId)).map(toHistoryItem) }, CORS);
    }
    if (action === 'sendMessage') {
      const message = request.chatInput.trim();
      if (message === '' && request.fileNames.length === 0) return sendJson(res, 400, { message: 'chatInput is required.' }, CORS);
      if (message.length > MESSAGE_LIMIT) return sendJson(res, 413, { message: `A message may hold at most ${MESSAGE_LIMIT} characters.` }, CORS);
      const [history, listings, knownEmails] = await Promise.all([deps.history.list(sessionId), deps.listings(), deps.leadEmails(sessionId)]);
      // the reply is composed synchronously; the leads it takes are committed before it is sent
      const leads: ChatLead[] = [];
      const output = composeReply(message, {
        listings,
        history,
        fileNames: request.fileNames,
        saveLead: (lead) => {
          if (knownEmails.has(lead.email)) return false;
          knownEmails.add(lead.email);
          leads.push(lead);
          return true;
        },
      });
      for (const lead of leads) await deps.saveLead(sessionId, lead);
      const stored = request.fileNames.length > 0 ? `${message}${message ? '\n' : ''}(attached: ${request.fileNames.join(', ')})` : message;
      await deps.history.appendExchange(sessionId, stored, output);
      return sendJson(res, 200, { output }, CORS);
    }
    return sendJson(res, 400, { message: `Unknown action '${action}': use 'loadPreviousSession' or 'sendMessage'.` }, CORS);
  };
}
