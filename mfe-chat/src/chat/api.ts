/**
 * The n8n Chat Trigger protocol (spec section 7, calls 11 and 12): action 'loadPreviousSession' and
 * 'sendMessage', the session id under the session key, the text under the input key, optional metadata.
 * POST sends JSON, GET sends query parameters; with files a multipart POST with one 'files' part per file.
 */
import { DEFAULT_REPLY_TIMEOUT_MS, type ResolvedChatOptions } from './options';

export { DEFAULT_REPLY_TIMEOUT_MS };

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
  /** An error the service reported while answering (a streamed error chunk): shown apart from any partial reply. */
  error?: boolean;
}

/** One item of a loadPreviousSession answer (LangChain's serialised message). */
export interface HistoryItem {
  id: string[];
  /** A string, or (LangChain, AI Agent) an array of parts such as { type: 'text', text }. */
  kwargs: { content: unknown };
}

export interface LoadPreviousSessionResponse {
  data?: HistoryItem[];
}

export type SendMessageResponse = Record<string, unknown>;

/** A request that did not get a usable answer (network down, HTTP error, not JSON). */
export class ChatRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** No sign of life for the reply timeout: the message may have reached the service, which may still answer. */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ChatRequestError';
  }
}

type Payload = Record<string, unknown>;

/*
 * A reply that shows no sign of life for options.replyTimeoutMs (DEFAULT_REPLY_TIMEOUT_MS, 2 minutes: long enough for
 * an n8n AI Agent that calls tools before its first word; the runtime config's chatReplyTimeoutMs sets it per site;
 * no byte of an answer, or no new chunk of a streamed one) fails with replyTimeoutMessage and a Retry: the visitor is
 * told, not left with a locked input.
 */

/** "2 minutes", "90 seconds": a timeout as the visitor reads it. */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} ${seconds === 60 ? 'minute' : 'minutes'}`;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

export function replyTimeoutMessage(ms: number): string {
  return `The assistant hasn't answered in ${durationText(ms)}. It may still be working on it: Retry looks for its answer before sending your message again.`;
}

/** One line of a streamed reply (n8n's StructuredChunk: Chat Trigger / Respond to Webhook in streaming mode). */
export interface StreamChunk {
  type: 'begin' | 'item' | 'end' | 'error';
  content?: unknown;
  metadata?: { nodeId?: string; nodeName?: string; runIndex?: number; itemIndex?: number; timestamp?: number };
}

const CHUNK_TYPES = new Set(['begin', 'item', 'end', 'error']);

export function isStreamChunk(value: unknown): value is StreamChunk {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && CHUNK_TYPES.has(String((value as { type?: unknown }).type));
}

/** What the widget does as a streamed reply arrives: each node run that streams is one bot message (its key). */
export interface StreamHandlers {
  onBegin: (key: string) => void;
  onText: (key: string, text: string) => void;
  onEnd: (key: string) => void;
  /** The service failed while answering (an error chunk, a proxy's error page): said apart from the partial reply. */
  onError: (key: string, text: string) => void;
}

export const STREAM_ERROR_PREFIX = 'Sorry, the assistant ran into a problem';

/**
 * Reads a reply as it arrives. A body whose first line is a stream chunk ({"type":"begin"|"item"|"end"|"error"})
 * is n8n's newline-delimited JSON stream and is handed to the handlers line by line; anything else is read whole
 * as the classic JSON answer ({ output }).
 */
export class ReplyReader {
  private mode: 'unknown' | 'stream' | 'json' = 'unknown';
  private buffer = '';
  private whole = '';
  private current = 'default';
  private sawHtml = false;

  constructor(private readonly handlers: StreamHandlers | null) {}

  get streaming(): boolean {
    return this.mode === 'stream';
  }

