/**
 * The n8n Chat Trigger protocol (spec section 7, calls 11 and 12): action 'loadPreviousSession' and
 * 'sendMessage', the session id under the session key, the text under the input key, optional metadata.
 * POST sends JSON, GET sends query parameters; with files a multipart POST with one 'files' part per file.
 */
import type { ResolvedChatOptions } from './options';

export type Sender = 'user' | 'bot';

export interface ChatFileRef {
  name: string;
  type: string;
}

export interface ChatMessage {
  id: string;
  text: string;
  sender: Sender;
  files?: ChatFileRef[];
  /** Shown without the bubble (n8n's transparent flag). */
  transparent?: boolean;
}

/** One item of a loadPreviousSession answer (LangChain's serialised message). */
export interface HistoryItem {
  id: string[];
  kwargs: { content: string };
}

export interface LoadPreviousSessionResponse {
  data?: HistoryItem[];
}

export type SendMessageResponse = Record<string, unknown>;

/** A request that did not get a usable answer (network down, HTTP error, not JSON). */
export class ChatRequestError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'ChatRequestError';
  }
}

type Payload = Record<string, unknown>;

/** A request still unanswered after this long fails like a network error (a hung connection must not freeze the chat). */
export const REQUEST_TIMEOUT_MS = 120_000;

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, mode: 'cors', cache: 'no-cache', signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new ChatRequestError('The chat service did not answer in time.');
      throw new ChatRequestError(error instanceof Error ? error.message : 'Network error');
    }
    if (!response.ok) throw new ChatRequestError(`The chat service answered HTTP ${response.status}.`, response.status);
    try {
      return (await response.json()) as T;
    } catch {
      throw new ChatRequestError(timedOut ? 'The chat service did not answer in time.' : 'The chat service did not answer with JSON.', response.status);
    }
  } finally {
    clearTimeout(timer);
  }
}

function withQuery(url: string, payload: Payload): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const base = new URL(url, window.location.href);
  params.forEach((value, key) => base.searchParams.append(key, value));
  return base.toString();
}

function request<T>(options: ResolvedChatOptions, payload: Payload): Promise<T> {
  const headers: Record<string, string> = { ...options.webhookConfig.headers };
  if (options.webhookConfig.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    return call<T>(options.webhookUrl, { method: 'POST', headers, body: JSON.stringify(payload) });
  }
  headers['Content-Type'] = 'application/json';
  return call<T>(withQuery(options.webhookUrl, payload), { method: 'GET', headers });
}

function metadataOf(options: ResolvedChatOptions): Payload {
  return options.metadata ? { metadata: options.metadata } : {};
}

export function loadPreviousSession(sessionId: string, options: ResolvedChatOptions): Promise<LoadPreviousSessionResponse> {
  return request<LoadPreviousSessionResponse>(options, {
    action: 'loadPreviousSession',
    [options.chatSessionKey]: sessionId,
    ...metadataOf(options),
  });
}

export function sendMessage(text: string, files: readonly File[], sessionId: string, options: ResolvedChatOptions): Promise<SendMessageResponse> {
  if (files.length > 0) {
    const form = new FormData();
    form.append('action', 'sendMessage');
    form.append(options.chatSessionKey, sessionId);
    form.append(options.chatInputKey, text);
    if (options.metadata) form.append('metadata', JSON.stringify(options.metadata));
    for (const file of files) form.append('files', file);
    // no Content-Type: the browser writes the multipart boundary
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.webhookConfig.headers)) if (key.toLowerCase() !== 'content-type') headers[key] = value;
    return call<SendMessageResponse>(options.webhookUrl, { method: 'POST', headers, body: form });
  }
  return request<SendMessageResponse>(options, {
    action: 'sendMessage',
    [options.chatSessionKey]: sessionId,
    [options.chatInputKey]: text,
    ...metadataOf(options),
  });
}

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The reply text: output, else text, else message (newer n8n), else the whole answer as pretty JSON. */
export function replyText(response: unknown): string {
  if (response === null || typeof response !== 'object') return typeof response === 'string' ? response : '';
  const r = response as Record<string, unknown>;
  const text = nonEmptyText(r.output) ?? nonEmptyText(r.text) ?? nonEmptyText(r.message);
  if (text !== null) return text;
  if (Array.isArray(response) && response.length === 1) return replyText(response[0]);
  if (Object.keys(r).length === 0) return '';
  try {
    return JSON.stringify(response, null, 2);
  } catch {
    return '';
  }
}

/** History items to messages: an id path containing 'HumanMessage' is the visitor, anything else the bot. */
export function historyToMessages(response: LoadPreviousSessionResponse | null | undefined): ChatMessage[] {
  const items = Array.isArray(response?.data) ? response.data : [];
  return items.map((item, index) => {
    const idPath = Array.isArray(item?.id) ? item.id : [];
    const content = item?.kwargs?.content;
    return {
      id: String(index),
      text: typeof content === 'string' ? content : JSON.stringify(content ?? ''),
      sender: idPath.some((part) => String(part).includes('HumanMessage')) ? 'user' : 'bot',
    };
  });
}
