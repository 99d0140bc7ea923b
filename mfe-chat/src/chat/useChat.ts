/**
 * The chat's state (spec section 4): messages, the current session id, waitingForResponse, and — unlike the
 * seed, which froze on a failed request — an error with a retry that re-enables the input.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChatRequestError, historyToMessages, loadPreviousSession, replyText, sendMessage, type ChatMessage, type StreamHandlers } from './api';
import type { ChatContext } from '@gta/shared';
import type { ResolvedChatOptions } from './options';
import { newUuid, readStoredSessionId, storeSessionId } from './session';

/**
 * A failed load (Retry loads again); a failed send (Retry sends again; after a timeout it first reloads the session's
 * history: a message that reached the service is not sent twice); a message the service has but has not answered
 * yet (Retry looks again).
 */
export type ChatError =
  | { kind: 'load'; message: string }
  | { kind: 'send'; message: string; text: string; files: File[]; timedOut?: boolean; priorCopies?: number }
  | { kind: 'unanswered'; message: string; text: string; files: File[]; priorCopies: number };

/** After this long without a word of the reply, the typing indicator says the assistant is still thinking. */
export const STILL_THINKING_MS = 15_000;

export interface ChatState {
  messages: ChatMessage[];
  sessionId: string | null;
  /** From sending a message until the reply is complete (a streamed reply: until its last chunk). */
  waitingForResponse: boolean;
  /** A streamed reply has begun to show (the typing dots give way to the growing message). */
  streaming: boolean;
  /** STILL_THINKING_MS have passed without a word of the reply: "still thinking". */
  thinkingLong: boolean;
  /** True while the previous session is being fetched. */
  loadingHistory: boolean;
  error: ChatError | null;
  /** Bot replies have arrived from the service in this page view (used to fetch the markdown renderer). */
  receivedReply: boolean;
  send: (text: string, files: File[]) => Promise<boolean>;
  retry: () => void;
  startNewSession: () => void;
  /** Starts over: clears the messages and makes a fresh session id. */
  newConversation: () => void;
  reloadHistory: () => void;
}

export const SEND_FAILED_MESSAGE = 'Sorry, your message could not be delivered: the assistant is unreachable right now.';
export const LOAD_FAILED_MESSAGE = 'Your previous conversation could not be loaded right now.';
export const UNANSWERED_MESSAGE = 'The assistant has your message and is still working on it. Retry looks for its answer.';
export const CHECK_FAILED_MESSAGE = "Whether the assistant received your message can't be checked right now. Retry tries again.";

/** How many of the visitor's messages in a list have this text (the same question asked before). */
function copiesOf(list: readonly ChatMessage[], text: string): number {
  return list.filter((m) => m.sender === 'user' && m.text.trim() === text.trim()).length;
}

/**
 * `context`: what the page told the chat (the listing asked about, the contact a form gave), sent with each message
 * as metadata.context beside the configured metadata.
 */
