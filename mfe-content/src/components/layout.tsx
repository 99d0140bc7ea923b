/** Layout pieces of the content pages: section headings, long-form guide articles with a contents list. */
import type { ReactNode } from 'react';
import { ButtonLink, Container, Eyebrow, Section, theme, mq } from '@gta/shared';
import { Reveal } from './Reveal';

export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  onDark,
  align = 'center',
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  onDark?: boolean;
  align?: 'center' | 'left';
}) {
  return (
    <div
      css={{
        textAlign: align,
        maxWidth: align === 'center' ? 760 : undefined,
        margin: align === 'center' ? `0 auto ${theme.space.xxl}` : `0 0 ${theme.space.xl}`,
      }}
    >
      {eyebrow ? <Eyebrow onDark={onDark}>{eyebrow}</Eyebrow> : null}
      <h2 id={id} css={{ margin: 0 }}>
        {title}
      </h2>
      <span
        aria-hidden="true"
        css={{
          display: 'block',
          width: 56,
          height: 1,
          background: onDark ? theme.color.gold : theme.color.bronze,
          margin: align === 'center' ? '1.25rem auto' : '1.25rem 0',
        }}
      />
      {lead ? <p css={{ color: onDark ? theme.color.mutedOnDark : theme.color.muted, fontSize: theme.fontSize.lg, margin: 0 }}>{lead}</p> : null}
    </div>
  );
}

export interface GuideChapter {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long guide: a sticky contents list on wide screens, chapters as readable prose, an optional aside below it. */
export function GuideArticle({ chapters, aside, intro }: { chapters: GuideChapter[]; aside?: ReactNode; intro?: ReactNode }) {
  return (
    <Section tone="light">
      <Container
        css={{
          display: 'grid',
          gap: theme.space.xxl,
          [mq.lg]: { gridTemplateColumns: '260px minmax(0, 1fr)', gridTemplateRows: 'auto 1fr', columnGap: theme.space.xxl, rowGap: theme.space.xl },
        }}
      >
        <nav aria-label="In this guide" css={{ [mq.lg]: { gridColumn: 1, gridRow: 1 } }}>
          <p css={{ fontSize: theme.fontSize.xs, letterSpacing: '0.22em', textTransform: 'uppercase', color: theme.color.bronze, fontWeight: 600 }}>
            In this guide
          </p>
          <ol css={{ listStyle: 'none', padding: 0, margin: 0, borderLeft: `1px solid ${theme.color.stone}` }}>
            {chapters.map((c, i) => (
              <li key={c.id}>
                <a
                  href={`#${c.id}`}
                  css={{
                    display: 'block',
                    padding: '0.4rem 0 0.4rem 1rem',
                    textDecoration: 'none',
                    color: theme.color.muted,
                    fontSize: theme.fontSize.sm,
                    '&:hover': { color: theme.color.ink },
                  }}
                >
                  <span css={{ color: theme.color.bronze, marginRight: 8, fontVariantNumeric: 'tabular-nums' }}>{String(i + 1).padStart(2, '0')}</span>
                  {c.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article css={{ maxWidth: theme.layout.proseMaxWidth, minWidth: 0, [mq.lg]: { gridColumn: 2, gridRow: '1 / span 2' } }}>
          {intro ? <div css={{ fontSize: theme.fontSize.lg, marginBottom: theme.space.xl }}>{intro}</div> : null}
          {chapters.map((c) => (
            <Reveal
              as="section"
              key={c.id}
              aria-labelledby={c.id}
              css={{ marginBottom: theme.space.xxl, scrollMarginTop: `calc(${theme.layout.navHeight} + 1rem)` }}
            >
              <h2 id={c.id} css={{ fontSize: theme.fontSize.h3, scrollMarginTop: `calc(${theme.layout.navHeight} + 1rem)` }}>
                {c.title}
              </h2>
              <div css={prose}>{c.body}</div>
            </Reveal>
          ))}
        </article>
        {/* Rendered once: below the article on phones, under the contents list on wide screens. */}
        {aside ? <div css={{ minWidth: 0, [mq.lg]: { gridColumn: 1, gridRow: 2, alignSelf: 'start' } }}>{aside}</div> : null}
      </Container>
    </Section>
  );
}

/** Readable long-form text. */
export const prose = {
  color: theme.color.inkSoft,
  '& p, & li': { lineHeight: 1.8 },
  '& ul, & ol': { paddingLeft: '1.25rem', margin: '0 0 1em' },
  '& li': { marginBottom: '0.4em' },
  '& li::marker': { color: theme.color.bronze },
  '& strong': { color: theme.color.ink, fontWeight: 600 },
  '& h3': { fontSize: theme.fontSize.xl, marginTop: theme.space.lg },
  '& a': { color: theme.color.bronze },
} as const;

/** A row of key figures (guide pages). */
export function FigureRow({ figures }: { figures: { value: string; label: string }[] }) {
  return (
    <dl
      css={{
        display: 'grid',
        gap: 1,
        background: theme.color.stone,
        border: `1px solid ${theme.color.stone}`,
        margin: `0 0 ${theme.space.xl}`,
        gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
      }}
    >
      {figures.map((fig) => (
        <div key={fig.label} css={{ background: theme.color.paper, padding: theme.space.lg, display: 'flex', flexDirection: 'column-reverse' }}>
          <dt css={{ fontSize: theme.fontSize.sm, color: theme.color.muted }}>{fig.label}</dt>
          <dd css={{ margin: 0, fontFamily: theme.font.display, fontSize: '2.25rem', lineHeight: 1.1, color: theme.color.bronze }}>{fig.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A quiet call to talk to the team at the end of a page. */
export function TalkToUs({
  title = 'Ready when you are',
  text,
  to = '/contact-us',
  label = 'Contact the team',
}: {
  title?: string;
  text: string;
  to?: string;
  label?: string;
}) {
  return (
    <Section tone="dark" css={{ textAlign: 'center' }}>
      <Container narrow>
        <h2>{title}</h2>
        <p css={{ color: theme.color.mutedOnDark, fontSize: theme.fontSize.lg, marginBottom: theme.space.xl }}>{text}</p>
        <ButtonLink to={to} variant="gold">
          {label}
        </ButtonLink>
      </Container>
    </Section>
  );
}
