/**
 * The chat's state (spec section 4): messages, the current session id, waitingForResponse, and — unlike the
 * seed, which froze on a failed request — an error with a retry that re-enables the input.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ChatRequestError,
  REPLY_TIMEOUT_MESSAGE,
  historyToMessages,
  loadPreviousSession,
  replyText,
  sendMessage,
  type ChatMessage,
  type StreamHandlers,
} from './api';
import type { ChatContext } from '@gta/shared';
import type { ResolvedChatOptions } from './options';
import { newUuid, readStoredSessionId, storeSessionId } from './session';

export type ChatError = { kind: 'load'; message: string } | { kind: 'send'; message: string; text: string; files: File[] };

export interface ChatState {
  messages: ChatMessage[];
  sessionId: string | null;
  /** From sending a message until the reply is complete (a streamed reply: until its last chunk). */
  waitingForResponse: boolean;
  /** A streamed reply has begun to show (the typing dots give way to the growing message). */
  streaming: boolean;
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

/**
 * `context`: what the page told the chat (the listing asked about, the contact a form gave), sent with each message
 * as metadata.context beside the configured metadata.
 */
export function useChat(options: ResolvedChatOptions, context?: ChatContext): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [waitingForResponse, setWaiting] = useState(false);
  const [streaming, setStreaming] = useState(false);
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

  const deliver = useCallback(
    async (text: string, files: File[]): Promise<void> => {
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
      setError(null);
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
        const message = err instanceof ChatRequestError && err.message === REPLY_TIMEOUT_MESSAGE ? REPLY_TIMEOUT_MESSAGE : SEND_FAILED_MESSAGE;
        setError({ kind: 'send', message, text, files });
      } finally {
        waitingRef.current = false;
        if (mounted.current) {
          setWaiting(false);
          setStreaming(false);
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
      setMessages((list) => [...list, message]);
      void deliver(text, files);
      return true;
    },
    [deliver],
  );

  const retry = useCallback(() => {
    if (!error || waitingRef.current) return;
    if (error.kind === 'send') void deliver(error.text, error.files);
    else void loadHistory();
  }, [error, deliver, loadHistory]);

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
