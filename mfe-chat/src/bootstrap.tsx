/** Stand-alone harness: `npm run dev -w mfe-chat` mounts the widget on an empty page (start the server for the local assistant). */
import { loadRuntimeConfig } from '@gta/shared';
import createChat from './exposed/createChat';

loadRuntimeConfig()
  .catch(() => ({ chatWebhookUrl: '/chat/webhook' }))
  .then((config) => createChat({ webhookUrl: config.chatWebhookUrl }));