  push(text: string): void {
    if (this.mode !== 'stream') this.whole += text;
    if (this.mode === 'json') return;
    this.buffer += text;
    if (this.mode === 'unknown') {
      const firstLine = this.buffer.split('\n').find((line, i, all) => line.trim() !== '' && i < all.length - 1);
      if (firstLine === undefined) return;
      if (!this.handlers || !isStreamChunk(parseOrNull(firstLine))) {
        this.mode = 'json';
        this.buffer = '';
        return;
      }
      this.mode = 'stream';
    }
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** The end of the body: the JSON answer when it was not a stream (null when it was). */
  finish(): SendMessageResponse | null {
    if (this.mode === 'unknown' && this.handlers && isStreamChunk(parseOrNull(this.whole.trim()))) this.mode = 'stream';
    if (this.mode === 'stream') {
      this.line(this.buffer);
      this.buffer = '';
      return null;
    }
    if (this.whole.trim() === '') return {};
    try {
      return JSON.parse(this.whole) as SendMessageResponse;
    } catch {
      throw new ChatRequestError('The chat service did not answer with JSON.');
    }
  }

  private line(raw: string): void {
    const line = raw.trim();
    if (line === '' || !this.handlers) return;
    const chunk = parseOrNull(line);
    if (!isStreamChunk(chunk)) {
      // not a chunk: plain text, as @n8n/chat shows it; a proxy's HTML error page (a timeout) is said in words
      if (/<!DOCTYPE|<html|<\/html>/i.test(line)) {
        if (!this.sawHtml) this.handlers.onError(this.current, `${STREAM_ERROR_PREFIX}: the connection timed out while it was answering.`);
        this.sawHtml = true;
        return;
      }
      this.handlers.onText(this.current, raw);
      return;
    }
    const meta = chunk.metadata;
    const key = meta?.nodeId ? `${meta.nodeId}-${meta.runIndex ?? 0}` : 'default';
    this.current = key;
    if (chunk.type === 'begin') this.handlers.onBegin(key);
    else if (chunk.type === 'item') this.handlers.onText(key, contentText(chunk.content));
    else if (chunk.type === 'end') this.handlers.onEnd(key);
    else {
      const detail = contentText(chunk.content);
      this.handlers.onError(key, `${STREAM_ERROR_PREFIX}${detail ? `: ${detail}` : '.'}`);
      this.handlers.onEnd(key);
    }
  }
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A watchdog that aborts the request when nothing arrives for the reply timeout; each sign of life restarts it. */
class Watchdog {
  readonly controller = new AbortController();
  timedOut = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly ms: number) {
    this.restart();
  }

  restart(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.ms);
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}

async function call<T>(url: string, init: RequestInit, timeoutMs: number, handlers: StreamHandlers | null = null): Promise<T | null> {
  const watchdog = new Watchdog(timeoutMs);
  const failed = (error: unknown, status?: number) =>
    watchdog.timedOut
      ? new ChatRequestError(replyTimeoutMessage(timeoutMs), status, true)
      : error instanceof ChatRequestError
        ? error
        : new ChatRequestError(error instanceof Error ? error.message : 'Network error', status);
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, mode: 'cors', cache: 'no-cache', signal: watchdog.controller.signal });
    } catch (error) {
      throw failed(error);
    }
    if (!response.ok) throw new ChatRequestError(`The chat service answered HTTP ${response.status}.`, response.status);
    watchdog.restart();
    const reader = new ReplyReader(handlers);
    try {
      const body = response.body;
      if (body && typeof body.getReader === 'function') {
        const stream = body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await stream.read();
          if (done) break;
          watchdog.restart();
          reader.push(decoder.decode(value, { stream: true }));
        }
        reader.push(decoder.decode());
      } else {
        reader.push(await response.text());
      }
      return reader.finish() as T | null;
    } catch (error) {
      throw failed(error, response.status);
    }
  } finally {
    watchdog.stop();
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

/**
 * @n8n/chat with enableStreaming sends exactly this Accept header (its src/api/message.ts); n8n itself streams by
 * the Chat Trigger's response mode, the local assistant streams when it sees it.
 */
export const STREAM_ACCEPT = 'text/plain';

function request<T>(options: ResolvedChatOptions, payload: Payload, handlers: StreamHandlers | null = null): Promise<T | null> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...(handlers && options.enableStreaming ? { Accept: STREAM_ACCEPT } : {}),
    ...options.webhookConfig.headers,
  };
  if (options.webhookConfig.method === 'POST') {
    return call<T>(options.webhookUrl, { method: 'POST', headers, body: JSON.stringify(payload) }, options.replyTimeoutMs, handlers);
  }
  return call<T>(withQuery(options.webhookUrl, payload), { method: 'GET', headers }, options.replyTimeoutMs, handlers);
}

