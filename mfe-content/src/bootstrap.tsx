/**
 * Stand-alone harness (docs/architecture.md rule 4): `npm run dev -w mfe-content` renders this remote's exposed modules
 * (those exposedModules.json declares) without the shell. Start the server too (npm run serve -w server) for data and form posts.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { theme } from '@gta/shared';
import { mountHarness } from '@gta/shared/harness';

const HomeHero = lazy(() => import('./exposed/HomeHero'));
const HomeSections = lazy(() => import('./exposed/HomeSections'));
const CallToAction = lazy(() => import('./exposed/CallToAction'));
const BlogPostPage = lazy(() => import('./exposed/BlogPostPage'));

/** Stands in for the contact form the shell loads from mfe-forms into the call-to-action section. */
function FormStandIn() {
  return <p css={{ margin: 0, color: theme.color.muted }}>The contact form from mfe-forms appears here in the site.</p>;
}

mountHarness('content', {
  load: (name) => import(/* webpackExclude: /\.test\.tsx?$/ */ `./exposed/${name}`),
  demos: {
    CallToAction: () => (
      <CallToAction>
        <FormStandIn />
      </CallToAction>
    ),
    BlogPostPage: () => (
      <Routes>
        <Route path=":slug" element={<BlogPostPage />} />
        <Route index element={<BlogPostPage />} />
      </Routes>
    ),
  },
  extras: {
    Home: () => (
      <>
        <HomeHero />
        <HomeSections />
        <CallToAction>
          <FormStandIn />
        </CallToAction>
      </>
    ),
  },
});
