/** 'Join Our Network': the closing section of the home page; the shell places the contact form inside it. */
import type { CallToActionProps } from '@gta/shared';
import { Container, Section, theme, mq } from '@gta/shared';
import { SectionHeading } from '../components/layout';
import { Reveal } from '../components/Reveal';

export default function CallToAction({ children }: CallToActionProps) {
  return (
    <Section id="call-to-action" tone="dark" aria-labelledby="call-to-action-title" css={{ scrollMarginTop: theme.layout.navHeight }}>
      <Container css={{ display: 'grid', gap: theme.space.xxl, [mq.lg]: { gridTemplateColumns: '2fr 3fr', alignItems: 'start' } }}>
        <Reveal>
          <SectionHeading
            onDark
            align="left"
            eyebrow="Let us talk"
            id="call-to-action-title"
            title="Join Our Network"
            lead="Tell us where you are headed, whether that is a first home, a larger one, a build or an investment. A member of the team will reply personally, usually the same day."
          />
          <ul css={{ listStyle: 'none', padding: 0, margin: 0, color: theme.color.mutedOnDark, display: 'grid', gap: theme.space.sm }}>
            {['Private, no-obligation consultations', 'Early access to new and off-market homes', 'Straight answers on price and timing'].map((line) => (
              <li key={line} css={{ display: 'flex', gap: theme.space.sm }}>
                <span aria-hidden="true" css={{ color: theme.color.gold }}>
                  —
                </span>
                {line}
              </li>
            ))}
          </ul>
        </Reveal>
        <div css={{ minWidth: 0 }}>{children}</div>
      </Container>
    </Section>
  );
}
