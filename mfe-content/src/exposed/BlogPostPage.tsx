/** /blog/:slug: one post, or 'Blog Not Found' for a slug we do not know. */
import { Link, useParams } from 'react-router-dom';
import { ButtonLink, Container, PageHero, Section, theme, usePageMeta } from '@gta/shared';
import { findPost } from '../content/blog';
import { prose } from '../components/layout';

const backLink = {
  display: 'inline-block',
  marginBottom: theme.space.xl,
  color: theme.color.bronze,
  textDecoration: 'none',
  fontSize: theme.fontSize.sm,
  letterSpacing: '0.08em',
  '&:hover': { textDecoration: 'underline' },
} as const;

export default function BlogPostPage() {
  const { slug } = useParams<{ slug: string }>();
  const post = findPost(slug);
  usePageMeta(
    post
      ? { title: post.title, description: post.summary, canonical: `/blog/${post.slug}` }
      : { title: 'Blog Not Found', description: 'This article is not available. Browse the latest posts from our team.', noindex: true, status: 404 },
  );

  if (!post) {
    return (
      <>
        <PageHero eyebrow="Journal" title="Blog Not Found" subtitle="The article you are looking for has moved or never existed." compact />
        <Section tone="light" data-testid="blog-not-found">
          <Container narrow css={{ textAlign: 'center' }}>
            <p css={{ color: theme.color.muted, fontSize: theme.fontSize.lg }}>Our latest market notes and guides are all in one place.</p>
            <ButtonLink to="/blogs">← Back to Blogs</ButtonLink>
          </Container>
        </Section>
      </>
    );
  }

  return (
    <>
      <PageHero eyebrow={post.category} title={post.title} subtitle={post.summary}>
        <p css={{ margin: `${theme.space.lg} 0 0`, color: theme.color.mutedOnDark, fontSize: theme.fontSize.sm, letterSpacing: '0.06em' }}>
          <time>{post.date}</time> · {post.author} · {post.category}
        </p>
      </PageHero>
      <Section tone="light">
        <Container narrow>
          <Link to="/blogs" css={backLink}>
            ← Back to Blogs
          </Link>
          <img
            src={post.image}
            alt={post.imageAlt}
            width={960}
            height={540}
            css={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', marginBottom: theme.space.xl, boxShadow: theme.shadow.card }}
          />
          <article
            css={[
              prose,
              {
                fontSize: theme.fontSize.lg,
                '& p:first-of-type::first-letter': {
                  fontFamily: theme.font.display,
                  fontSize: '3.4em',
                  float: 'left',
                  lineHeight: 0.9,
                  margin: '0.08em 0.1em 0 0',
                  color: theme.color.bronze,
                },
              },
            ]}
          >
            {post.content
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line) => (
                <p key={line.slice(0, 40)}>{line}</p>
              ))}
          </article>
          <Link to="/blogs" css={{ ...backLink, marginTop: theme.space.xl, marginBottom: 0 }}>
            ← Back to Blogs
          </Link>
        </Container>
      </Section>
    </>
  );
}
