/**
 * Share: the browser's share sheet (Web Share API) where there is one; elsewhere the link is copied to the
 * clipboard and 'Link copied' shows beside the button. Where the clipboard is refused too, the link is shown to
 * copy by hand (selected). The link is made when the button is pressed (pageOrigin is the browser's origin).
 */
import { useEffect, useRef, useState } from 'react';
import { theme } from '@gta/shared';

export interface ShareButtonProps {
  /** The button's text, e.g. 'Share' or 'Share this list'. */
  label?: string;
  /** The title offered to the share sheet. */
  title: string;
  text?: string;
  /** The link to share (absolute, or a path on this site). */
  url: () => string;
  className?: string;
}

type Outcome = { kind: 'copied' } | { kind: 'manual'; url: string } | null;

/** How long 'Link copied' stays. */
export const COPIED_MS = 4000;

function ShareIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}

function absolute(url: string): string {
  try {
    return new URL(url, window.location.href).toString();
  } catch {
    return url;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function ShareButton({ label = 'Share', title, text, url, className }: ShareButtonProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const manual = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useEffect(() => {
    if (outcome?.kind === 'manual') manual.current?.select();
  }, [outcome]);

  const share = async () => {
    const link = absolute(url());
    if (timer.current) clearTimeout(timer.current);
    setOutcome(null);
    const data: ShareData = { title, url: link, ...(text ? { text } : {}) };
    if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (isAbort(error)) return; // the visitor closed the share sheet
        // refused (no user activation left, a policy): copy the link instead
      }
    }
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setOutcome({ kind: 'copied' });
      timer.current = setTimeout(() => setOutcome(null), COPIED_MS);
    } catch {
      setOutcome({ kind: 'manual', url: link });
    }
  };

  return (
    <div className={className} css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space.sm }}>
      <button
        type="button"
        onClick={() => void share()}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: theme.space.sm,
          minHeight: 44,
          padding: '0.6rem 1.1rem',
          border: `1px solid ${theme.color.stone}`,
          borderRadius: theme.radius.pill,
          background: theme.color.paper,
          color: theme.color.ink,
          font: 'inherit',
          fontSize: theme.fontSize.sm,
          fontWeight: 600,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          cursor: 'pointer',
          '&:hover': { borderColor: theme.color.bronze },
          '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: 2 },
        }}
      >
        <ShareIcon />
        {label}
      </button>
      <div role="status" css={{ fontSize: theme.fontSize.sm, color: theme.color.success, fontWeight: 600 }}>
        {outcome?.kind === 'copied' ? 'Link copied' : null}
        {outcome?.kind === 'manual' ? (
          <label css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space.sm, color: theme.color.muted, fontWeight: 400 }}>
            Copy this link:
            <input
              ref={manual}
              readOnly
              value={outcome.url}
              onFocus={(event) => event.currentTarget.select()}
              css={{
                minWidth: 0,
                width: '18rem',
                maxWidth: '100%',
                padding: '0.4rem 0.6rem',
                border: `1px solid ${theme.color.stone}`,
                borderRadius: theme.radius.sm,
                font: 'inherit',
              }}
            />
          </label>
        ) : null}
      </div>
    </div>
  );
}
