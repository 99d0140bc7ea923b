import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { HydrateWhenVisible, STAFF_PATH } from '@gta/shared';
import { Navigation } from './Navigation';
import { Footer } from './Footer';
import { startChat } from './chat';
import { RouteErrorBoundary } from './screens';
import { ScrollToTop } from './scrollPosition';

export function Layout() {
  const { pathname } = useLocation();
  const chatStarted = useRef(false);
  useEffect(() => {
    // the page is interactive: the shell has hydrated or rendered (tests and tools wait for this)
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  useEffect(() => {
    // the chat is for visitors: it is not started on the staff page
    if (chatStarted.current || pathname.startsWith(STAFF_PATH)) return;
    chatStarted.current = true;
    startChat();
  }, [pathname]);
  return (
    <>
      <ScrollToTop />
      <Navigation />
      <main id="main" tabIndex={-1} css={{ outline: 'none', minHeight: '100vh' }}>
        <RouteErrorBoundary resetKey={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <HydrateWhenVisible estimatedHeight={1200}>
        <Footer />
      </HydrateWhenVisible>
    </>
  );
}
