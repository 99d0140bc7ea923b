/**
 * Start-up: read the runtime config (/config.json), register the remotes it lists with the federation runtime
 * (nothing is fetched until a route needs it), then render. No remote URL is compiled into the shell.
 */
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { SiteFrame, loadRuntimeConfig, registerRemotesFromConfig, theme } from '@gta/shared';
import { routes } from './routes';

function ConfigError({ onRetry }: { onRetry: () => void }) {
  return (
    <main role="alert" css={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: theme.color.ink, color: theme.color.ivory, padding: '2rem', textAlign: 'center' }}>
      <div>
        <h1 css={{ fontSize: theme.fontSize.h2 }}>We'll be right back</h1>
        <p css={{ color: theme.color.mutedOnDark }}>The site could not load its configuration. Please try again in a moment.</p>
        <button type="button" onClick={onRetry} css={{ padding: '0.8rem 1.8rem', background: theme.color.gold, border: 'none', cursor: 'pointer', letterSpacing: '0.12em', textTransform: 'uppercase' }}>
          Try again
        </button>
      </div>
    </main>
  );
}

let root: Root | null = null;

async function start(): Promise<void> {
  root ??= createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig();
    registerRemotesFromConfig(config);
    const router = createBrowserRouter(routes);
    const app = root;
    // a transition render yields to the browser every few milliseconds instead of one long task (Total Blocking
    // Time on a slow phone); the page looks the same
    startTransition(() => {
      app.render(
        <SiteFrame>
          <RouterProvider router={router} />
        </SiteFrame>,
      );
    });
  } catch (error) {
    console.error(error);
    root.render(
      <SiteFrame>
        <ConfigError onRetry={() => void start()} />
      </SiteFrame>,
    );
  }
}

void start();
