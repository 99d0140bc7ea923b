/**
 * The stand-alone page of a remote (ARCHITECTURE.md rule 4): renders each exposed module by itself, without the
 * shell. Used by each remote's dev server (`npm run dev -w mfe-…`).
 */
import { Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from '@emotion/react';
import { GlobalStyles } from './GlobalStyles';
import { theme } from './theme';
import { loadRuntimeConfig, setRuntimeConfig } from './runtimeConfig';
import { registerRemotesFromConfig } from './remote';
import type { RuntimeConfig } from '../core/config';

/** The whole site frame: theme and global styles. The shell and every harness wrap their pages in it. */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  );
}

/** Same-origin defaults for a harness run without the server's /config.json. */
const fallbackConfig = (): RuntimeConfig => ({
  remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
  airtable: { endpointUrl: `${window.location.origin}/api/airtable`, baseId: 'appLocalBase' },
  webhookBase: '/webhook',
  chatWebhookUrl: '/chat/webhook',
});

/** Each entry renders one exposed module with demo props: `{ ContactForm: () => <ContactForm source="default" /> }`. */
export async function mountHarness(title: string, modules: Record<string, () => ReactNode>): Promise<void> {
  try {
    const config = await loadRuntimeConfig();
    registerRemotesFromConfig(config);
  } catch {
    setRuntimeConfig(fallbackConfig());
  }
  const names = Object.keys(modules);
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <SiteFrame>
      <BrowserRouter>
        <nav
          aria-label="Harness"
          css={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 12, background: theme.color.ink, position: 'relative', zIndex: 2000 }}
        >
          <strong css={{ color: theme.color.gold }}>{title} harness</strong>
          {names.map((name) => (
            <Link key={name} to={`/${name}`} css={{ color: theme.color.ivory }}>
              {name}
            </Link>
          ))}
        </nav>
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            {names.map((name) => (
              <Route key={name} path={`/${name}/*`} element={modules[name]!()} />
            ))}
            <Route path="*" element={<p css={{ padding: 24 }}>Choose a module above.</p>} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </SiteFrame>,
  );
}
