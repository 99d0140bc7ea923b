import { screen } from '@testing-library/react';
import BlogPostPage from './BlogPostPage';
import { renderAt } from '../test/render';
import { BLOG_POSTS } from '../content/blog';

test('shows a post with its details, content by line, and the way back', () => {
  const post = BLOG_POSTS[2]!;
  renderAt(<BlogPostPage />, { path: `/article/${post.slug}`, route: '/article/:slug' });
  expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: '← Back to Blogs' })[0]).toHaveAttribute('href', '/blogs');
  expect(screen.getByText(post.date)).toBeInTheDocument();
  expect(document.querySelectorAll('article p')).toHaveLength(post.content.split('\n').filter((l) => l.trim()).length);
  expect(document.title).toContain(post.title);
});

test('an unknown slug shows Blog Not Found with a link back to the blogs', () => {
  renderAt(<BlogPostPage />, { path: '/article/no-such-post', route: '/article/:slug' });
  expect(screen.getByRole('heading', { level: 1, name: 'Blog Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '← Back to Blogs' })).toHaveAttribute('href', '/blogs');
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
});
