/** The staff sign-in: one labelled password field, a clear error, and the server's slow-down shown as such. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, theme, visuallyHidden } from '@gta/shared';
import { signIn } from './authClient';
import { cardCss, inputCss, labelCss } from './styles';

export interface SignInProps {
  onSignedIn: () => void;
  /** Shown above the form, e.g. when a session ended while staff were working. */
  notice?: string | null;
}

type SignInError = { kind: 'message'; text: string } | { kind: 'throttled'; until: number; seconds: number } | null;

export function SignIn({ onSignedIn, notice }: SignInProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SignInError>(null);
  const [now, setNow] = useState(() => Date.now());
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  // the slow-down counts down once a second; at zero the form is usable again
  const waitSeconds = error?.kind === 'throttled' ? Math.max(0, Math.ceil((error.until - now) / 1000)) : 0;
  useEffect(() => {
    if (error?.kind !== 'throttled') return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [error]);
  useEffect(() => {
    if (error?.kind === 'throttled' && waitSeconds === 0) {
      setError(null);
      inputRef.current?.focus();
    }
  }, [error, waitSeconds]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || waitSeconds > 0) return;
    if (!password) {
      setError({ kind: 'message', text: 'Enter the staff password.' });
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signIn(password);
    setBusy(false);
    switch (result.kind) {
      case 'signedIn':
        setPassword('');
        onSignedIn();
        return;
      case 'wrongPassword':
        setError({ kind: 'message', text: 'That password is not correct. Please try again.' });
        break;
      case 'throttled':
        if (result.retryAfterSeconds) {
          setNow(Date.now());
          setError({ kind: 'throttled', until: Date.now() + result.retryAfterSeconds * 1000, seconds: result.retryAfterSeconds });
        } else setError({ kind: 'message', text: 'Too many attempts. Please wait a little and try again.' });
        break;
      default:
        setError({ kind: 'message', text: result.message });
    }
    setPassword('');
    inputRef.current?.focus();
  }

  const throttleText = (n: number) => `Too many attempts. Try again in ${n} ${n === 1 ? 'second' : 'seconds'}.`;
  const errorText = error?.kind === 'throttled' ? throttleText(waitSeconds) : error?.kind === 'message' ? error.text : null;
  const locked = waitSeconds > 0;

  return (
    <div css={[cardCss, { maxWidth: 440, margin: '0 auto' }]}>
      <h2 css={{ fontSize: theme.fontSize.h3, margin: `0 0 ${theme.space.sm}` }}>Staff sign-in</h2>
      <p id={hintId} css={{ color: theme.color.muted, margin: `0 0 ${theme.space.lg}` }}>
        This area is for the team only. Sign in to read the submissions from the website.
      </p>
      {notice ? (
        <p
          role="status"
          css={{ margin: `0 0 ${theme.space.lg}`, padding: theme.space.md, borderLeft: `3px solid ${theme.color.bronze}`, background: theme.color.ivory }}
        >
          {notice}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-password`} css={labelCss}>
          Staff password
        </label>
        <input
          ref={inputRef}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the sign-in page has one purpose: the password field is where every visitor starts
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errorText && !locked ? true : undefined}
          aria-describedby={errorText ? `${errorId} ${hintId}` : hintId}
          css={inputCss}
        />
        <div
          id={errorId}
          role="alert"
          aria-live="assertive"
          css={{ minHeight: '1.5em', margin: `${theme.space.sm} 0 ${theme.space.md}`, color: theme.color.danger, fontSize: theme.fontSize.sm }}
        >
          {error?.kind === 'throttled' ? (
            <>
              {/* the countdown ticks visibly; a screen reader hears the message once, not every second */}
              <span aria-hidden="true">{errorText}</span>
              <span css={visuallyHidden}>{throttleText(error.seconds)}</span>
            </>
          ) : (
            errorText
          )}
        </div>
        <Button type="submit" disabled={busy || locked} css={{ width: '100%' }}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </div>
  );
}
