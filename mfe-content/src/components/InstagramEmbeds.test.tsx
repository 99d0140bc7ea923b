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
      <InstagramEmbeds posts={MEDIA_POSTS} enabled />
      <InstagramEmbeds posts={MEDIA_POSTS} enabled />
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
  render(<InstagramEmbeds posts={MEDIA_POSTS} enabled />);
  await act(async () => {
    window.instgrm = { Embeds: { process } };
    scripts()[0]!.dispatchEvent(new Event('load'));
  });
  expect(document.querySelectorAll('blockquote.instagram-media')).toHaveLength(3);
  expect(document.querySelector('blockquote.instagram-media')).toHaveAttribute('data-instgrm-permalink', MEDIA_POSTS[0]!.permalink);
  expect(process).toHaveBeenCalled();
});

describe('issue 26: embed.js only when configured and only when the posts come into view', () => {
  it('by default (the example posts) nothing is requested from instagram.com: the cards link to the posts', () => {
    render(<InstagramEmbeds posts={MEDIA_POSTS} />);
    expect(scripts()).toHaveLength(0);
    expect(screen.getByTestId('media-posts')).toHaveAttribute('data-embed-status', 'off');
    expect(screen.getAllByText('View this post on Instagram')).toHaveLength(3);
  });

  it('configured: the script is requested when the posts scroll into view, not before', () => {
    const observers: { cb: IntersectionObserverCallback; target?: Element }[] = [];
    const original = window.IntersectionObserver;
    window.IntersectionObserver = class {
      private readonly entry: { cb: IntersectionObserverCallback; target?: Element };
      constructor(cb: IntersectionObserverCallback) {
        this.entry = { cb };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      render(<InstagramEmbeds posts={MEDIA_POSTS} enabled />);
      expect(scripts()).toHaveLength(0);
      expect(screen.getByTestId('media-posts')).toHaveAttribute('data-embed-status', 'off');
      const watched = observers.find((o) => o.target === screen.getByTestId('media-posts'))!;
      act(() => watched.cb([{ isIntersecting: true, target: watched.target! } as IntersectionObserverEntry], {} as IntersectionObserver));
      // asked for now (a script element, or the one an earlier view of the page already loaded)
      expect(screen.getByTestId('media-posts').getAttribute('data-embed-status')).not.toBe('off');
    } finally {
      window.IntersectionObserver = original;
    }
  });
});
