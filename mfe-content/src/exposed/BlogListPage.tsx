/** /blogs: the seven posts. Left click opens a post; right click (or 'More options') opens the link menu. */
import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { Container, PageHero, Section, theme, mq, usePageMeta, visuallyHidden } from '@gta/shared';
import { BLOG_POSTS, type BlogPost } from '../content/blog';
import { PostMenu, type MenuTarget } from '../components/PostMenu';
import { Reveal } from '../components/Reveal';

const postUrl = (post: BlogPost) => new URL(`/blog/${post.slug}`, window.location.origin).href;

export default function BlogListPage() {
  usePageMeta({
    title: 'Blog · Insights on Buying, Selling and the GTA Market',
    description: 'Practical notes from our team on buying, selling, renovating, financing and investing in Oakville, Mississauga, Burlington and the GTA.',
  });
  const [menu, setMenuState] = useState<MenuTarget | null>(null);
  const menuRef = useRef<MenuTarget | null>(null);
  const setMenu = (target: MenuTarget | null) => {
    menuRef.current = target;
    setMenuState(target);
  };
  const [status, setStatus] = useState('');

  const close = useCallback((restoreFocus: boolean) => {
    const current = menuRef.current;
    menuRef.current = null;
    setMenuState(null);
    if (restoreFocus) current?.returnFocus?.focus({ preventScroll: true });
  }, []);

  const openAtPointer = (post: BlogPost) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    const anchor = event.currentTarget;
    // The keyboard's context-menu key fires this event at 0,0: place the menu on the card instead.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    const rect = anchor.getBoundingClientRect();
    setMenu({
      url: postUrl(post),
      title: post.title,
      x: fromKeyboard ? rect.left + 16 : event.clientX,
      y: fromKeyboard ? rect.top + 16 : event.clientY,
      returnFocus: anchor.querySelector<HTMLElement>('a') ?? anchor,
    });
  };

  const openFromButton = (post: BlogPost) => (event: MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setMenu({ url: postUrl(post), title: post.title, x: rect.right - 230, y: rect.bottom + 6, returnFocus: event.currentTarget });
  };

  return (
    <>
      <PageHero eyebrow="Journal" title="Blog" subtitle="Market notes, practical guides and a few lessons learned at the closing table." />
      <Section tone="light">
        <Container>
          <ul
            css={{
              listStyle: 'none',
              padding: 0,
              margin: 0,
              display: 'grid',
              gap: theme.space.xl,
              [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
              [mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {BLOG_POSTS.map((post, i) => (
              <Reveal as="li" key={post.id} delay={(i % 3) * 80}>
                <article
                  data-testid="blog-card"
                  onContextMenu={openAtPointer(post)}
                  css={{
                    position: 'relative',
                    height: '100%',
                    background: theme.color.paper,
                    border: `1px solid ${theme.color.stone}`,
                    transition: `box-shadow ${theme.motion.base}`,
                    '&:hover': { boxShadow: theme.shadow.lifted },
                  }}
                >
                  <Link to={`/blog/${post.slug}`} css={{ display: 'flex', flexDirection: 'column', height: '100%', textDecoration: 'none', color: 'inherit' }}>
                    <img
                      src={post.image}
                      alt={post.imageAlt}
                      width={960}
                      height={540}
                      loading={i < 3 ? 'eager' : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : undefined}
                      css={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
                    />
                    <div css={{ padding: theme.space.lg, display: 'flex', flexDirection: 'column', flex: 1 }}>
                      <p
                        css={{
                          margin: '0 0 0.5rem',
                          fontSize: theme.fontSize.xs,
                          letterSpacing: '0.18em',
                          textTransform: 'uppercase',
                          color: theme.color.bronze,
                          fontWeight: 600,
                        }}
                      >
                        {post.category}
                      </p>
                      <h2 css={{ fontSize: theme.fontSize.xl, margin: '0 0 0.5rem' }}>{post.title}</h2>
                      <p css={{ margin: '0 0 1rem', fontSize: theme.fontSize.sm, color: theme.color.muted }}>
                        {post.date} · {post.author}
                      </p>
                      <p css={{ color: theme.color.inkSoft, flex: 1 }}>{post.summary}</p>
                      <span css={{ fontSize: theme.fontSize.sm, fontWeight: 600, letterSpacing: '0.14em', textTransform: 'uppercase', color: theme.color.ink }}>
                        Read More <span aria-hidden="true">→</span>
                      </span>
                    </div>
                  </Link>
                  <button
                    type="button"
                    aria-label={`More options for ${post.title}`}
                    aria-haspopup="menu"
                    aria-expanded={menu?.title === post.title}
                    onClick={openFromButton(post)}
                    css={{
                      position: 'absolute',
                      top: 10,
                      right: 10,
                      width: 40,
                      height: 40,
                      borderRadius: '50%',
                      border: '1px solid rgba(247,244,238,0.45)',
                      background: 'rgba(20,22,26,0.72)',
                      color: theme.color.ivory,
                      cursor: 'pointer',
                      fontSize: '1.25rem',
                      lineHeight: 1,
                      display: 'grid',
                      placeItems: 'center',
                      '&:hover': { background: theme.color.ink },
                    }}
                  >
                    <span aria-hidden="true">⋯</span>
                  </button>
                </article>
              </Reveal>
            ))}
          </ul>
          <p role="status" aria-live="polite" css={visuallyHidden}>
            {status}
          </p>
        </Container>
      </Section>
      {menu ? <PostMenu target={menu} onClose={close} onStatus={setStatus} /> : null}
    </>
  );
}
