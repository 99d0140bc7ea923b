/**
 * The props of every module a remote exposes to another part. Both sides compile against these types;
 * the module itself is loaded at run time by its id (never imported across remotes).
 */
import type { ReactNode } from 'react';
import type { ContactSource } from '../core/validation';

/** forms/ContactForm */
export interface ContactFormProps {
  source: ContactSource;
  heading?: string;
}

/** forms/LeadModal: the 'No property found / Tell us about your interest' dialog. */
export interface LeadModalProps {
  open: boolean;
  onClose: () => void;
  variant: 'active-listings' | 'featured-listings';
}

/** forms/PropertyInquiryForm on the property page. */
export interface PropertyInquiryFormProps {
  propertyName: string;
  propertyId?: string;
}

/**
 * The id of the inquiry form's 'Schedule a showing' group (preferred date and time): the property page's
 * 'Schedule a showing' button scrolls to it and puts the focus in its first field.
 */
export const SCHEDULE_SHOWING_ID = 'schedule-showing';

/** content/MortgageCalculators: the five-tab panel; a property page passes its price. */
export interface MortgageCalculatorsProps {
  price?: number;
}

/** content/CallToAction: the 'Join Our Network' section (id call-to-action) holding the contact form. */
export interface CallToActionProps {
  children?: ReactNode;
}

/** Options of chat/createChat (the n8n chat widget's options, spec section 3). */
export interface ChatI18n {
  title: string;
  subtitle: string;
  footer: string;
  getStarted: string;
  inputPlaceholder: string;
  closeButtonTooltip: string;
}

export interface ChatOptions {
  webhookUrl: string;
  webhookConfig?: { method?: 'GET' | 'POST'; headers?: Record<string, string> };
  target?: string | Element;
  mode?: 'window' | 'fullscreen';
  loadPreviousSession?: boolean;
  chatInputKey?: string;
  chatSessionKey?: string;
  defaultLanguage?: 'en';
  showWelcomeScreen?: boolean;
  showWindowCloseButton?: boolean;
  initialMessages?: string[];
  metadata?: Record<string, unknown>;
  i18n?: Record<string, Partial<ChatI18n>>;
  theme?: Record<string, string>;
  disabled?: boolean;
  allowFileUploads?: boolean;
  allowedFilesMimeTypes?: string;
  /** Ask the webhook for a streamed reply (n8n's newline-delimited JSON chunks), as @n8n/chat's option of that name. */
  enableStreaming?: boolean;
  /**
   * How long a reply may show no sign of life (no byte, no new chunk) before the widget says so and offers Retry.
   * Default: the runtime config's chatReplyTimeoutMs, else 2 minutes (an n8n AI Agent may think that long).
   */
  replyTimeoutMs?: number;
}

/** chat/createChat: mounts the widget; returns a function that unmounts it. */
/** `open`: the visitor asked for the chat (the shell's launcher button): mount with the window open and the input focused. */
export interface ChatMountOptions {
  open?: boolean;
}

/** The mounted chat: `open` opens the window and focuses the input (a visitor pressed the launcher while it loaded). */
export interface MountedChat {
  unmount: () => void;
  open?: () => void;
}

export type CreateChat = (options: ChatOptions, mount?: ChatMountOptions) => MountedChat;
