/**
 * The remote modules the shell shows. Nothing here is imported: each is loaded at run time through the federation
 * runtime when first rendered (route-level splitting by remote). Ids are typed (ExposedModuleId): a module that no
 * remote declares is a type error here.
 */
import { remoteComponent, type CallToActionProps, type ContactFormProps, type ExposedModuleId } from '@gta/shared';

type PageComponent = ReturnType<typeof remoteComponent<object>>;
const pages = new Map<ExposedModuleId, PageComponent>();

/** The component that renders a route's page module: a full viewport is reserved while it loads, so the footer does not jump. */
export function pageComponent(id: ExposedModuleId): PageComponent {
  let component = pages.get(id);
  if (!component) {
    component = remoteComponent<object>(id, 'this page', '100vh');
    pages.set(id, component);
  }
  return component;
}

/** The home page's regions (their ids are also the home route's `renders` in the route table, in this order). */
export const HomeRegions = {
  Hero: remoteComponent<object>('content/HomeHero', 'the welcome section', '100vh'),
  FeaturedProperties: remoteComponent<object>('listings/FeaturedProperties', 'the featured properties', 960),
  // a returning visitor's row, nothing for a first visit: no space is reserved while it loads (nothing moves for them)
  RecentlyViewed: remoteComponent<object>('listings/RecentlyViewed', 'the homes you viewed recently', 0),
  Sections: remoteComponent<object>('content/HomeSections', 'this part of the page', 1600),
  CallToAction: remoteComponent<CallToActionProps>('content/CallToAction', 'the contact section', 720),
  ContactForm: remoteComponent<ContactFormProps>('forms/ContactForm', 'the contact form', 520),
};
