/**
 * The frame of the three form pages (/list-with-us, /new-development, /home-evaluation): the dark PageHero, then
 * an introduction beside the form card on wide screens (stacked on phones), with generous whitespace.
 */
import type { ReactNode } from 'react';
import { Container, Eyebrow, PageHero, Section, mq, theme, usePageMeta } from '@gta/shared';
import { FormCard } from './fields';

export interface FormPageProps {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  subtitle: string;
  introEyebrow: string;
  introTitle: string;
  intro: ReactNode;
  /** Short reassurances shown under the introduction. */
  points: readonly string[];
  children: ReactNode;
  testId: string;
}

export function FormPage({ meta, eyebrow, title, subtitle, introEyebrow, introTitle, intro, points, children, testId }: FormPageProps) {
  usePageMeta(meta);
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} subtitle={subtitle} />
      <Section tone="light" data-testid={testId}>
        <Container>
          <div
            css={{
              display: 'grid',
              gap: theme.space.xl,
              [mq.lg]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 8fr)', gap: theme.space.xxl, alignItems: 'start' },
            }}
          >
            <div css={{ [mq.lg]: { position: 'sticky', top: `calc(${theme.layout.navHeight} + ${theme.space.xl})` } }}>
              <Eyebrow>{introEyebrow}</Eyebrow>
              <h2 css={{ fontSize: theme.fontSize.h2, marginBottom: theme.space.lg }}>{introTitle}</h2>
              <div css={{ color: theme.color.muted, fontSize: theme.fontSize.lg, lineHeight: 1.7, '& p': { margin: `0 0 ${theme.space.md}` } }}>{intro}</div>
              <ul css={{ listStyle: 'none', padding: 0, margin: `${theme.space.lg} 0 0`, display: 'grid', gap: theme.space.md }}>
                {points.map((point) => (
                  <li key={point} css={{ display: 'flex', gap: theme.space.md, alignItems: 'baseline', color: theme.color.ink }}>
                    <span aria-hidden="true" css={{ flex: 'none', width: 24, height: 1, background: theme.color.bronze, transform: 'translateY(-0.3em)' }} />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </div>
            <FormCard>{children}</FormCard>
          </div>
        </Container>
      </Section>
    </>
  );
}
