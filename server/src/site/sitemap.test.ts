import { BLOG_POST_INDEX } from '@gta/shared/core';
import { buildSitemap } from './sitemap';

describe('sitemap.xml', () => {
  it('lists the blog’s posts, each with its month (issue 39 #4: the 7 posts were missing)', () => {
    const xml = buildSitemap('https://www.site.test', []);
    expect(BLOG_POST_INDEX).toHaveLength(7);
    for (const post of BLOG_POST_INDEX)
      expect(xml).toContain(`<url><loc>https://www.site.test/blog/${post.slug}</loc><lastmod>${post.month}-01</lastmod><priority>0.6</priority></url>`);
    expect(xml).toContain('<loc>https://www.site.test/blog/staging-that-sells</loc>');
    expect(xml).toContain('<loc>https://www.site.test/blogs</loc>');
  });
});
