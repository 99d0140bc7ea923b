/** /sitemap.xml and /robots.txt: every public route, every blog post and every available listing; never the staff URL. */
import { BLOG_POST_INDEX, STAFF_PATH, STATIC_ROUTES, blogPostPath, isAvailable, propertySlug, type FieldValue } from '@gta/shared/core';

export interface SitemapListing {
  name: FieldValue | undefined;
  status: FieldValue | undefined;
  listingDate?: FieldValue | undefined;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** The sitemap XML for a site at `origin`. */
export function buildSitemap(origin: string, listings: readonly SitemapListing[]): string {
  const urls: string[] = [];
  const seen = new Set<string>();
  const add = (path: string, lastmod?: string, priority?: string): void => {
    if (path === STAFF_PATH || path.startsWith(`${STAFF_PATH}/`) || seen.has(path)) return;
    seen.add(path);
    const parts = [`<loc>${escapeXml(origin + path)}</loc>`];
    if (lastmod) parts.push(`<lastmod>${lastmod}</lastmod>`);
    if (priority) parts.push(`<priority>${priority}</priority>`);
    urls.push(`  <url>${parts.join('')}</url>`);
  };
  for (const route of STATIC_ROUTES) add(route.path, undefined, route.path === '/' ? '1.0' : '0.7');
  for (const post of BLOG_POST_INDEX) add(blogPostPath(post.slug), `${post.month}-01`, '0.6');
  for (const listing of listings) {
    if (!isAvailable(listing.status) || typeof listing.name !== 'string' || listing.name.trim() === '') continue;
    const date = typeof listing.listingDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(listing.listingDate) ? listing.listingDate : undefined;
    add(`/property/${propertySlug(listing.name)}`, date, '0.8');
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  // the staff page is not disallowed: a crawler must fetch it to read its X-Robots-Tag: noindex (a disallowed URL
  // can still be indexed from links, without its content)
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
