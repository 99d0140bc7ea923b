/** The 404 page and the router's error screen (spec section 2). */
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { Container, theme, usePageMeta } from '@gta/shared';

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
    <section css={screen} data-testid="not-found">
      <Container css={{ textAlign: 'center' }}>
        <p aria-hidden="true" css={{ fontFamily: theme.font.display, fontSize: 'clamp(6rem, 4rem + 10vw, 11rem)', lineHeight: 1, color: theme.color.gold, margin: 0 }}>
          404
        </p>
        <h1 css={{ fontSize: theme.fontSize.h2 }}>Oops! Page not found</h1>
        <p css={{ color: theme.color.mutedOnDark, maxWidth: '46ch', margin: '0 auto 2rem' }}>
          The address may have changed, or the listing may no longer be on the market.
        </p>
        <Link
          to="/"
          css={{ display: 'inline-block', padding: '0.85rem 2rem', border: `1px solid ${theme.color.gold}`, color: theme.color.gold, textDecoration: 'none', letterSpacing: '0.14em', textTransform: 'uppercase', fontSize: theme.fontSize.sm }}
        >
          Return to Home
        </Link>
      </Container>
    </section>
  );
}

/** The message of the router's default error screen: the status and text, or the error's message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section css={screen} role="alert" data-testid="route-error">
      <Container>
        <h1 css={{ fontSize: theme.fontSize.h2 }}>Unexpected Application Error!</h1>
        <p css={{ fontFamily: 'ui-monospace, monospace', color: theme.color.gold }}>{describeRouteError(error)}</p>
        <p>
          <a href="/" css={{ color: theme.color.ivory }}>Return to Home</a>
        </p>
      </Container>
    </section>
  );
}
