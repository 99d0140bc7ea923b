/**
 * Stand-alone harness (ARCHITECTURE.md rule 4): `npm run dev -w mfe-content` renders this remote's exposed modules
 * without the shell. Start the server too (npm run serve -w server) for data and form posts.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { mountHarness, theme } from '@gta/shared';

const HomeHero = lazy(() => import('./exposed/HomeHero'));
const HomeSections = lazy(() => import('./exposed/HomeSections'));
const CallToAction = lazy(() => import('./exposed/CallToAction'));
const AboutPage = lazy(() => import('./exposed/AboutPage'));
const ContactPage = lazy(() => import('./exposed/ContactPage'));
const BuyingResourcesPage = lazy(() => import('./exposed/BuyingResourcesPage'));
const BuyersGuidePage = lazy(() => import('./exposed/BuyersGuidePage'));
const SellingResourcesPage = lazy(() => import('./exposed/SellingResourcesPage'));
const SellersGuidePage = lazy(() => import('./exposed/SellersGuidePage'));
const PreferredPartnersPage = lazy(() => import('./exposed/PreferredPartnersPage'));
const MovingGuidePage = lazy(() => import('./exposed/MovingGuidePage'));
const PreConstructionPage = lazy(() => import('./exposed/PreConstructionPage'));
const CustomHomesPage = lazy(() => import('./exposed/CustomHomesPage'));
const OurOfficesPage = lazy(() => import('./exposed/OurOfficesPage'));
const PrivacyPolicyPage = lazy(() => import('./exposed/PrivacyPolicyPage'));
const NeighbourhoodGuidePage = lazy(() => import('./exposed/NeighbourhoodGuidePage'));
const BlogListPage = lazy(() => import('./exposed/BlogListPage'));
const BlogPostPage = lazy(() => import('./exposed/BlogPostPage'));
const MortgageCalculatorPage = lazy(() => import('./exposed/MortgageCalculatorPage'));
const MortgageCalculators = lazy(() => import('./exposed/MortgageCalculators'));

/** Stands in for the contact form the shell loads from mfe-forms into the call-to-action section. */
function FormStandIn() {
  return <p css={{ margin: 0, color: theme.color.muted }}>The contact form from mfe-forms appears here in the site.</p>;
}

mountHarness('Content', {
  Home: () => (
    <>
      <HomeHero />
      <HomeSections />
      <CallToAction>
        <FormStandIn />
      </CallToAction>
    </>
  ),
  HomeHero: () => <HomeHero />,
  HomeSections: () => <HomeSections />,
  CallToAction: () => (
    <CallToAction>
      <FormStandIn />
    </CallToAction>
  ),
  AboutPage: () => <AboutPage />,
  ContactPage: () => <ContactPage />,
  BuyingResourcesPage: () => <BuyingResourcesPage />,
  BuyersGuidePage: () => <BuyersGuidePage />,
  SellingResourcesPage: () => <SellingResourcesPage />,
  SellersGuidePage: () => <SellersGuidePage />,
  PreferredPartnersPage: () => <PreferredPartnersPage />,
  MovingGuidePage: () => <MovingGuidePage />,
  PreConstructionPage: () => <PreConstructionPage />,
  CustomHomesPage: () => <CustomHomesPage />,
  OurOfficesPage: () => <OurOfficesPage />,
  PrivacyPolicyPage: () => <PrivacyPolicyPage />,
  NeighbourhoodGuidePage: () => <NeighbourhoodGuidePage />,
  BlogListPage: () => <BlogListPage />,
  BlogPostPage: () => (
    <Routes>
      <Route path=":slug" element={<BlogPostPage />} />
      <Route index element={<BlogPostPage />} />
    </Routes>
  ),
  MortgageCalculatorPage: () => <MortgageCalculatorPage />,
  MortgageCalculators: () => <MortgageCalculators />,
});
