/** Sets the document title, meta description, canonical URL, robots and JSON-LD of a page while it is shown. */
import { useEffect } from 'react';
import { siteProfile } from '../core/siteProfile';
import { useRenderCollection } from '../firstScreen/renderCollection';

export interface PageMeta {
  title: string;
  description: string;
  /** Path or absolute URL; defaults to the current path. */
  canonical?: string;
  noindex?: boolean;
  /** schema.org structured data. */
  jsonLd?: Record<string, unknown>;
  /** Path or absolute URL of the picture a link preview shows (og:image); defaults to the site's share image. */
  image?: string;
  /** 404 when the page says 'not found' (an unknown post, property or city): the server answers with that status. */
  status?: 404;
}

/** The picture a link preview shows for a page without its own (a served file of the shell's media). */
export const SHARE_IMAGE = '/media/site/share.jpg';

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  let el = document.head.querySelector<T>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  return el;
}

export function applyPageMeta(meta: PageMeta): () => void {
  document.title = documentTitle(meta.title);
  upsert('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).setAttribute('content', meta.description);
  const canonical = upsert<HTMLLinkElement>('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
  canonical.href = new URL(meta.canonical ?? window.location.pathname, window.location.origin).href;
  const robots = upsert('meta[name="robots"]', () => Object.assign(document.createElement('meta'), { name: 'robots' }));
  robots.setAttribute('content', meta.noindex ? 'noindex, nofollow' : 'index, follow');
  // link previews read these from the server's HTML; kept in step here for pages reached in the browser
  const preview: Record<string, string> = {
    'og:title': document.title,
    'og:description': meta.description,
    'og:url': canonical.href,
    'og:image': new URL(meta.image ?? SHARE_IMAGE, window.location.origin).href,
  };
  for (const [property, content] of Object.entries(preview)) {
    upsert(`meta[property="${property}"]`, () => {
      const el = document.createElement('meta');
      el.setAttribute('property', property);
      return el;
    }).setAttribute('content', content);
  }
  const ld = document.head.querySelector('script[data-page-jsonld]');
  ld?.remove();
  if (meta.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.pageJsonld = 'true';
    script.textContent = JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c');
    document.head.appendChild(script);
  }
  return () => {
    document.head.querySelector('script[data-page-jsonld]')?.remove();
  };
}

/** The full document title for a page title (the team's name appended once). */
export function documentTitle(title: string): string {
  return title.includes(siteProfile.teamName) ? title : `${title} | ${siteProfile.teamName}`;
}

export function usePageMeta(meta: PageMeta): void {
  const collection = useRenderCollection();
  // on the server: into the render's collection (renderWithFirstScreenData); the deepest usePageMeta wins
  if (collection) collection.meta = meta;
  const key = JSON.stringify(meta);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => applyPageMeta(meta), [key]);
}
