/**
 * Every module the shell shows, by remote and exposed name. Nothing here is imported: each is loaded at run time
 * through the federation runtime when its route is first rendered (route-level splitting by remote).
 */
import { remoteComponent, type CallToActionProps, type ContactFormProps } from '@gta/shared';

/** A page region: a full viewport is reserved while it loads, so the footer does not jump. */
const page = (id: string) => remoteComponent<object>(id, 'this page', '100vh');

export const Pages = {
  activeListings: page('listings/ActiveListingsPage'),
  featuredListings: page('listings/FeaturedListingsPage'),
  property: page('listings/PropertyPage'),
  cityListings: page('listings/CityListingsPage'),
  about: page('content/AboutPage'),
  contact: page('content/ContactPage'),
  buyingResources: page('content/BuyingResourcesPage'),
  buyersGuide: page('content/BuyersGuidePage'),
  sellingResources: page('content/SellingResourcesPage'),
  sellersGuide: page('content/SellersGuidePage'),
  preferredPartners: page('content/PreferredPartnersPage'),
  movingGuide: page('content/MovingGuidePage'),
  preConstruction: page('content/PreConstructionPage'),
  customHomes: page('content/CustomHomesPage'),
  ourOffices: page('content/OurOfficesPage'),
  privacyPolicy: page('content/PrivacyPolicyPage'),
  neighbourhoodGuide: page('content/NeighbourhoodGuidePage'),
  interactiveMaps: page('content/InteractiveMapsPage'),
  blogList: page('content/BlogListPage'),
  blogPost: page('content/BlogPostPage'),
  mortgageCalculator: page('content/MortgageCalculatorPage'),
  listWithUs: page('forms/ListWithUsPage'),
  newDevelopment: page('forms/NewDevelopmentPage'),
  homeEvaluation: page('forms/HomeEvaluationPage'),
  admin: page('admin/AdminPage'),
};

export const HomeRegions = {
  Hero: remoteComponent<object>('content/HomeHero', 'the welcome section', '100vh'),
  FeaturedProperties: remoteComponent<object>('listings/FeaturedProperties', 'the featured properties', 960),
  Sections: remoteComponent<object>('content/HomeSections', 'this part of the page', 1600),
  CallToAction: remoteComponent<CallToActionProps>('content/CallToAction', 'the contact section', 720),
  ContactForm: remoteComponent<ContactFormProps>('forms/ContactForm', 'the contact form', 520),
};
