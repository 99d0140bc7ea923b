/**
 * The site's chat configuration (spec section 2, 'Chat widget'): the assistant named in siteProfile greets in
 * three messages and asks buy, sell or invest; window mode; no welcome screen; 'Start New Conversation';
 * 'Type your question here...'. One definition for the shell (which starts the widget) and the chat remote's harness and tests.
 */
import { siteProfile } from '../core/siteProfile';
import type { ChatOptions } from './contracts';

export function siteChatOptions(webhookUrl: string): ChatOptions {
  const name = siteProfile.assistantName;
  return {
    webhookUrl,
    target: '#n8n-chat',
    mode: 'window',
    showWelcomeScreen: false,
    loadPreviousSession: true,
    enableStreaming: true,
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
