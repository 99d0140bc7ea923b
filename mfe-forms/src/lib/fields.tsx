/**
 * The form building blocks: labelled inputs whose message sits right under them, in a line kept free for it
 * (aria-describedby, aria-invalid, role="alert"), option lists with a revealed free field, the status line and
 * the submit button.
 * Refined, quiet styling from the theme tokens: small spaced capitals for labels, warm fields, a clear focus ring.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { CSSObject } from '@emotion/react';
import { Button, mq, theme, visuallyHidden, type ButtonVariant } from '@gta/shared';
import { HONEYPOT_FIELD, type BoundField, type FormNotice } from './useSubmissionForm';

const labelCss: CSSObject = {
  display: 'block',
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.16em',
  textTransform: 'uppercase',
  color: theme.color.ink,
  marginBottom: theme.space.sm,
};

const controlCss = (invalid: boolean): CSSObject => ({
  display: 'block',
  width: '100%',
  minHeight: 52,
  padding: '0.85rem 1rem',
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.md,
  lineHeight: 1.5,
  color: theme.color.ink,
  background: theme.color.ivory,
  border: `1px solid ${invalid ? theme.color.danger : theme.color.stone}`,
  borderBottom: `1px solid ${invalid ? theme.color.danger : theme.color.muted}`,
  borderRadius: theme.radius.sm,
  transition: `border-color ${theme.motion.fast}, box-shadow ${theme.motion.fast}, background ${theme.motion.fast}`,
  '&::placeholder': { color: theme.color.muted, opacity: 0.8 },
  '&:hover': { borderColor: invalid ? theme.color.danger : theme.color.muted },
  '&:focus': { outline: 'none', background: theme.color.paper, borderColor: theme.color.bronze },
  '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
  '&:disabled': { opacity: 0.6 },
});

/**
 * The line under every field, holding its hint or its message. It is always there and one message line high, so a
 * message that appears when the visitor leaves a field moves nothing below it: the Submit button used to move
 * ~31 px down between mousedown (which blurred the field) and mouseup, and the first click was lost.
 */
const messageLineCss: CSSObject = {
  minHeight: `calc(${theme.space.sm} + ${theme.fontSize.sm} * 1.5)`,
  paddingTop: theme.space.sm,
  fontSize: theme.fontSize.sm,
  lineHeight: 1.5,
};

const messageCss: CSSObject = {
  display: 'flex',
  gap: theme.space.xs,
  alignItems: 'baseline',
  margin: 0,
  color: theme.color.danger,
};

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error: string | undefined;
  full?: boolean;
  children: ReactNode;
}

function FieldFrame({ id, label, required, hint, error, full, children }: FieldFrameProps) {
  return (
    <div css={{ gridColumn: full ? '1 / -1' : undefined, minWidth: 0 }} data-field>
      <label htmlFor={id} css={labelCss}>
        {label}
        {required ? (
          <span aria-hidden="true" css={{ color: theme.color.bronze, marginLeft: '0.3em' }}>
            *
          </span>
        ) : (
          <>
            {' '}
            <span css={{ color: theme.color.muted, fontWeight: 400, letterSpacing: '0.08em', textTransform: 'none', marginLeft: '0.25em' }}>(optional)</span>
          </>
        )}
      </label>
      {children}
      <div css={messageLineCss} data-field-message>
        {hint && !error ? (
          <p id={`${id}-hint`} css={{ margin: 0, color: theme.color.muted }}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" css={messageCss}>
            <span aria-hidden="true">!</span>
            <span>{error}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

const describedBy = (id: string, error: string | undefined, hint: string | undefined): string | undefined =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export interface TextFieldProps {
  field: BoundField;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'time';
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  full?: boolean;
  /** A number, or for a date input its first and last day (YYYY-MM-DD). */
  min?: number | string;
  max?: number | string;
  step?: number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autoFocus?: boolean;
}

export function TextField({
  field,
  label,
  required,
  type = 'text',
  autoComplete,
  placeholder,
  hint,
  full,
  min,
  max,
  step,
  inputMode,
  autoFocus,
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={field.error} full={full}>
      <input
        id={id}
        name={field.name}
        type={type}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        required={required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(id, field.error, hint)}
        autoComplete={autoComplete}
        placeholder={placeholder}
        min={min}
        max={max}
        step={step}
        inputMode={inputMode}
        data-autofocus={autoFocus ? true : undefined}
        css={controlCss(!!field.error)}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps {
  field: BoundField;
  label: string;
  required?: boolean;
  placeholder?: string;
  rows?: number;
  hint?: string;
}

export function TextAreaField({ field, label, required, placeholder, rows = 5, hint }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={field.error} full>
      <textarea
        id={id}
        name={field.name}
        value={field.value}
        rows={rows}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        required={required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(id, field.error, hint)}
        placeholder={placeholder}
        css={{ ...controlCss(!!field.error), resize: 'vertical', minHeight: 132 }}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export const toOptions = (values: readonly string[], labels: Record<string, string> = {}): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

export interface SelectFieldProps {
  field: BoundField;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  placeholder?: string;
  full?: boolean;
  /** Called instead of field.onChange (a select that reveals or clears a free field). */
  onChange?: (value: string) => void;
}

export function SelectField({ field, label, options, required, placeholder = 'Select…', full, onChange }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} error={field.error} full={full}>
      <div
        css={{
          position: 'relative',
          '&::after': {
            content: '""',
            position: 'absolute',
            right: '1.1rem',
            top: '50%',
            width: 8,
            height: 8,
            marginTop: -6,
            borderRight: `1.5px solid ${theme.color.ink}`,
            borderBottom: `1.5px solid ${theme.color.ink}`,
            transform: 'rotate(45deg)',
            pointerEvents: 'none',
          },
        }}
      >
        <select
          id={id}
          name={field.name}
          value={field.value}
          onChange={(event) => (onChange ?? field.onChange)(event.target.value)}
          onBlur={field.onBlur}
          required={required}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(id, field.error, undefined)}
          css={{ ...controlCss(!!field.error), appearance: 'none', paddingRight: '2.75rem', cursor: 'pointer' }}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}

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
