/**
 * The lead forms' building blocks around their fields (drawn from the forms' declarations by declaredForm.tsx with
 * the shared field kit): the honeypot, the grids, the status line and the submit button.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { CSSObject } from '@emotion/react';
import { Button, mq, theme, visuallyHidden, type ButtonVariant } from '@gta/shared';
import { HONEYPOT_FIELD } from '@gta/shared/fields';
import type { FormNotice } from './useSubmissionForm';

/**
 * The trap every form renders: hidden from sight, from screen readers (aria-hidden) and from the keyboard and
 * autofill (inert, tabIndex -1, autocomplete off). Uncontrolled: its value is read when the form is sent
 * (useSubmissionForm), never kept in the draft.
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div aria-hidden="true" inert css={visuallyHidden} data-honeypot>
      <label htmlFor={id}>Website</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * Two columns from 768 px, one below; generous gaps. Each field's reserved message line (messageLineCss, ~29 px)
 * is most of the space between rows, so the row gap itself is small.
 */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        columnGap: theme.space.lg,
        rowGap: '0.75rem',
        [mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </div>
  );
}

/** A full-width row of three short fields (bedrooms, bathrooms, size) inside a FieldGrid. */
export function FieldTrio({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        gridColumn: '1 / -1',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        columnGap: theme.space.lg,
        rowGap: '0.75rem',
        [mq.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </div>
  );
}

/** The form-level line: success as a polite status, failure as an alert. Empty regions stay in place so they announce. */
export function FormNoticeLine({ notice, reveal = true, large = false }: { notice: FormNotice | null; reveal?: boolean; large?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  // A thank-you that replaces the form takes the focus the vanished submit button had.
  useEffect(() => {
    if (large && notice?.tone === 'success') successRef.current?.focus();
  }, [large, notice]);
  // A message that appears out of view (above a long form) is scrolled to, so the visitor sees what happened.
  useEffect(() => {
    if (!notice || !reveal) return;
    const el = ref.current;
    if (!el || typeof el.scrollIntoView !== 'function') return;
    const rect = el.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
    }
  }, [notice, reveal]);
  const box = (tone: FormNotice['tone']): CSSObject => ({
    padding: '1rem 1.25rem',
    borderRadius: theme.radius.sm,
    borderLeft: `3px solid ${tone === 'success' ? theme.color.success : theme.color.danger}`,
    background: theme.color.ivory,
    color: tone === 'success' ? theme.color.success : theme.color.danger,
    fontWeight: 500,
    margin: 0,
  });
  return (
    <div ref={ref}>
      <div role="status" aria-live="polite">
        {notice?.tone === 'success' ? (
          <p
            ref={successRef}
            tabIndex={-1}
            css={{
              ...box('success'),
              ...(large && {
                padding: `${theme.space.xl} ${theme.space.lg}`,
                fontFamily: theme.font.display,
                fontSize: theme.fontSize.xl,
                lineHeight: 1.4,
                color: theme.color.ink,
                borderLeftColor: theme.color.gold,
                outline: 'none',
              }),
            }}
            data-testid="form-success"
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {notice?.tone === 'error' ? (
          <p css={box('error')} data-testid="form-error">
            {notice.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function SubmitButton({
  busy,
  busyLabel,
  label,
  disabled,
  variant = 'primary',
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
  disabled?: boolean;
  variant?: ButtonVariant;
}) {
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      css={{ width: '100%', whiteSpace: 'nowrap', flex: 'none', [mq.sm]: { width: 'auto', minWidth: 220 } }}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

/** The note under a form: required marker explained, privacy reassurance. */
export function FormFootnote() {
  return (
    <p css={{ margin: 0, fontSize: theme.fontSize.sm, color: theme.color.muted }}>
      <span aria-hidden="true" css={{ color: theme.color.bronze }}>
        *
      </span>{' '}
      Required. Your details are used only to answer you.
    </p>
  );
}

/** A white card around a form, so it reads well on light and dark sections alike. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        background: theme.color.paper,
        color: theme.color.ink,
        borderRadius: theme.radius.md,
        boxShadow: theme.shadow.card,
        borderTop: `2px solid ${theme.color.gold}`,
        padding: theme.space.lg,
        [mq.md]: { padding: theme.space.xl },
      }}
    >
      {children}
    </div>
  );
}

/** The row holding the submit button and the footnote. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: theme.space.md,
        // the last field's reserved message line is above this
        marginTop: theme.space.lg,
        [mq.sm]: { flexDirection: 'row-reverse', alignItems: 'center', justifyContent: 'space-between' },
      }}
    >
      {children}
    </div>
  );
}
