import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_REPLY_TIMEOUT_MS } from './api';
import userEvent from '@testing-library/user-event';
import { emit, eventBus, siteChatOptions, subscribe, type SiteEvent } from '@gta/shared';
import { ChatWidget } from './ChatWidget';
import { resolveOptions } from './options';
import { SESSION_STORAGE_KEY } from './session';
import { CONTACT_STORAGE_KEY } from './context';
import { deferred, jsonBody, mockFetch, type Answer } from './testing';
import type { ChatOptions } from '@gta/shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(options: Partial<ChatOptions> = {}, { open = true } = {}) {
  const user = userEvent.setup();
  const utils = render(<ChatWidget options={resolveOptions({ webhookUrl: '/chat/webhook', ...options })} initiallyOpen={open} />);
  return { user, ...utils };
}

const input = () => screen.getByRole('textbox', { name: 'Your message' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const log = () => screen.getByRole('log');

beforeEach(() => {
  localStorage.clear();
});

describe('start and session', () => {
  it('loads the previous session, shows it under the greetings and keeps its id', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '0b7c1a52-6f0e-4c1e-9a55-3d2f8e41c7aa');
    const { calls } = mockFetch([
      {
        body: {
          data: [
            { id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'Homes in Oakville?' } },
            { id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: 'Here are **two** homes.' } },
          ],
        },
      },
    ]);
    setup(siteChatOptions('/chat/webhook'));
    expect(await within(log()).findByText('Homes in Oakville?')).toBeInTheDocument();
    expect(jsonBody(calls[0]!)).toEqual({ action: 'loadPreviousSession', sessionId: '0b7c1a52-6f0e-4c1e-9a55-3d2f8e41c7aa' });
    const messages = log().querySelectorAll('.chat-message');
    expect(messages).toHaveLength(5); // three greetings + history
    expect(messages[0]).toHaveTextContent(/I'm Aria/);
    expect(messages[3]).toHaveAttribute('data-sender', 'user');
    expect(messages[4]).toHaveAttribute('data-sender', 'bot');
    await waitFor(() => expect(log().querySelector('strong')).toHaveTextContent('two')); // markdown once loaded
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('0b7c1a52-6f0e-4c1e-9a55-3d2f8e41c7aa');
  });

  it('starts a new session with a fresh UUID when there is no history', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'empty-session');
    mockFetch([{ body: { data: [] } }]);
    setup();
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toMatch(UUID));
    expect(within(log()).getByText('Hi there! 👋')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hi there! 👋' })).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', 'Type your question..');
  });

  it('shows the welcome screen when enabled, and the start button begins a session', async () => {
    mockFetch([{ body: { data: [] } }]);
    const { user } = setup({ showWelcomeScreen: true, i18n: { en: { getStarted: 'Start New Conversation' } } });
    const start = await screen.findByRole('button', { name: 'Start New Conversation' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(start);
    expect(input()).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toMatch(UUID);
  });

  it('new conversation clears the messages and stores a fresh id', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'old');
    mockFetch([{ body: { data: [{ id: ['HumanMessage'], kwargs: { content: 'earlier question' } }] } }]);
    const { user } = setup({ i18n: { en: { getStarted: 'Start New Conversation' } } });
    await within(log()).findByText('earlier question');
    await user.click(screen.getByRole('button', { name: 'Start New Conversation' }));
    expect(within(log()).queryByText('earlier question')).not.toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBe('old');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toMatch(UUID);
  });
});

describe('window', () => {
  it('toggle opens the dialog, focuses the input; Escape and the close button close it', async () => {
    mockFetch([{ body: { data: [] } }]);
    const { user } = setup({}, { open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /open chat/i });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('dialog', { name: 'Hi there! 👋' })).toBeInTheDocument();
    await waitFor(() => expect(input()).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /open chat/i })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: /open chat/i }));
    const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close chat' });
    expect(close).toHaveAttribute('title', 'Close chat');
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fullscreen mode shows the chat in a region with no toggle and no close button', async () => {
    mockFetch([{ body: { data: [] } }]);
    setup({ mode: 'fullscreen' }, { open: false });
    expect(screen.getByRole('region', { name: 'Hi there! 👋' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close chat|open chat/i })).not.toBeInTheDocument();
    await waitFor(() => expect(input()).toBeEnabled());
  });

  it('hides the close button when showWindowCloseButton is false', async () => {
    mockFetch([{ body: { data: [] } }]);
    setup({ showWindowCloseButton: false });
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Close chat' })).not.toBeInTheDocument();
    await waitFor(() => expect(input()).toBeEnabled());
  });
});

