/**
 * /admin (spec 2, "Admin Panel"): staff only. Shows the sign-in until the server confirms a staff session (an
 * httpOnly, SameSite=Strict cookie), then the submission tables. Signing out, or any 401 from the records API,
 * returns to the sign-in. The page is never indexed.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Container, PageHero, Skeleton, theme, usePageMeta } from '@gta/shared';
import { checkSession, signOut } from '../admin/authClient';
import { SignIn } from '../admin/SignIn';
import { AdminPanel } from '../admin/AdminPanel';
import { UndeliveredNotice } from '../admin/UndeliveredNotice';

type AuthState = 'checking' | 'signedOut' | 'signedIn';

export default function AdminPage() {
  usePageMeta({
    title: 'Admin Panel',
    description: 'Staff-only view of the submissions sent from the website.',
    noindex: true,
  });
  const [auth, setAuth] = useState<AuthState>('checking');
  const [notice, setNotice] = useState<string | null>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    checkSession()
      .then((ok) => live && setAuth(ok ? 'signedIn' : 'signedOut'))
      .catch(() => live && setAuth('signedOut'));
    return () => {
      live = false;
    };
  }, []);

  const onSessionEnded = useCallback(() => {
    setNotice('Your staff session has ended. Please sign in again.');
    setJustSignedIn(false);
    setAuth('signedOut');
  }, []);

  async function onSignOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
      setNotice('You have signed out.');
      setJustSignedIn(false);
      setAuth('signedOut');
    } catch {
      setSignOutError('Sign-out did not reach the server. Please try again.');
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <>
      <PageHero
        title="Admin Panel"
        eyebrow="Staff only"
        subtitle={auth === 'signedIn' ? 'Submissions from the website’s forms, newest first.' : undefined}
        compact
      />
      <div css={{ background: theme.color.ivory, padding: `${theme.space.xl} 0 ${theme.space.section}` }}>
        <Container>
          {auth === 'checking' ? (
            <div role="status" aria-label="Checking your session" css={{ maxWidth: 440, margin: '0 auto', display: 'grid', gap: theme.space.md }}>
              <Skeleton height={28} width="60%" />
              <Skeleton height={48} />
              <Skeleton height={48} />
            </div>
          ) : null}
          {auth === 'signedOut' ? (
            <SignIn
              notice={notice}
              onSignedIn={() => {
                setNotice(null);
                setJustSignedIn(true);
                setAuth('signedIn');
              }}
            />
          ) : null}
          {auth === 'signedIn' ? (
            <>
              <div
                css={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: theme.space.md,
                  marginBottom: theme.space.lg,
                }}
              >
                <p css={{ margin: 0, color: theme.color.muted, fontSize: theme.fontSize.sm }}>
                  Signed in as staff. Visitors’ details are private: share exports only inside the team.
                </p>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void onSignOut()}
                  disabled={signingOut}
                  css={{ minHeight: 44, padding: '0.6rem 1.2rem' }}
                >
                  {signingOut ? 'Signing out…' : 'Sign out'}
                </Button>
                {signOutError ? (
                  <p role="alert" css={{ flexBasis: '100%', margin: 0, color: theme.color.danger, fontSize: theme.fontSize.sm }}>
                    {signOutError}
                  </p>
                ) : null}
              </div>
              <UndeliveredNotice />
              <AdminPanel onSessionEnded={onSessionEnded} focusOnMount={justSignedIn} />
            </>
          ) : null}
        </Container>
      </div>
    </>
  );
}