function metadataOf(options: ResolvedChatOptions): Payload {
  return options.metadata ? { metadata: options.metadata } : {};
}

export async function loadPreviousSession(sessionId: string, options: ResolvedChatOptions): Promise<LoadPreviousSessionResponse> {
  const answer = await request<LoadPreviousSessionResponse>(options, {
    action: 'loadPreviousSession',
    [options.chatSessionKey]: sessionId,
    ...metadataOf(options),
  });
  return answer ?? {};
}

/**
 * Sends a message. A classic answer resolves with it ({ output }); a streamed one is handed to `handlers` as it
 * arrives and resolves with null.
 */
export function sendMessage(
  text: string,
  files: readonly File[],
  sessionId: string,
  options: ResolvedChatOptions,
  handlers: StreamHandlers | null = null,
): Promise<SendMessageResponse | null> {
  if (files.length > 0) {
    const form = new FormData();
    form.append('action', 'sendMessage');
    form.append(options.chatSessionKey, sessionId);
    form.append(options.chatInputKey, text);
    if (options.metadata) form.append('metadata', JSON.stringify(options.metadata));
    for (const file of files) form.append('files', file);
    // no Content-Type: the browser writes the multipart boundary
    const headers: Record<string, string> = handlers && options.enableStreaming ? { Accept: STREAM_ACCEPT } : {};
    for (const [key, value] of Object.entries(options.webhookConfig.headers)) if (key.toLowerCase() !== 'content-type') headers[key] = value;
    return call<SendMessageResponse>(options.webhookUrl, { method: 'POST', headers, body: form }, options.replyTimeoutMs, handlers);
  }
  return request<SendMessageResponse>(
    options,
    {
      action: 'sendMessage',
      [options.chatSessionKey]: sessionId,
      [options.chatInputKey]: text,
      ...metadataOf(options),
    },
    handlers,
  );
}

/**
 * A message's content as text. LangChain and the AI Agent may give an array of parts ([{ type: 'text', text }],
 * or strings); their text parts are joined, other parts (tool calls, images) are left out.
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (typeof content === 'number' || typeof content === 'boolean') return String(content);
  if (Array.isArray(content))
    return content
      .map(contentText)
      .filter((part) => part !== '')
      .join('');
  if (typeof content === 'object') {
    const part = content as Record<string, unknown>;
    if (typeof part.text === 'string') return part.text;
    if (part.type === 'text' && part.text !== undefined) return contentText(part.text);
    if (typeof part.content === 'string' || Array.isArray(part.content)) return contentText(part.content);
    if (typeof part.output === 'string' || Array.isArray(part.output)) return contentText(part.output);
  }
  return '';
}

function nonEmptyText(value: unknown): string | null {
  const text = typeof value === 'string' ? value : Array.isArray(value) ? contentText(value) : null;
  return text !== null && text !== '' ? text : null;
}

/** The reply text: output, else text, else message (newer n8n), else the whole answer as pretty JSON. */
export function replyText(response: unknown): string {
  if (response === null || typeof response !== 'object') return typeof response === 'string' ? response : '';
  const r = response as Record<string, unknown>;
  const text = nonEmptyText(r.output) ?? nonEmptyText(r.text) ?? nonEmptyText(r.message);
  if (text !== null) return text;
  if (Array.isArray(response)) {
    if (response.length === 1) return replyText(response[0]);
    const parts = contentText(response);
    if (parts !== '') return parts;
  }
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
    return {
      id: String(index),
      text: contentText(item?.kwargs?.content),
      sender: idPath.some((part) => String(part).includes('HumanMessage')) ? 'user' : 'bot',
    };
  });
}
