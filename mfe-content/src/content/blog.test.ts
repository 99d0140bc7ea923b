import { BLOG_POST_INDEX } from '@gta/shared/core';
import { BLOG_POSTS } from './blog';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

describe('the blog’s posts in the sitemap (issue 39 #4)', () => {
  it('the server’s index (shared core) lists every post, by slug and month, in the blog’s order', () => {
    const months = BLOG_POSTS.map((post) => {
      const [month = '', year = ''] = post.date.split(' ');
      return `${year}-${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}`;
    });
    expect(BLOG_POST_INDEX).toEqual(BLOG_POSTS.map((post, i) => ({ slug: post.slug, month: months[i] })));
  });
});
