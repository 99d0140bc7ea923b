/**
 * Stand-alone harness: `npm run dev -w mfe-chat` shows an empty page with the site's chat configuration
 * (start the server for the local assistant; the dev server proxies nothing for /chat, so set the runtime config
 * or open the built remote through the server).
 */
import { createRoot } from 'react-dom/client';
import { SiteFrame, loadRuntimeConfig, siteChatOptions, theme } from '@gta/shared';
import createChat from './exposed/createChat';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <SiteFrame>
      <main css={{ padding: theme.space.xl, minHeight: '100vh' }}>
        <h1>Chat remote</h1>
        <p>The widget starts in the corner with the site configuration (siteChatOptions).</p>
      </main>
    </SiteFrame>,
  );
}

loadRuntimeConfig()
  .then((config) => config.chatWebhookUrl)
  .catch(() => '/chat/webhook')
  .then((url) => createChat(siteChatOptions(url)));
