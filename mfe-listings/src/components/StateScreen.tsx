/** A full-width screen for a page's error, empty and not-found states: a title, a message and its buttons. */
import type { ReactNode } from 'react';
import { Container, textMeasure, theme } from '@gta/shared';
import { ContactUsLink, GoHomeLink, TryAgainButton } from './Actions';

export interface StateScreenProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  role?: 'alert' | 'status';
  testId?: string;
}

export function StateScreen({ title, children, actions, role = 'status', testId }: StateScreenProps) {
  return (
    <Container narrow>
      <div
        role={role}
        data-testid={testId}
        css={{
          margin: `${theme.space.xxl} auto`,
          padding: `${theme.space.xxl} ${theme.space.lg}`,
          textAlign: 'center',
          background: theme.color.paper,
          border: `1px solid ${theme.color.stone}`,
          borderRadius: theme.radius.md,
        }}
      >
        <span aria-hidden="true" css={{ display: 'block', width: 48, height: 1, background: theme.color.bronze, margin: `0 auto ${theme.space.lg}` }} />
        <h2 css={{ fontSize: theme.fontSize.h2 }}>{title}</h2>
        <div css={{ color: theme.color.muted, maxWidth: textMeasure(52), margin: '0 auto', p: { margin: `0 0 ${theme.space.sm}` } }}>{children}</div>
        {actions ? (
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.md, justifyContent: 'center', marginTop: theme.space.xl }}>{actions}</div>
        ) : null}
      </div>
    </Container>
  );
}

export interface LoadErrorScreenProps {
  /** The first line, shown in the danger colour ('Error: …' on Active Listings, the bare message on Featured). */
  message: string;
  /** What failed to load, in the second line: 'property listings' or 'featured property listings'. */
  what: string;
  onRetry: () => void;
  testId: string;
}

/** 'Oops! Something went wrong' after the properties load failed: Try Again, Go Home and Contact Us. */
export function LoadErrorScreen({ message, what, onRetry, testId }: LoadErrorScreenProps) {
  return (
    <StateScreen
      role="alert"
      testId={testId}
      title="Oops! Something went wrong"
      actions={
        <>
          <TryAgainButton onClick={onRetry} />
          <GoHomeLink />
          <ContactUsLink />
        </>
      }
    >
      <p css={{ color: theme.color.danger }}>{message}</p>
      <p>We're having trouble loading the {what}. Please try again or contact us if the problem persists.</p>
    </StateScreen>
  );
}