describe('sending', () => {
  it('Enter sends; send, input and attach are disabled and a typing indicator shows while waiting', async () => {
    const reply = deferred<Response>();
    let n = 0;
    const { calls } = mockFetch((): Answer => (n++ === 0 ? { body: { data: [] } } : () => reply.promise as Promise<never>));
    const { user } = setup({ allowFileUploads: true });
    await waitFor(() => expect(input()).toBeEnabled());
    expect(sendButton()).toBeDisabled(); // empty input
    await user.type(input(), 'Show me 3 bed homes in Oakville{Enter}');
    expect(within(log()).getByText('Show me 3 bed homes in Oakville')).toBeInTheDocument();
    expect(input()).toHaveValue('');
    expect(input()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
    expect(screen.getByTestId('chat-typing')).toBeInTheDocument();
    const body = jsonBody(calls[1]!);
    expect(body).toEqual({ action: 'sendMessage', sessionId: localStorage.getItem(SESSION_STORAGE_KEY), chatInput: 'Show me 3 bed homes in Oakville' });
    await act(async () => {
      reply.resolve({
        ok: true,
        status: 200,
        json: async () => ({ output: 'Here is [a home](/property/a-home).' }),
        text: async () => JSON.stringify({ output: 'Here is [a home](/property/a-home).' }),
      } as unknown as Response);
    });
    const link = await within(log()).findByRole('link', { name: 'a home' });
    expect(link).toHaveAttribute('href', '/property/a-home');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument();
    expect(input()).toBeEnabled();
    await waitFor(() => expect(input()).toHaveFocus());
  });

  it('Shift+Enter adds a new line instead of sending; blank input is not sent', async () => {
    const { calls } = mockFetch([{ body: { data: [] } }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), '   {Enter}');
    await user.clear(input());
    await user.type(input(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input()).toHaveValue('line one\nline two');
    expect(calls).toHaveLength(1);
  });

  it('does not send when the widget is disabled', async () => {
    const { calls } = mockFetch([{ body: { data: [] } }]);
    setup({ disabled: true });
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toMatch(UUID));
    expect(input()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(calls).toHaveLength(1);
  });

  it('arrow up and down emit the input-history event and keep the cursor where it is', async () => {
    mockFetch([{ body: { data: [] } }]);
    const events: SiteEvent[] = [];
    const off = subscribe('chat/input-history', (e) => events.push(e));
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'abc{Shift>}{Enter}{/Shift}def');
    const before = (input() as HTMLTextAreaElement).selectionStart;
    await user.keyboard('{ArrowUp}{ArrowDown}');
    off();
    expect(events).toEqual([
      { type: 'chat/input-history', version: 1, direction: 'up', value: 'abc\ndef' },
      { type: 'chat/input-history', version: 1, direction: 'down', value: 'abc\ndef' },
    ]);
    expect((input() as HTMLTextAreaElement).selectionStart).toBe(before);
  });

  it('uses text, then the pretty JSON of the answer, when there is no output', async () => {
    mockFetch([{ body: { data: [] } }, { body: { text: 'from text' } }, { body: { result: 42 } }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'one{Enter}');
    expect(await within(log()).findByText('from text')).toBeInTheDocument();
    await user.type(input(), 'two{Enter}');
    await waitFor(() => expect(log().querySelector('code')?.textContent ?? log().textContent).toContain('"result": 42'));
  });
});

describe('failure and retry', () => {
  it('a failed send shows a clear message with Retry and re-enables the input; Retry resends once', async () => {
    const { calls } = mockFetch([{ body: { data: [] } }, new TypeError('Failed to fetch'), { body: { output: 'Back online.' } }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'Anyone there?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/could not be delivered/i);
    expect(input()).toBeEnabled();
    expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: /retry/i }));
    expect(await within(log()).findByText('Back online.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(log()).getAllByText('Anyone there?')).toHaveLength(1);
    expect(jsonBody(calls[2]!).chatInput).toBe('Anyone there?');
  });

  it('a reply that never comes: after 2 minutes the widget says so and offers Retry, and the input is free again', async () => {
    let pending: RequestInit | undefined;
    mockFetch((call) => {
      if (String(call.init.body).includes('loadPreviousSession')) return { body: { data: [] } };
      pending = call.init;
      return () =>
        new Promise<never>((_resolve, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        });
    });
    setup();
    await waitFor(() => expect(input()).toBeEnabled());
    jest.useFakeTimers();
    try {
      await act(async () => {
        fireEvent.change(input(), { target: { value: 'Are you there?' } });
        fireEvent.keyDown(input(), { key: 'Enter' });
      });
      expect(pending).toBeDefined();
      expect(input()).toBeDisabled();
      await act(async () => {
        jest.advanceTimersByTime(DEFAULT_REPLY_TIMEOUT_MS - 1);
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("The assistant hasn't answered in 2 minutes");
      expect(within(alert).getByRole('button', { name: /retry/i })).toBeInTheDocument();
      expect(input()).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('after 15 s without a word the indicator says the assistant is still thinking; the reply ends it', async () => {
    const reply = deferred<Response>();
    mockFetch((call) => {
      if (String(call.init.body).includes('loadPreviousSession')) return { body: { data: [] } };
      return () => reply.promise as Promise<never>;
    });
    setup();
    await waitFor(() => expect(input()).toBeEnabled());
    jest.useFakeTimers();
    try {
      await act(async () => {
        fireEvent.change(input(), { target: { value: 'Compare the three Oakville listings' } });
        fireEvent.keyDown(input(), { key: 'Enter' });
      });
      expect(screen.getByRole('status', { name: 'The assistant is typing' })).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(14_999);
      });
      expect(screen.queryByTestId('chat-still-thinking')).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(screen.getByRole('status', { name: 'The assistant is still thinking' })).toHaveTextContent('Still thinking… this can take a minute.');
      await act(async () => {
        reply.resolve({ ok: true, status: 200, body: null, text: async () => JSON.stringify({ output: 'Here they are.' }) } as unknown as Response);
      });
      expect(await within(log()).findByText('Here they are.')).toBeInTheDocument();
      expect(screen.queryByTestId('chat-still-thinking')).not.toBeInTheDocument();
      expect(screen.queryByRole('status', { name: /assistant is/ })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('the wait is the runtime setting: replyTimeoutMs', async () => {
    mockFetch((call) => {
      if (String(call.init.body).includes('loadPreviousSession')) return { body: { data: [] } };
      return () =>
        new Promise<never>((_resolve, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        });
    });
    setup({ replyTimeoutMs: 300_000 });
    await waitFor(() => expect(input()).toBeEnabled());
    jest.useFakeTimers();
    try {
      await act(async () => {
        fireEvent.change(input(), { target: { value: 'Still there?' } });
        fireEvent.keyDown(input(), { key: 'Enter' });
      });
      await act(async () => {
        jest.advanceTimersByTime(DEFAULT_REPLY_TIMEOUT_MS);
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(300_000 - DEFAULT_REPLY_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alert')).toHaveTextContent("The assistant hasn't answered in 5 minutes");
    } finally {
      jest.useRealTimers();
    }
  });

  describe('Retry after a timeout reloads the session first: a message that reached the service is not sent twice', () => {
    const human = (text: string) => ({ id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: text } });
    const ai = (text: string) => ({ id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: text } });

    /** The first send never answers (it times out); then each loadPreviousSession answers the next history given. */
    async function timeOutThenRetry(histories: unknown[][], after: Answer[] = []) {
      let sends = 0;
      const loads = [[], ...histories];
      const { calls } = mockFetch((call) => {
        if (String(call.init.body).includes('loadPreviousSession')) return { body: { data: loads.shift() ?? [] } };
        sends += 1;
        if (sends === 1)
          return () =>
            new Promise<never>((_resolve, reject) => {
              call.init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
            });
        return after.shift() ?? { body: { output: 'sent again' } };
      });
      const { user } = setup();
      await waitFor(() => expect(input()).toBeEnabled());
      jest.useFakeTimers();
      try {
        await act(async () => {
          fireEvent.change(input(), { target: { value: 'Which homes have a pool?' } });
          fireEvent.keyDown(input(), { key: 'Enter' });
        });
        await act(async () => {
          jest.advanceTimersByTime(DEFAULT_REPLY_TIMEOUT_MS);
        });
      } finally {
        jest.useRealTimers();
      }
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Retry looks for its answer before sending your message again');
      await user.click(within(alert).getByRole('button', { name: /retry/i }));
      const sent = () => calls.filter((c) => String(c.init.body).includes('sendMessage')).length;
      return { user, calls, sent };
    }

    it('the service has it and has answered: the answer is shown, nothing is sent again', async () => {
      const { sent } = await timeOutThenRetry([[human('Which homes have a pool?'), ai('Three of them: …')]]);
      expect(await within(log()).findByText('Three of them: …')).toBeInTheDocument();
      expect(sent()).toBe(1);
      expect(within(log()).getAllByText('Which homes have a pool?')).toHaveLength(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('the service has it, not answered yet: it says so; the next Retry finds the answer, still nothing sent again', async () => {
      const { user, sent } = await timeOutThenRetry([[human('Which homes have a pool?')], [human('Which homes have a pool?'), ai('Two, in Oakville.')]]);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The assistant has your message and is still working on it.');
      await user.click(within(alert).getByRole('button', { name: /retry/i }));
      expect(await within(log()).findByText('Two, in Oakville.')).toBeInTheDocument();
      expect(sent()).toBe(1);
    });

    it('the service does not have it: it is sent again, once', async () => {
      const { sent } = await timeOutThenRetry([[]]);
      expect(await within(log()).findByText('sent again')).toBeInTheDocument();
      expect(sent()).toBe(2);
      expect(within(log()).getAllByText('Which homes have a pool?')).toHaveLength(1);
    });

    it('the same question asked before is not taken for this one', async () => {
      localStorage.setItem(SESSION_STORAGE_KEY, 'c7b9a3f0-1d2e-4f5a-8b6c-7d8e9f0a1b2c');
      let sends = 0;
      const earlier = [human('Which homes have a pool?'), ai('Earlier answer.')];
      const loads: unknown[][] = [earlier, earlier];
      const { calls } = mockFetch((call) => {
        if (String(call.init.body).includes('loadPreviousSession')) return { body: { data: loads.shift() ?? [] } };
        sends += 1;
        if (sends === 1)
          return () =>
            new Promise<never>((_resolve, reject) => {
              call.init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
            });
        return { body: { output: 'Fresh answer.' } };
      });
      const { user } = setup();
      expect(await within(log()).findByText('Earlier answer.')).toBeInTheDocument();
      jest.useFakeTimers();
      try {
        await act(async () => {
          fireEvent.change(input(), { target: { value: 'Which homes have a pool?' } });
          fireEvent.keyDown(input(), { key: 'Enter' });
        });
        await act(async () => {
          jest.advanceTimersByTime(DEFAULT_REPLY_TIMEOUT_MS);
        });
      } finally {
        jest.useRealTimers();
      }
      await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: /retry/i }));
      expect(await within(log()).findByText('Fresh answer.')).toBeInTheDocument();
      expect(calls.filter((c) => String(c.init.body).includes('sendMessage'))).toHaveLength(2);
    });
  });

  it('an HTTP error also fails clearly', async () => {
    mockFetch([{ body: { data: [] } }, { status: 500, body: { message: 'Error in workflow' } }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/unreachable/);
    expect(input()).toBeEnabled();
  });

  it('a failed history load keeps the stored session and offers a retry', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '5d0e2c1b-8a47-4f3e-b1c2-7e9a0d6f4b11');
    mockFetch([new TypeError('offline'), { body: { data: [{ id: ['HumanMessage'], kwargs: { content: 'old question' } }] } }]);
    const { user } = setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/previous conversation could not be loaded/i);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('5d0e2c1b-8a47-4f3e-b1c2-7e9a0d6f4b11');
    expect(input()).toBeEnabled();
    await user.click(within(alert).getByRole('button', { name: /retry/i }));
    expect(await within(log()).findByText('old question')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('sanitising', () => {
  it('a reply holding <script> or onerror runs nothing', async () => {
    const w = window as unknown as { __pwned?: number };
    w.__pwned = 0;
    mockFetch([
      { body: { data: [] } },
      {
        body: {
          output:
            'Hello <script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"> <a href="javascript:window.__pwned=3">click</a> <iframe src="https://evil.example"></iframe>',
        },
      },
    ]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'hi{Enter}');
    await waitFor(() => expect(log().querySelectorAll('[data-sender="bot"]')).toHaveLength(3));
    const reply = log().querySelectorAll('[data-sender="bot"]')[2]!;
    await waitFor(() => expect(reply.querySelector('p')).not.toBeNull());
    expect(reply.querySelector('script')).toBeNull();
    expect(reply.querySelector('iframe')).toBeNull();
    expect(reply.querySelector('[onerror]')).toBeNull();
    expect(reply.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect(w.__pwned).toBe(0);
  });

  it('highlights fenced code in the supported languages', async () => {
    mockFetch([{ body: { data: [] } }, { body: { output: '```ts\nconst price: number = 1;\n```' } }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'code please{Enter}');
    await waitFor(() => expect(log().querySelector('code.language-typescript .hljs-keyword')).not.toBeNull());
  });
});

describe('files', () => {
  it('has no attach button unless uploads are allowed', async () => {
    mockFetch([{ body: { data: [] } }]);
    setup();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Attach files' })).not.toBeInTheDocument();
  });

  it('lists chosen files (accumulating, allowed types only), removes them, previews them, and sends multipart', async () => {
    const { calls } = mockFetch([{ body: { data: [] } }, { body: { output: 'Thanks for the plans.' } }]);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const createObjectURL = jest.fn(() => 'blob:preview');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const { user } = setup({ allowFileUploads: true, allowedFilesMimeTypes: 'image/*,application/pdf' });
    await waitFor(() => expect(input()).toBeEnabled());
    const picker = screen.getByTestId('chat-file-input') as HTMLInputElement;
    expect(picker).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(picker).toHaveAttribute('multiple');
    await user.upload(picker, [new File(['1'], 'plan.pdf', { type: 'application/pdf' })]);
    await user.upload(picker, [new File(['2'], 'front.jpg', { type: 'image/jpeg' }), new File(['3'], 'notes.exe', { type: 'application/x-msdownload' })]);
    const list = screen.getByRole('list', { name: 'Files to send' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['plan.pdf', 'front.jpg']);
    await user.click(within(list).getByRole('button', { name: 'front.jpg' }));
    expect(createObjectURL).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('blob:preview', '_blank', 'noopener');
    await user.click(screen.getByRole('button', { name: 'Remove front.jpg' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.type(input(), 'my floor plan{Enter}');
    expect(await within(log()).findByText('Thanks for the plans.')).toBeInTheDocument();
    const form = calls[1]!.init.body as FormData;
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['plan.pdf']);
    expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument();
    expect(within(log()).getByRole('list', { name: 'Attached files' })).toHaveTextContent('plan.pdf');
    open.mockRestore();
  });
});

describe('layout', () => {
  // jsdom does no layout: give elements a scrollHeight and a scrollTop that remembers what the widget writes
  const scrollTops = new WeakMap<Element, number>();
  let heightOf: (el: HTMLElement) => number = () => 0;
  const saved = {
    scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
    scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop'),
  };
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return heightOf(this);
      },
    });
    Object.defineProperty(Element.prototype, 'scrollTop', {
      configurable: true,
      get(this: Element) {
        return scrollTops.get(this) ?? 0;
      },
      set(this: Element, value: number) {
        scrollTops.set(this, value);
      },
    });
  });
  afterAll(() => {
    if (saved.scrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', saved.scrollHeight);
    if (saved.scrollTop) Object.defineProperty(Element.prototype, 'scrollTop', saved.scrollTop);
  });
  afterEach(() => {
    heightOf = () => 0;
  });

  const body = () => document.querySelector('.chat-body') as HTMLElement;
  /** The message list is as tall as 100 px per message in it. */
  const listHeight = (el: HTMLElement) => (el.classList.contains('chat-body') ? 100 * el.querySelectorAll('.chat-message').length : 0);

  it('scrolls the message list to the bottom on open, on new messages and on window resize', async () => {
    heightOf = listHeight;
    mockFetch([{ body: { data: [] } }, { body: { output: 'A reply.' } }]);
    const { user } = setup({}, { open: false });
    await user.click(screen.getByRole('button', { name: /open chat/i }));
    expect(body().scrollTop).toBe(200); // the two default greetings
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'hello{Enter}');
    await within(log()).findByText('A reply.');
    expect(body().scrollTop).toBe(400);
    body().scrollTop = 0; // the visitor scrolled up
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(body().scrollTop).toBe(400);
  });

  it('grows the textarea with its text up to 480 px', async () => {
    heightOf = (el) => (el instanceof HTMLTextAreaElement ? 24 * Math.max(1, el.value.split('\n').length) : 0);
    mockFetch([{ body: { data: [] } }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(input().style.height).toBe('24px');
    await user.type(input(), 'one{Shift>}{Enter}{/Shift}two{Shift>}{Enter}{/Shift}three');
    expect(input().style.height).toBe('72px');
    await user.clear(input());
    await user.type(input(), Array.from({ length: 22 }, (_, i) => `line ${i}`).join('{Shift>}{Enter}{/Shift}'));
    expect(input().style.height).toBe('480px');
  });
});

describe('options', () => {
  it('with loadPreviousSession off, asks for no history and starts a fresh session', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '0b7c1a52-6f0e-4c1e-9a55-3d2f8e41c7aa');
    const { calls } = mockFetch([{ body: { output: 'Hello.' } }]);
    const { user } = setup({ loadPreviousSession: false });
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toMatch(UUID));
    expect(calls).toHaveLength(0);
    await user.type(input(), 'hi{Enter}');
    await within(log()).findByText('Hello.');
    expect(jsonBody(calls[0]!)).toEqual({ action: 'sendMessage', sessionId: localStorage.getItem(SESSION_STORAGE_KEY), chatInput: 'hi' });
  });

  it('shows the configured subtitle and footer, and applies the theme as CSS variables', async () => {
    mockFetch([{ body: { data: [] } }]);
    const { container } = setup({ i18n: { en: { subtitle: 'We reply fast.', footer: 'Powered by the team' } }, theme: { 'color-primary': '#123456' } });
    await waitFor(() => expect(input()).toBeEnabled());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('We reply fast.')).toBeInTheDocument();
    expect(within(dialog).getByText('Powered by the team')).toBeInTheDocument();
    expect((container.firstElementChild as HTMLElement).style.getPropertyValue('--chat--color-primary')).toBe('#123456');
  });
});

describe('against an n8n Chat Trigger in streaming mode with history off', () => {
  const chunk = (type: string, content?: string) =>
    `${JSON.stringify({ type, ...(content !== undefined ? { content } : {}), metadata: { nodeId: 'agent', nodeName: 'AI Agent', itemIndex: 0, runIndex: 0, timestamp: 1 } })}\n`;

  it('renders the streamed reply as one message, without an error or a second run', async () => {
    const { calls } = mockFetch([{ body: { data: [] } }, { stream: [chunk('begin'), chunk('item', 'Hello '), chunk('item', '**there**'), chunk('end')] }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'Hi{Enter}');
    await waitFor(() => expect(log().querySelector('strong')).toHaveTextContent('there'));
    const bot = log().querySelectorAll('.chat-message-from-bot');
    expect(bot[bot.length - 1]).toHaveTextContent('Hello there');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => String(c.init.body).includes('sendMessage'))).toHaveLength(1);
  });

  it('a failure while streaming is shown apart from the partial reply, not glued to it', async () => {
    const error = `${JSON.stringify({ type: 'error', content: 'Model overloaded', metadata: { nodeId: 'agent', runIndex: 0 } })}\n`;
    mockFetch([{ body: { data: [] } }, { stream: [chunk('begin'), chunk('item', 'Echo from n8'), error] }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'Hi{Enter}');
    const failure = await waitFor(() => {
      const found = log().querySelector('[data-error="true"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(failure).toHaveTextContent('Error: Sorry, the assistant ran into a problem: Model overloaded');
    const bot = [...log().querySelectorAll('.chat-message-from-bot')].map((m) => m.textContent?.trim());
    expect(bot.slice(-2)).toEqual(['Assistant: Echo from n8', 'Error: Sorry, the assistant ran into a problem: Model overloaded']);
    expect(log()).not.toHaveTextContent('Echo from n8Sorry');
    expect(input()).toBeEnabled();
  });

  it('keeps the visitor’s session id across page loads although history answers { data: [] }', async () => {
    const first = mockFetch([{ body: { data: [] } }, { body: { output: 'ok' } }]);
    const page = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await page.user.type(input(), 'Hi{Enter}');
    await within(log()).findByText('ok');
    const id = jsonBody(first.calls[1]!).sessionId as string;
    expect(id).toMatch(UUID);
    page.unmount();
    const second = mockFetch([{ body: { data: [] } }]);
    setup();
    await waitFor(() => expect(second.calls).toHaveLength(1));
    expect(jsonBody(second.calls[0]!).sessionId).toBe(id);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(id);
  });

  it('shows an AI message given as an array of parts as text, not JSON', async () => {
    mockFetch([{ body: { data: [{ id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: [{ type: 'text', text: 'From history.' }] } }] } }]);
    setup();
    expect(await within(log()).findByText('From history.')).toBeInTheDocument();
    expect(log()).not.toHaveTextContent('"type"');
  });
});

describe('what the page tells the chat on the event bus', () => {
  const LISTING = { slug: 'lakeshore-manor', name: 'Lakeshore Manor', address: '120 Lakeshore Road East, Oakville', path: '/property/lakeshore-manor' };
  afterEach(() => {
    // the bus keeps the last event of each type for late subscribers: the next test starts from a quiet page
    eventBus.setState({ latest: {} });
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it("'Ask about this home' pressed before the chat was there: it opens naming the home, focus in the input, and Escape returns to the button", async () => {
    const { calls } = mockFetch((call): Answer =>
      jsonBody(call).action === 'loadPreviousSession' ? { body: { data: [] } } : { body: { output: 'It has 5 bedrooms.' } },
    );
    const ask = document.createElement('button');
    ask.textContent = 'Ask about this home';
    document.body.appendChild(ask);
    ask.focus();
    emit({ type: 'chat/ask-about-listing', version: 1, listing: LISTING });
    const { user } = setup({}, { open: false });
    const dialog = await screen.findByRole('dialog');
    expect(input()).toHaveValue("I'd like to know more about Lakeshore Manor, 120 Lakeshore Road East, Oakville.");
    expect(within(dialog).getByTestId('chat-context')).toHaveTextContent('About Lakeshore Manor');
    await waitFor(() => expect(input()).toHaveFocus());
    await user.keyboard('{Enter}');
    await within(log()).findByText('It has 5 bedrooms.');
    const sent = calls.map(jsonBody).find((b) => b.action === 'sendMessage');
    expect(sent).toMatchObject({
      chatInput: "I'd like to know more about Lakeshore Manor, 120 Lakeshore Road East, Oakville.",
      metadata: { context: { listing: { slug: 'lakeshore-manor', name: 'Lakeshore Manor' } } },
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ask).toHaveFocus();
  });

  it('asked while open, keeps a question the visitor is writing', async () => {
    mockFetch([{ body: { data: [] } }]);
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'Do you have condos?');
    act(() => emit({ type: 'chat/ask-about-listing', version: 1, listing: LISTING }));
    expect(input()).toHaveValue('Do you have condos?');
    expect(screen.getByTestId('chat-context')).toHaveTextContent('About Lakeshore Manor');
  });

  it('a lead form sent in this tab: the contact goes with each message, also after a reload, and nothing more is kept', async () => {
    const { calls } = mockFetch((call): Answer => (jsonBody(call).action === 'loadPreviousSession' ? { body: { data: [] } } : { body: { output: 'Noted.' } }));
    emit({ type: 'lead/submitted', version: 1, form: 'home-evaluation' });
    emit({ type: 'lead/submitted', version: 2, form: 'contact-form', contact: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    const first = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await first.user.type(input(), 'Can an agent call me?{Enter}');
    await within(log()).findByText('Noted.');
    expect(calls.map(jsonBody).find((b) => b.action === 'sendMessage')).toMatchObject({
      metadata: { context: { contact: { name: 'Ada Lovelace', email: 'ada@example.com' } } },
    });
    expect(JSON.parse(sessionStorage.getItem(CONTACT_STORAGE_KEY) ?? 'null')).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
    first.unmount();

    // a new page view in the same tab: the bus is empty, the tab still knows
    eventBus.setState({ latest: {} });
    calls.length = 0;
    const second = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await second.user.type(input(), 'And on Saturday?{Enter}');
    await waitFor(() => expect(calls.map(jsonBody).some((b) => b.action === 'sendMessage')).toBe(true));
    expect(calls.map(jsonBody).find((b) => b.action === 'sendMessage')).toMatchObject({ metadata: { context: { contact: { email: 'ada@example.com' } } } });
  });

  it('without any of it, a message carries no context', async () => {
    const { calls } = mockFetch((call): Answer => (jsonBody(call).action === 'loadPreviousSession' ? { body: { data: [] } } : { body: { output: 'Hello.' } }));
    const { user } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'Hi{Enter}');
    await within(log()).findByText('Hello.');
    expect(calls.map(jsonBody).find((b) => b.action === 'sendMessage')).not.toHaveProperty('metadata');
  });
});
