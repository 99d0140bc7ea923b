/**
 * The blog's posts as the sitemap lists them: each post's slug (its page is /blog/{slug}) and its month. The posts
 * themselves (title, text, images) are mfe-content's (src/content/blog.ts); a test there keeps the two lists equal,
 * so a post added there and not here fails the build's tests instead of missing from sitemap.xml.
 */
export interface BlogPostEntry {
  slug: string;
  /** The month it was published, YYYY-MM (the sitemap's lastmod is its first day). */
  month: string;
}

export const BLOG_POST_INDEX: readonly BlogPostEntry[] = [
  { slug: 'buying-your-first-home-in-the-gta', month: '2025-01' },
  { slug: 'staging-that-sells', month: '2025-02' },
  { slug: 'reading-the-gta-market', month: '2025-03' },
  { slug: 'renovations-that-pay-back', month: '2025-04' },
  { slug: 'understanding-your-mortgage-options', month: '2025-05' },
  { slug: 'when-to-list-your-home', month: '2025-06' },
  { slug: 'investing-in-pre-construction-condos', month: '2025-07' },
];

/** A post's page. */
export const blogPostPath = (slug: string): string => `/blog/${slug}`;
