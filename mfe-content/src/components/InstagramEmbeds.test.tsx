import { act, render, screen } from '@testing-library/react';
import { INSTAGRAM_EMBED_SRC, InstagramEmbeds } from './InstagramEmbeds';
import { MEDIA_POSTS } from '../content/home';

const scripts = () => document.querySelectorAll(`script[src="${INSTAGRAM_EMBED_SRC}"]`);

afterEach(() => {
  scripts().forEach((s) => s.remove());
  delete window.instgrm;
});

test('loads the embed script once, and shows a card linking to each post when it cannot load', async () => {
  render(
    <>
      <InstagramEmbeds posts={MEDIA_POSTS} />
      <InstagramEmbeds posts={MEDIA_POSTS} />
    </>,
  );
  expect(scripts()).toHaveLength(1);
  const cards = screen.getAllByTestId('media-fallback');
  expect(cards).toHaveLength(6);
  expect(cards[0]).toHaveAttribute('href', MEDIA_POSTS[0]!.permalink);
  expect(cards[0]).toHaveAttribute('rel', expect.stringContaining('noopener'));
  await act(async () => {
    scripts()[0]!.dispatchEvent(new Event('error'));
  });
  expect(screen.getAllByTestId('media-posts')[0]).toHaveAttribute('data-embed-status', 'failed');
  expect(screen.getAllByText('View this post on Instagram')).toHaveLength(6);
});

test('renders Instagram blockquotes and asks the script to process them once it is available', async () => {
  const process = jest.fn();
  render(<InstagramEmbeds posts={MEDIA_POSTS} />);
  await act(async () => {
    window.instgrm = { Embeds: { process } };
    scripts()[0]!.dispatchEvent(new Event('load'));
  });
  expect(document.querySelectorAll('blockquote.instagram-media')).toHaveLength(3);
  expect(document.querySelector('blockquote.instagram-media')).toHaveAttribute('data-instgrm-permalink', MEDIA_POSTS[0]!.permalink);
  expect(process).toHaveBeenCalled();
});
