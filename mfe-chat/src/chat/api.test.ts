import {
  ChatRequestError,
  ReplyReader,
  DEFAULT_REPLY_TIMEOUT_MS,
  STREAM_ACCEPT,
  STREAM_ERROR_PREFIX,
  contentText,
  historyToMessages,
  loadPreviousSession,
  replyText,
  sendMessage,
} from './api';
import { setRuntimeConfig, type RuntimeConfig } from '@gta/shared';
import { resolveOptions, DEFAULT_I18N_EN, DEFAULT_INITIAL_MESSAGES, themeVariables } from './options';
import { jsonBody, mockFetch } from './testing';

describe('options', () => {
  it('fills in the n8n library defaults', () => {
    const o = resolveOptions({ webhookUrl: '' });
    expect(o.webhookUrl).toBe('http://localhost:5678');
    expect(o.webhookConfig).toEqual({ method: 'POST', headers: {} });
    expect(o.target).toBe('#n8n-chat');
    expect(o.mode).toBe('window');
    expect(o.loadPreviousSession).toBe(true);
    expect(o.chatInputKey).toBe('chatInput');
    expect(o.chatSessionKey).toBe('sessionId');
    expect(o.defaultLanguage).toBe('en');
    expect(o.showWelcomeScreen).toBe(false);
    expect(o.allowFileUploads).toBe(false);
    expect(o.disabled).toBe(false);
    expect(o.initialMessages).toEqual(DEFAULT_INITIAL_MESSAGES);
    expect(o.i18n.en).toEqual(DEFAULT_I18N_EN);
    expect(o.i18n.en!.getStarted).toBe('New Conversation');
    expect(o.i18n.en!.inputPlaceholder).toBe('Type your question..');
  });

  it("waits for a reply 2 minutes, or what the site's runtime config says, or what the options say", () => {
    expect(resolveOptions({ webhookUrl: '/w' }).replyTimeoutMs).toBe(120_000);
    const config = {
      remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
      airtable: { endpointUrl: '/api/airtable', baseId: 'appLocal' },
      webhookBase: '/webhook',
      chatWebhookUrl: '/chat/webhook',
      chatReplyTimeoutMs: 300_000,
    } satisfies RuntimeConfig;
    setRuntimeConfig(config);
    expect(resolveOptions({ webhookUrl: '/w' }).replyTimeoutMs).toBe(300_000);
    expect(resolveOptions({ webhookUrl: '/w', replyTimeoutMs: 45_000 }).replyTimeoutMs).toBe(45_000);
    setRuntimeConfig({ ...config, chatReplyTimeoutMs: undefined });
    expect(resolveOptions({ webhookUrl: '/w' }).replyTimeoutMs).toBe(120_000);
  });

  it('merges partial i18n over the defaults', () => {
    const o = resolveOptions({ webhookUrl: '/w', i18n: { en: { getStarted: 'Start New Conversation' } } });
    expect(o.i18n.en!.getStarted).toBe('Start New Conversation');
    expect(o.i18n.en!.closeButtonTooltip).toBe('Close chat');
  });

  it('maps theme keys to CSS variables', () => {
    expect(themeVariables({ 'color-primary': '#000', '--chat--header--color': '#fff' })).toEqual({
      '--chat--color-primary': '#000',
      '--chat--header--color': '#fff',
    });
  });
});

