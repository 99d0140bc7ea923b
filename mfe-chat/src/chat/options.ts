/**
 * The widget's options with the n8n chat library's defaults (spec sections 3 and 9) filled in.
 * Callers pass a partial ChatOptions; everything below reads the resolved form.
 */
import { getRuntimeConfig, type ChatI18n, type ChatOptions } from '@gta/shared';

export interface ResolvedChatOptions {
  webhookUrl: string;
  webhookConfig: { method: 'GET' | 'POST'; headers: Record<string, string> };
  target: string | Element;
  mode: 'window' | 'fullscreen';
  loadPreviousSession: boolean;
  chatInputKey: string;
  chatSessionKey: string;
  defaultLanguage: 'en';
  showWelcomeScreen: boolean;
  showWindowCloseButton: boolean;
  initialMessages: string[];
  metadata?: Record<string, unknown>;
  i18n: Record<string, ChatI18n>;
  theme: Record<string, string>;
  disabled: boolean;
  allowFileUploads: boolean;
  allowedFilesMimeTypes: string;
  /** Ask for a streamed reply (as @n8n/chat's enableStreaming does). A streamed reply is read either way. */
  enableStreaming: boolean;
  /** How long a reply may show no sign of life before the widget gives up on it (default 2 minutes). */
  replyTimeoutMs: number;
}

/** The reply timeout when neither the options nor the runtime config give one: time for an AI agent's tools. */
export const DEFAULT_REPLY_TIMEOUT_MS = 120_000;

/** The site's setting (the runtime config's chatReplyTimeoutMs, CHAT_REPLY_TIMEOUT_SECONDS on the server), if any. */
function runtimeReplyTimeout(): number | undefined {
  try {
    const ms = getRuntimeConfig().chatReplyTimeoutMs;
    return typeof ms === 'number' && Number.isFinite(ms) && ms >= 1000 ? ms : undefined;
  } catch {
    // not loaded (the remote on its own): the default
    return undefined;
  }
}

export const DEFAULT_WEBHOOK_URL = 'http://localhost:5678';
export const DEFAULT_TARGET = '#n8n-chat';

export const DEFAULT_I18N_EN: ChatI18n = {
  title: 'Hi there! 👋',
  subtitle: "Start a chat. We're here to help you 24/7.",
  footer: '',
  getStarted: 'New Conversation',
  inputPlaceholder: 'Type your question..',
  closeButtonTooltip: 'Close chat',
};

export const DEFAULT_INITIAL_MESSAGES = ['Hi there! 👋', 'My name is Nathan. How can I assist you today?'];

export function resolveOptions(options: Partial<ChatOptions>): ResolvedChatOptions {
  const i18n: Record<string, ChatI18n> = { en: { ...DEFAULT_I18N_EN } };
  for (const [language, texts] of Object.entries(options.i18n ?? {})) {
    i18n[language] = { ...(i18n[language] ?? DEFAULT_I18N_EN), ...texts };
  }
  return {
    webhookUrl: options.webhookUrl || DEFAULT_WEBHOOK_URL,
    webhookConfig: { method: options.webhookConfig?.method ?? 'POST', headers: { ...(options.webhookConfig?.headers ?? {}) } },
    target: options.target ?? DEFAULT_TARGET,
    mode: options.mode ?? 'window',
    loadPreviousSession: options.loadPreviousSession ?? true,
    chatInputKey: options.chatInputKey ?? 'chatInput',
    chatSessionKey: options.chatSessionKey ?? 'sessionId',
    defaultLanguage: options.defaultLanguage ?? 'en',
    showWelcomeScreen: options.showWelcomeScreen ?? false,
    showWindowCloseButton: options.showWindowCloseButton ?? true,
    initialMessages: options.initialMessages ?? DEFAULT_INITIAL_MESSAGES,
    metadata: options.metadata,
    i18n,
    theme: { ...(options.theme ?? {}) },
    disabled: options.disabled ?? false,
    allowFileUploads: options.allowFileUploads ?? false,
    allowedFilesMimeTypes: options.allowedFilesMimeTypes ?? '',
    enableStreaming: options.enableStreaming ?? false,
    replyTimeoutMs: options.replyTimeoutMs ?? runtimeReplyTimeout() ?? DEFAULT_REPLY_TIMEOUT_MS,
  };
}

/** The texts of the default language (falling back to English for any missing key). */
export function texts(options: ResolvedChatOptions): ChatI18n {
  return { ...DEFAULT_I18N_EN, ...(options.i18n[options.defaultLanguage] ?? {}) };
}

/**
 * The theme option as CSS custom properties on the widget root. Keys are n8n's variables ('--chat--color-primary')
 * or short names ('color-primary', taken as '--chat--color-primary').
 */
export function themeVariables(theme: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme)) out[key.startsWith('--') ? key : `--chat--${key}`] = value;
  return out;
}
