/**
 * Starts the chat widget after the page's first paint and once the browser is idle, so it adds nothing to the
 * first load of any page (ARCHITECTURE.md rule 5). A chat that cannot load leaves the page as it is.
 */
import { getRuntimeConfig, loadRemoteModule, siteProfile, type ChatOptions, type CreateChat } from '@gta/shared';

export function siteChatOptions(webhookUrl: string): ChatOptions {
  const name = siteProfile.assistantName;
  return {
    webhookUrl,
    target: '#n8n-chat',
    mode: 'window',
    showWelcomeScreen: false,
    loadPreviousSession: true,
    initialMessages: [
      `Hello, and welcome to ${siteProfile.teamName}. I'm ${name}, the team's virtual concierge.`,
      'I can show you homes that match what you are looking for, explain the buying and selling process, or put you in touch with an agent.',
      'Are you looking to buy, sell or invest?',
    ],
    i18n: {
      en: {
        title: `Chat with ${name}`,
        subtitle: 'Ask about homes, neighbourhoods or the market. We usually reply within seconds.',
        footer: '',
        getStarted: 'Start New Conversation',
        inputPlaceholder: 'Type your question here...',
        closeButtonTooltip: 'Close chat',
      },
    },
  };
}

function whenIdle(callback: () => void): void {
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(callback, { timeout: 4000 });
  else window.setTimeout(callback, 1500);
}

export function startChatAfterFirstPaint(): void {
  const start = () =>
    whenIdle(() => {
      loadRemoteModule<{ default: CreateChat }>('chat/createChat')
        .then((mod) => mod.default(siteChatOptions(getRuntimeConfig().chatWebhookUrl)))
        .catch((error: unknown) => console.warn('The chat assistant is unavailable right now.', error));
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