describe('requests', () => {
  it('POSTs JSON with the action, session key, input key and metadata', async () => {
    const { calls } = mockFetch([{ body: { data: [] } }, { body: { output: 'hi' } }]);
    const o = resolveOptions({
      webhookUrl: 'https://n8n.example/webhook/x/chat',
      metadata: { page: '/' },
      chatSessionKey: 'sid',
      chatInputKey: 'q',
      webhookConfig: { headers: { 'X-Key': 'k' } },
    });
    await loadPreviousSession('abc', o);
    await sendMessage('hello', [], 'abc', o);
    expect(calls[0]!.url).toBe('https://n8n.example/webhook/x/chat');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.mode).toBe('cors');
    expect(calls[0]!.init.cache).toBe('no-cache');
    expect(calls[0]!.init.headers).toEqual({ 'X-Key': 'k', 'Content-Type': 'application/json' });
    expect(jsonBody(calls[0]!)).toEqual({ action: 'loadPreviousSession', sid: 'abc', metadata: { page: '/' } });
    expect(jsonBody(calls[1]!)).toEqual({ action: 'sendMessage', sid: 'abc', q: 'hello', metadata: { page: '/' } });
  });

  it('uses GET with query parameters when the method is GET', async () => {
    const { calls } = mockFetch([{ body: { output: 'ok' } }]);
    const o = resolveOptions({ webhookUrl: 'https://n8n.example/chat?x=1', webhookConfig: { method: 'GET' } });
    await sendMessage('3 bed in Oakville', [], 's1', o);
    const url = new URL(calls[0]!.url);
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('action')).toBe('sendMessage');
    expect(url.searchParams.get('sessionId')).toBe('s1');
    expect(url.searchParams.get('chatInput')).toBe('3 bed in Oakville');
  });

  it('sends files as a multipart POST with one files part per file and no Content-Type', async () => {
    const { calls } = mockFetch([{ body: { output: 'got them' } }]);
    const o = resolveOptions({
      webhookUrl: '/chat/webhook',
      webhookConfig: { method: 'GET', headers: { 'Content-Type': 'x', 'X-A': '1' } },
      metadata: { a: 1 },
    });
    const files = [new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['b'], 'b.png', { type: 'image/png' })];
    await sendMessage('see attached', files, 's2', o);
    const init = calls[0]!.init;
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'X-A': '1' });
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('action')).toBe('sendMessage');
    expect(form.get('sessionId')).toBe('s2');
    expect(form.get('chatInput')).toBe('see attached');
    expect(form.get('metadata')).toBe('{"a":1}');
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['a.txt', 'b.png']);
  });

  it('rejects on HTTP errors and network failures', async () => {
    mockFetch([{ status: 502, body: {} }, new TypeError('Failed to fetch')]);
    const o = resolveOptions({ webhookUrl: '/w' });
    await expect(sendMessage('x', [], 's', o)).rejects.toThrow('HTTP 502');
    await expect(sendMessage('x', [], 's', o)).rejects.toThrow('Failed to fetch');
  });
});

