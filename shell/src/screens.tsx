/** The 404 page and the router's error screen (spec section 2). */
import { Component, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Container, textMeasure, theme, usePageMeta } from '@gta/shared';

const screen = {
  minHeight: '70vh',
  background: theme.color.ink,
  color: theme.color.ivory,
  paddingTop: `calc(${theme.layout.navHeight} + 4rem)`,
  paddingBottom: '5rem',
  display: 'flex',
  alignItems: 'center',
};

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta({ title: 'Page not found', description: 'The page you were looking for could not be found.', noindex: true });
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <section css={screen} data-testid="not-found" data-hero="">
      <Container css={{ textAlign: 'center' }}>
        <p
          aria-hidden="true"
          css={{ fontFamily: theme.font.display, fontSize: 'clamp(6rem, 4rem + 10vw, 11rem)', lineHeight: 1, color: theme.color.gold, margin: 0 }}
        >
          404
        </p>
        <h1 css={{ fontSize: theme.fontSize.h2 }}>Oops! Page not found</h1>
        <p css={{ color: theme.color.mutedOnDark, maxWidth: textMeasure(46), margin: '0 auto 2rem' }}>
          The address may have changed, or the listing may no longer be on the market.
        </p>
        <Link
          to="/"
          css={{
            display: 'inline-block',
            padding: '0.85rem 2rem',
            border: `1px solid ${theme.color.gold}`,
            color: theme.color.gold,
            textDecoration: 'none',
            letterSpacing: '0.14em',
            textTransform: 'uppercase',
            fontSize: theme.fontSize.sm,
          }}
        >
          Return to Home
        </Link>
      </Container>
    </section>
  );
}

/** The message of the error screen: a response's status and text, or the error's message. */
export function describeRouteError(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const statusText = 'statusText' in error && typeof error.statusText === 'string' ? error.statusText : '';
    return `${error.status} ${statusText}`.trim();
  }
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function RouteErrorScreen({ error }: { error: unknown }) {
  return (
    <section css={screen} role="alert" data-testid="route-error" data-hero="">
      <Container>
        <h1 css={{ fontSize: theme.fontSize.h2 }}>Unexpected Application Error!</h1>
        <p css={{ fontFamily: 'ui-monospace, monospace', color: theme.color.gold }}>{describeRouteError(error)}</p>
        <p>
          <a href="/" css={{ color: theme.color.ivory }}>
            Return to Home
          </a>
        </p>
      </Container>
    </section>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** A new value clears a caught error (the layout passes the path, so navigating away leaves the error screen). */
  resetKey?: string;
}

/** Shows RouteErrorScreen in place of its children when they throw while rendering. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown; caught: boolean; resetKey?: string }> {
  override state: { error: unknown; caught: boolean; resetKey?: string } = { error: null, caught: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { caught: boolean; resetKey?: string }) {
    if (props.resetKey !== state.resetKey) return { error: null, caught: false, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.caught ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
