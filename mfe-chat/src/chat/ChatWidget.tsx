/**
 * The chat widget (spec section 2, 'Chat widget'): in window mode a toggle button and a floating window, in
 * fullscreen mode the chat filling its target. The toggle renders first; the markdown renderer is fetched
 * (import()) only when the window opens or the first reply arrives.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSiteEvent, type AskedListing, type ChatContact } from '@gta/shared';
import type { ResolvedChatOptions } from './options';
import { texts, themeVariables } from './options';
import { useChat } from './useChat';
import { askAboutText, chatContext, readKnownContact, storeKnownContact } from './context';
import { MessageView } from './MessageView';
import { ChatInput, type ChatInputHandle } from './ChatInput';
import type { RenderMarkdown } from './markdown';
import type { ChatMessage } from './api';
import { ChatIcon, ChevronDownIcon, CloseIcon, NewChatIcon, RefreshIcon } from './icons';
import * as s from './styles';

function useMarkdown(wanted: boolean): RenderMarkdown | null {
  const [render, setRender] = useState<RenderMarkdown | null>(null);
  useEffect(() => {
    if (!wanted || render) return;
    let alive = true;
    import(/* webpackChunkName: "chat-markdown" */ './markdown')
      .then((mod) => {
        if (alive) setRender(() => mod.renderMarkdown);
      })
      .catch(() => {
        /* without the renderer replies stay plain text */
      });
    return () => {
      alive = false;
    };
  }, [wanted, render]);
  return render;
}

export interface ChatWidgetProps {
  options: ResolvedChatOptions;
  /** Window mode: open at start (harness, tests, the shell's launcher button). */
  initiallyOpen?: boolean;
  /** Move focus into the input at start (the visitor pressed the shell's launcher to open the chat). */
  focusOnStart?: boolean;
  /** Each increase opens the window and focuses the input (createChat's open()). */
  openRequests?: number;
}

