/**
 * Stand-alone harness (ARCHITECTURE.md rule 4): `npm run dev -w mfe-forms` renders this remote's exposed modules
 * without the shell. Start the server too (npm run serve -w server) for data and form posts.
 */
import { lazy } from 'react';
import { mountHarness } from '@gta/shared';

const ContactForm = lazy(() => import('./exposed/ContactForm'));
const LeadForm = lazy(() => import('./exposed/LeadForm'));
const LeadModal = lazy(() => import('./exposed/LeadModal'));
const PropertyInquiryForm = lazy(() => import('./exposed/PropertyInquiryForm'));
const ListWithUsPage = lazy(() => import('./exposed/ListWithUsPage'));
const NewDevelopmentPage = lazy(() => import('./exposed/NewDevelopmentPage'));
const HomeEvaluationPage = lazy(() => import('./exposed/HomeEvaluationPage'));

mountHarness('Forms', {
  ContactForm: () => <ContactForm />,
  LeadForm: () => <LeadForm />,
  LeadModal: () => <LeadModal />,
  PropertyInquiryForm: () => <PropertyInquiryForm />,
  ListWithUsPage: () => <ListWithUsPage />,
  NewDevelopmentPage: () => <NewDevelopmentPage />,
  HomeEvaluationPage: () => <HomeEvaluationPage />,
});