describe('a request that never answers', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('is aborted after the timeout and fails like a network error', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    (globalThis as { fetch: typeof fetch }).fetch = ((_url: string | URL | Request, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        signal = init.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      })) as typeof fetch;
    const pending = sendMessage('hello?', [], 's', resolveOptions({ webhookUrl: '/w' }));
    const outcome = pending.then(
      () => null,
      (error: unknown) => error,
    );
    // 2 minutes by default: an n8n AI Agent may think that long (issue 39)
    expect(DEFAULT_REPLY_TIMEOUT_MS).toBe(120_000);
    jest.advanceTimersByTime(DEFAULT_REPLY_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    const error = await outcome;
    expect(signal?.aborted).toBe(true);
    expect(error).toBeInstanceOf(ChatRequestError);
    expect((error as ChatRequestError).message).toMatch(/hasn't answered in 2 minutes/);
    expect((error as ChatRequestError).timedOut).toBe(true);
  });

  it('clears its timer once answered', async () => {
    jest.useFakeTimers();
    mockFetch([{ body: { output: 'quick' } }]);
    await expect(sendMessage('hi', [], 's', resolveOptions({ webhookUrl: '/w' }))).resolves.toEqual({ output: 'quick' });
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('answers', () => {
  it('reads output, else text, else message, else pretty JSON', () => {
    expect(replyText({ output: 'a', text: 'b' })).toBe('a');
    expect(replyText({ text: 'b' })).toBe('b');
    expect(replyText({ message: 'c' })).toBe('c');
    expect(replyText({ foo: 1 })).toBe('{\n  "foo": 1\n}');
    expect(replyText({})).toBe('');
    expect(replyText([{ output: 'from an array' }])).toBe('from an array');
  });

  it('maps history items: HumanMessage ids are the visitor, the rest the bot, ids are indexes', () => {
    const messages = historyToMessages({
      data: [
        { id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'hello' } },
        { id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: 'hi!' } },
      ],
    });
    expect(messages).toEqual([
      { id: '0', text: 'hello', sender: 'user' },
      { id: '1', text: 'hi!', sender: 'bot' },
    ]);
    expect(historyToMessages({})).toEqual([]);
    expect(historyToMessages(null)).toEqual([]);
  });
});

describe("n8n's streamed replies (newline-delimited JSON chunks)", () => {
  const events = () => {
    const log: string[] = [];
    return {
      log,
      handlers: {
        onBegin: (k: string) => log.push(`begin ${k}`),
        onText: (k: string, t: string) => log.push(`${k}: ${t}`),
        onEnd: (k: string) => log.push(`end ${k}`),
        onError: (k: string, t: string) => log.push(`error ${k}: ${t}`),
      },
    };
  };
  const meta = (nodeId: string, runIndex = 0) => ({ nodeId, nodeName: 'AI Agent', itemIndex: 0, runIndex, timestamp: 1 });

  it('hands each chunk over as it arrives, even when a line is cut between two reads', () => {
    const { log, handlers } = events();
    const reader = new ReplyReader(handlers);
    const body =
      [
        JSON.stringify({ type: 'begin', metadata: meta('agent') }),
        JSON.stringify({ type: 'item', content: 'Land transfer ', metadata: meta('agent') }),
        JSON.stringify({ type: 'item', content: 'tax is $14,475.', metadata: meta('agent') }),
        JSON.stringify({ type: 'end', metadata: meta('agent') }),
      ].join('\n') + '\n';
    reader.push(body.slice(0, 130)); // the first line whole, the second cut
    expect(reader.streaming).toBe(true);
    reader.push(body.slice(130));
    expect(reader.finish()).toBeNull();
    expect(log).toEqual(['begin agent-0', 'agent-0: Land transfer ', 'agent-0: tax is $14,475.', 'end agent-0']);
  });

  it('reads a classic answer (pretty-printed JSON too) whole, and an error chunk in words', () => {
    const json = new ReplyReader(events().handlers);
    json.push('{\n  "output": "Hello"\n}');
    expect(json.finish()).toEqual({ output: 'Hello' });
    const { log, handlers } = events();
    const failed = new ReplyReader(handlers);
    failed.push('{"type":"begin"}\n{"type":"error","content":"Model overloaded"}\n');
    expect(failed.finish()).toBeNull();
    expect(log).toEqual(['begin default', `error default: ${STREAM_ERROR_PREFIX}: Model overloaded`, 'end default']);
  });

  it('asks for a stream with the Accept header @n8n/chat sends, only when streaming is enabled', async () => {
    const { calls } = mockFetch([{ stream: ['{"type":"item","content":"Hi"}\n'] }, { body: { output: 'x' } }]);
    const { handlers } = events();
    await sendMessage('hi', [], 's', resolveOptions({ webhookUrl: '/w', enableStreaming: true }), handlers);
    await sendMessage('hi', [], 's', resolveOptions({ webhookUrl: '/w' }), handlers);
    expect((calls[0]!.init.headers as Record<string, string>).Accept).toBe(STREAM_ACCEPT);
    expect((calls[1]!.init.headers as Record<string, string>).Accept).toBeUndefined();
  });
});

describe('content given as an array of parts', () => {
  it('is text, in history and in replies', () => {
    const parts = [
      { type: 'text', text: 'Two homes ' },
      { type: 'tool_use', id: 't1', input: {} },
      { type: 'text', text: 'match.' },
    ];
    expect(contentText(parts)).toBe('Two homes match.');
    expect(replyText({ output: parts })).toBe('Two homes match.');
    expect(historyToMessages({ data: [{ id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: parts } }] })[0]!.text).toBe('Two homes match.');
  });
});