export function ChatWidget({ options, initiallyOpen = false, focusOnStart = false, openRequests = 0 }: ChatWidgetProps) {
  const fullscreen = options.mode === 'fullscreen';
  const [open, setOpen] = useState(fullscreen || initiallyOpen);
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // what the page told the chat on the bus: the home asked about, the contact a lead form gave (kept for the tab)
  const [listing, setListing] = useState<AskedListing | null>(null);
  const [contact, setContact] = useState<ChatContact | null>(readKnownContact);
  const context = useMemo(() => chatContext(listing, contact), [listing, contact]);
  const chat = useChat(options, context);
  const t = texts(options);
  const render = useMarkdown(open || chat.receivedReply);
  const bodyRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<ChatInputHandle>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const windowId = useId();
  const titleId = useId();

  const [initialIds] = useState(() => options.initialMessages.map((_, i) => `initial-${i}`));
  const initial: ChatMessage[] = options.initialMessages.map((text, i) => ({ id: initialIds[i] ?? `initial-${i}`, text, sender: 'bot' }));
  const showWelcome = options.showWelcomeScreen && !chat.sessionId;

  const scrollToBottom = useCallback(() => {
    const el = bodyRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // to the bottom on open, on new messages, while waiting, on errors, once markdown changes the heights
  useLayoutEffect(scrollToBottom, [open, chat.messages, chat.waitingForResponse, chat.error, render, scrollToBottom]);
  useEffect(() => {
    if (!open) return;
    window.addEventListener('resize', scrollToBottom);
    const observer = typeof ResizeObserver !== 'undefined' && bodyRef.current ? new ResizeObserver(scrollToBottom) : null;
    if (observer && bodyRef.current) observer.observe(bodyRef.current);
    return () => {
      window.removeEventListener('resize', scrollToBottom);
      observer?.disconnect();
    };
  }, [open, scrollToBottom]);

  // focus into the input on open, and back into it when a reply arrives (the input was disabled while waiting)
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current && !fullscreen) inputRef.current?.focus();
    wasOpen.current = open;
  }, [open, fullscreen]);
  // focus asked for (the launcher, open()) lands once the input can take it: it is disabled while history loads
  const wantsFocus = useRef(focusOnStart);
  useEffect(() => {
    if (!wantsFocus.current || !open || chat.loadingHistory) return;
    wantsFocus.current = false;
    inputRef.current?.focus();
  });
  // from 0: a request made before the first render committed (createChat's open() right after mounting) still opens
  const seenOpenRequests = useRef(0);
  useEffect(() => {
    if (openRequests === seenOpenRequests.current) return;
    seenOpenRequests.current = openRequests;
    wantsFocus.current = true;
    setOpen(true);
  }, [openRequests]);
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (wasWaiting.current && !chat.waitingForResponse && open) inputRef.current?.focus();
    wasWaiting.current = chat.waitingForResponse;
  }, [chat.waitingForResponse, open]);

  // 'Ask about this home': open about the listing, a first question naming it in the input (a draft the visitor
  // wrote is kept), the focus in the input; Escape gives the focus back to the button that asked. With replay: asked
  // before this remote was on the page (the shell loads it then), the request is still taken.
  const askedText = useRef<string | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  useSiteEvent(
    'chat/ask-about-listing',
    (event) => {
      const text = askAboutText(event.listing);
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && !active.closest('.gta-chat')) returnFocus.current = active;
      setListing(event.listing);
      setDraft((current) => (current.trim() === '' || current === askedText.current ? text : current));
      askedText.current = text;
      wantsFocus.current = true;
      setOpen(true);
    },
    { replay: true },
  );
  // a lead form sent in this tab: the assistant is told who the visitor is, and does not ask again
  useSiteEvent(
    'lead/submitted',
    (event) => {
      if (event.version !== 2) return;
      setContact(event.contact);
      storeKnownContact(event.contact);
    },
    { replay: true },
  );

  useSiteEvent('chat/open', (event) => {
    setOpen(true);
    if (event.prompt) setDraft(event.prompt);
    window.setTimeout(() => inputRef.current?.focus(), 0);
  });

  const close = useCallback(() => {
    if (fullscreen) return;
    setOpen(false);
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back?.isConnected) {
      back.focus();
      return;
    }
    // back to the toggle at once (it stays drawn on wide screens); again after the render, where phones hide it while open
    toggleRef.current?.focus();
    window.setTimeout(() => toggleRef.current?.focus(), 0);
  }, [fullscreen]);

  const newConversation = () => {
    setListing(null);
    chat.newConversation();
  };

  const onSend = useCallback(() => {
    const text = draft;
    void chat.send(text, options.allowFileUploads ? files : []).then((sent) => {
      if (!sent) return;
      setDraft('');
      setFiles([]);
    });
  }, [chat, draft, files, options.allowFileUploads]);

  const onWindowKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !fullscreen) {
      event.stopPropagation();
      close();
    }
  };

  const rootStyle = themeVariables(options.theme);
  const busy = chat.waitingForResponse;

  const windowView = (
    <div
      id={windowId}
      role={fullscreen ? 'region' : 'dialog'}
      aria-modal={fullscreen ? undefined : false}
      aria-labelledby={titleId}
      css={fullscreen ? s.fullscreenFrame : s.windowFrame}
      onKeyDown={onWindowKeyDown}
      className="chat-window"
    >
      <header css={s.header} className="chat-header">
        <div css={{ flex: '1 1 auto', minWidth: 0 }}>
          <h2 id={titleId}>{t.title}</h2>
          {t.subtitle && <p>{t.subtitle}</p>}
        </div>
        {!showWelcome && (
          <button type="button" css={s.iconButton} onClick={newConversation} disabled={busy} aria-label={t.getStarted} title={t.getStarted}>
            <NewChatIcon />
          </button>
        )}
        {!fullscreen && options.showWindowCloseButton && (
          <button type="button" css={s.iconButton} onClick={close} aria-label={t.closeButtonTooltip} title={t.closeButtonTooltip}>
            <CloseIcon />
          </button>
        )}
      </header>
      {showWelcome ? (
        <div css={[s.body, { justifyContent: 'center', alignItems: 'center', textAlign: 'center' }]} ref={bodyRef}>
          <button type="button" css={[s.textButton, { minHeight: 48, padding: '0.8rem 1.6rem', color: s.color.accentOnLight }]} onClick={chat.startNewSession}>
            {t.getStarted}
          </button>
        </div>
      ) : (
        <>
          <div css={s.body} ref={bodyRef} className="chat-body">
            <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation" css={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
              {initial.map((m) => (
                <MessageView key={m.id} message={m} render={render} />
              ))}
              {chat.messages
                .filter((m) => m.sender === 'user' || m.text !== '')
                .map((m) => (
                  <MessageView key={m.id} message={m} render={render} />
                ))}
            </div>
            {busy && !chat.streaming && (
              <div css={s.thinkingRow} role="status" aria-label={chat.thinkingLong ? 'The assistant is still thinking' : 'The assistant is typing'}>
                <div css={s.typing} data-testid="chat-typing">
                  <span />
                  <span />
                  <span />
                </div>
                {chat.thinkingLong && (
                  <p css={s.thinkingNote} data-testid="chat-still-thinking">
                    Still thinking… this can take a minute.
                  </p>
                )}
              </div>
            )}
            {chat.error && !busy && (
              <div css={s.errorBox} role="alert">
                <p>{chat.error.message}</p>
                <button type="button" css={s.textButton} onClick={chat.retry}>
                  <RefreshIcon /> Retry
                </button>
              </div>
            )}
          </div>
          <div css={s.footerArea} className="chat-footer">
            {listing && (
              <p css={s.contextNote} data-testid="chat-context">
                About <strong>{listing.name}</strong>
              </p>
            )}
            <ChatInput
              ref={inputRef}
              value={draft}
              onChange={setDraft}
              files={files}
              onFilesChange={setFiles}
              onSend={onSend}
              placeholder={t.inputPlaceholder}
              waiting={busy}
              disabled={options.disabled || chat.loadingHistory}
              allowFileUploads={options.allowFileUploads}
              allowedFilesMimeTypes={options.allowedFilesMimeTypes}
            />
            {t.footer && <p css={s.footerNote}>{t.footer}</p>}
          </div>
        </>
      )}
    </div>
  );

  if (fullscreen) {
    return (
      <div style={rootStyle} css={{ height: '100%' }} className="gta-chat gta-chat--fullscreen">
        {windowView}
      </div>
    );
  }
  return (
    <div style={rootStyle} className="gta-chat gta-chat--window">
      {open && windowView}
      <button
        ref={toggleRef}
        type="button"
        css={[s.toggleButton, open && { '@media (max-width: 767.98px)': { display: 'none' } }]}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? windowId : undefined}
        aria-label={open ? t.closeButtonTooltip : `Open chat: ${t.title}`}
        title={open ? t.closeButtonTooltip : 'Chat with us'}
        className="chat-window-toggle"
      >
        {open ? <ChevronDownIcon /> : <ChatIcon />}
      </button>
    </div>
  );
}
