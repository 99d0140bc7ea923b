/**
 * The chat's state (spec section 4): messages, the current session id, waitingForResponse, and — unlike the
 * seed, which froze on a failed request — an error with a retry that re-enables the input.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { historyToMessages, loadPreviousSession, replyText, sendMessage, type ChatMessage } from './api';
import type { ResolvedChatOptions } from './options';
import { newUuid, readStoredSessionId, storeSessionId } from './session';

export type ChatError =
  | { kind: 'load'; message: string }
  | { kind: 'send'; message: string; text: string; files: File[] };

export interface ChatState {
  messages: ChatMessage[];
  sessionId: string | null;
  /** From sending a message until the reply is added. */
  waitingForResponse: boolean;
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

export function useChat(options: ResolvedChatOptions): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [waitingForResponse, setWaiting] = useState(false);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [error, setError] = useState<ChatError | null>(null);
  const [receivedReply, setReceivedReply] = useState(false);
  const sessionRef = useRef<string | null>(null);
  const waitingRef = useRef(false);
  const mounted = useRef(true);
  const optionsRef = useRef(options);
  optionsRef.current = options;

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

  /** Reads the stored id (or makes one), fetches its history, keeps the id only when there is history. */
  const loadHistory = useCallback(async (): Promise<void> => {
    const opts = optionsRef.current;
    if (!opts.loadPreviousSession) return;
    const id = readStoredSessionId() ?? newUuid();
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
      if (readStoredSessionId() === id) setSession(id);
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
      const opts = optionsRef.current;
      let id = sessionRef.current;
      if (!id) {
        id = newUuid();
        storeSessionId(id);
        setSession(id);
      }
      waitingRef.current = true;
      setWaiting(true);
      setError(null);
      try {
        const response = await sendMessage(text, files, id, opts);
        if (!mounted.current) return;
        setMessages((list) => [...list, { id: newUuid(), text: replyText(response), sender: 'bot' }]);
        setReceivedReply(true);
      } catch {
        if (!mounted.current) return;
        setError({ kind: 'send', message: SEND_FAILED_MESSAGE, text, files });
      } finally {
        waitingRef.current = false;
        if (mounted.current) setWaiting(false);
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