export function useChat(options: ResolvedChatOptions, context?: ChatContext): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [waitingForResponse, setWaiting] = useState(false);
  const [streaming, setStreaming] = useState(false);
  const [thinkingLong, setThinkingLong] = useState(false);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [error, setError] = useState<ChatError | null>(null);
  const [receivedReply, setReceivedReply] = useState(false);
  const sessionRef = useRef<string | null>(null);
  const waitingRef = useRef(false);
  const mounted = useRef(true);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const contextRef = useRef(context);
  contextRef.current = context;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setSession = useCallback((id: string | null) => {
    sessionRef.current = id;
    setSessionId(id);
  }, []);

  const startNewSession = useCallback(() => {
    const id = newUuid();
    storeSessionId(id);
    setSession(id);
  }, [setSession]);

  /**
   * Reads the stored id (or makes and stores one) and fetches its history. The id is kept even when the history is
   * empty (n8n's default 'Load Previous Session: Off' always answers { data: [] }), so the workflow's memory
   * survives a reload or a new tab, as with @n8n/chat.
   */
  const loadHistory = useCallback(async (): Promise<void> => {
    const opts = optionsRef.current;
    if (!opts.loadPreviousSession) return;
    let id = readStoredSessionId();
    if (!id) {
      id = newUuid();
      storeSessionId(id);
    }
    // with a welcome screen, its start button begins the conversation unless there is history to show
    if (!opts.showWelcomeScreen) setSession(id);
    setLoadingHistory(true);
    try {
      const response = await loadPreviousSession(id, opts);
      if (!mounted.current) return;
      const history = historyToMessages(response);
      setMessages(history);
      setError((e) => (e?.kind === 'load' ? null : e));
      if (history.length > 0) {
        setSession(id);
        setReceivedReply(true);
      }
    } catch {
      if (!mounted.current) return;
      // keep talking in the stored session so its history is not orphaned; the visitor may retry the load
      setSession(id);
      setError({ kind: 'load', message: LOAD_FAILED_MESSAGE });
    } finally {
      if (mounted.current) setLoadingHistory(false);
    }
  }, [setSession]);

  useEffect(() => {
    let cancelled = false;
    void loadHistory().then(() => {
      if (!cancelled && mounted.current && !optionsRef.current.showWelcomeScreen && !sessionRef.current) startNewSession();
    });
    return () => {
      cancelled = true;
    };
    // runs once on start: the previous session is loaded, else a new one begins
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const messagesRef = useRef<ChatMessage[]>([]);
  messagesRef.current = messages;

  const deliver = useCallback(
    async (text: string, files: File[], priorCopies: number): Promise<void> => {
      const base = optionsRef.current;
      const context = contextRef.current;
      const opts = context ? { ...base, metadata: { ...base.metadata, context } } : base;
      let id = sessionRef.current;
      if (!id) {
        id = newUuid();
        storeSessionId(id);
        setSession(id);
      }
      waitingRef.current = true;
      setWaiting(true);
      setStreaming(false);
      setThinkingLong(false);
      setError(null);
      // no word of the reply for a while: the indicator says the assistant is still thinking (an AI agent's tools)
      const thinking = setTimeout(() => {
        if (mounted.current) setThinkingLong(true);
      }, STILL_THINKING_MS);
      // a streamed reply: each node run that streams is one bot message, growing as its chunks arrive
      const streamed = new Map<string, string>();
      const messageFor = (key: string): string => {
        let messageId = streamed.get(key);
        if (!messageId) {
          messageId = newUuid();
          streamed.set(key, messageId);
          const fresh: ChatMessage = { id: messageId, text: '', sender: 'bot' };
          setMessages((list) => [...list, fresh]);
        }
        return messageId;
      };
      const handlers: StreamHandlers = {
        onBegin: (key) => void messageFor(key),
        onText: (key, chunk) => {
          if (!mounted.current || chunk === '') return;
          const messageId = messageFor(key);
          setStreaming(true);
          setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, text: m.text + chunk } : m)));
        },
        onEnd: () => undefined,
        // a failure while answering is its own message, after whatever part of the reply came: never glued to it
        onError: (_key, said) => {
          if (!mounted.current) return;
          setStreaming(true);
          setMessages((list) => [...list, { id: newUuid(), text: said, sender: 'bot', error: true }]);
        },
      };
      try {
        const response = await sendMessage(text, files, id, opts, handlers);
        if (!mounted.current) return;
        if (response !== null) setMessages((list) => [...list, { id: newUuid(), text: replyText(response), sender: 'bot' }]);
        // a stream's messages that never received text are not left as empty bubbles
        else setMessages((list) => list.filter((m) => !(m.sender === 'bot' && m.text === '' && [...streamed.values()].includes(m.id))));
        setReceivedReply(true);
      } catch (err) {
        if (!mounted.current) return;
        setMessages((list) => list.filter((m) => !(m.sender === 'bot' && m.text === '' && [...streamed.values()].includes(m.id))));
        const timedOut = err instanceof ChatRequestError && err.timedOut;
        setError({ kind: 'send', message: timedOut ? err.message : SEND_FAILED_MESSAGE, text, files, timedOut, priorCopies });
      } finally {
        clearTimeout(thinking);
        waitingRef.current = false;
        if (mounted.current) {
          setWaiting(false);
          setStreaming(false);
          setThinkingLong(false);
        }
      }
    },
    [setSession],
  );

  const send = useCallback(
    async (text: string, files: File[]): Promise<boolean> => {
      if (text.trim() === '' || waitingRef.current || optionsRef.current.disabled) return false;
      const message: ChatMessage = { id: newUuid(), text, sender: 'user' };
      if (files.length > 0) message.files = files.map((f) => ({ name: f.name, type: f.type }));
      const priorCopies = copiesOf(messagesRef.current, text);
      setMessages((list) => [...list, message]);
      void deliver(text, files, priorCopies);
      return true;
    },
    [deliver],
  );

  /**
   * After a timeout the message may have reached the service, which may have answered since: the session's history
   * (loadPreviousSession, as n8n's Chat Trigger answers it from the workflow's memory) says. It holds the message
   * (one more copy of its text than before it was sent): shown with whatever answer it has, and not sent again;
   * it does not: sent again. History off, or a service that keeps none ({ data: [] }): it cannot tell, so it sends.
   */
  const checkThenDeliver = useCallback(
    async (text: string, files: File[], priorCopies: number): Promise<void> => {
      const opts = optionsRef.current;
      const id = sessionRef.current;
      if (!opts.loadPreviousSession || !id) return deliver(text, files, priorCopies);
      waitingRef.current = true;
      setWaiting(true);
      setError(null);
      let history: ChatMessage[];
      try {
        history = historyToMessages(await loadPreviousSession(id, opts));
      } catch {
        if (mounted.current) setError({ kind: 'unanswered', message: CHECK_FAILED_MESSAGE, text, files, priorCopies });
        return;
      } finally {
        waitingRef.current = false;
        if (mounted.current) setWaiting(false);
      }
      if (!mounted.current) return;
      if (copiesOf(history, text) <= priorCopies) return deliver(text, files, priorCopies);
      // it arrived: the history is the conversation as the service has it (with the answer, when there is one)
      setMessages(history);
      setReceivedReply(true);
      const last = [...history].reverse().find((m) => m.sender === 'user' && m.text.trim() === text.trim());
      const answered = last !== undefined && history.indexOf(last) < history.length - 1;
      if (!answered) setError({ kind: 'unanswered', message: UNANSWERED_MESSAGE, text, files, priorCopies });
    },
    [deliver],
  );

  const retry = useCallback(() => {
    if (!error || waitingRef.current) return;
    if (error.kind === 'load') void loadHistory();
    else if (error.kind === 'unanswered' || error.timedOut) void checkThenDeliver(error.text, error.files, error.priorCopies ?? 0);
    else void deliver(error.text, error.files, error.priorCopies ?? 0);
  }, [error, deliver, checkThenDeliver, loadHistory]);

  const newConversation = useCallback(() => {
    if (waitingRef.current) return;
    setMessages([]);
    setError(null);
    startNewSession();
  }, [startNewSession]);

  return {
    messages,
    sessionId,
    waitingForResponse,
    streaming,
    thinkingLong,
    loadingHistory,
    error,
    receivedReply,
    send,
    retry,
    startNewSession,
    newConversation,
    reloadHistory: () => void loadHistory(),
  };
}
