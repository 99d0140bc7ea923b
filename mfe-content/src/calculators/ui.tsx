/** The calculators' form pieces and result blocks: labelled, keyboard friendly, errors tied to their field. */
import { useId, useState, type ReactNode } from 'react';
import { formatDecimal, textMeasure, theme, mq, useOnLaterChange } from '@gta/shared';
import { TextField as KitTextField, fieldLabelCss } from '@gta/shared/fields';
import { parseAmount } from './format';

/* ---------- validation ---------- */

export interface NumberRule {
  label: string;
  min?: number;
  max?: number;
  /** Strictly above min (e.g. a price must be more than $0). */
  minExclusive?: boolean;
  /** The text shown for min/max ('$0', '0%'). */
  unit?: 'money' | 'percent' | 'years' | 'plain';
  required?: boolean;
}

export interface Reading {
  value: number | null;
  error: string | null;
}

function describe(n: number, unit: NumberRule['unit']): string {
  if (unit === 'money') return `$${formatDecimal(n, 0, 3)}`;
  if (unit === 'percent') return `${n}%`;
  if (unit === 'years') return `${n} years`;
  return formatDecimal(n, 0, 3);
}

/** Reads a typed number and says what is wrong with it, in words next to the field. */
export function readNumber(text: string, rule: NumberRule): Reading {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: rule.required === false ? null : `Enter ${rule.label.toLowerCase()}.` };
  const n = parseAmount(trimmed);
  if (n === null) return { value: null, error: `${rule.label} must be a number, like ${rule.unit === 'percent' ? '4.79' : '850,000'}.` };
  if (rule.min !== undefined && (rule.minExclusive ? n <= rule.min : n < rule.min)) {
    return { value: null, error: `${rule.label} must be ${rule.minExclusive ? 'more than' : 'at least'} ${describe(rule.min, rule.unit)}.` };
  }
  if (rule.max !== undefined && n > rule.max) return { value: null, error: `${rule.label} must be at most ${describe(rule.max, rule.unit)}.` };
  return { value: n, error: null };
}

/** Text state of a field plus whether the visitor has left it (empty-field errors wait until then). */
export function useTextField(initial: string) {
  const [text, setText] = useState(initial);
  const [touched, setTouched] = useState(false);
  return {
    text,
    setText,
    touched,
    touch: () => setTouched(true),
    reset: (t: string) => {
      setText(t);
      setTouched(false);
    },
  };
}
export type TextField = ReturnType<typeof useTextField>;

/**
 * Runs `apply` when a property page hands the calculator another price after its first render. Not on the first
 * render, which already starts from the price: what a visitor typed before hydration, adopted as the fields mount,
 * must not be reset to it.
 */
export function usePriceChange(price: number | undefined, apply: (price: number) => void) {
  useOnLaterChange(price, () => {
    if (price && price > 0) apply(price);
  });
}

/** The error to show now: invalid text at once, a missing value once the field was left. */
export function visibleError(field: TextField, reading: Reading): string | null {
  if (!reading.error) return null;
  return field.text.trim() === '' && !field.touched ? null : reading.error;
}

/* ---------- fields: the shared kit's, bound to a calculator's state ---------- */

/**
 * How every calculator field uses the kit: on the white of the ivory page, its hint kept above its message (the
 * hints are rules the visitor needs while correcting), no reserved message line, and what was typed or chosen
 * before the page hydrated taken as the calculator's. Spread into the kit's TextField and SelectField.
 */
export const calculatorField = { adoptTyped: true, keepHint: true, reserveMessageLine: false, fill: 'paper' } as const;

/** The small spaced capitals of the results' labels (the fields' own, in a quieter colour). */
const labelCss = { ...fieldLabelCss, color: theme.color.muted };

export interface NumberFieldProps {
  label: string;
  field: TextField;
  error: string | null;
  prefix?: string;
  suffix?: string;
  hint?: ReactNode;
  name?: string;
  /** Extra content under the input (e.g. the amount/% switch). */
  after?: ReactNode;
}

/** A number typed as text (commas and all, read by readNumber). */
export function NumberField({ label, field, error, prefix, suffix, hint, name, after }: NumberFieldProps) {
  return (
    <KitTextField
      label={label}
      name={name}
      value={field.text}
      onChange={field.setText}
      onBlur={field.touch}
      {...calculatorField}
      error={error}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      prefix={prefix}
      suffix={suffix}
      after={after}
    />
  );
}

/* ---------- layout and results ---------- */

/** Form on the left, results on the right on wide screens; stacked on phones. */
export function CalculatorLayout({ title, intro, form, results }: { title: string; intro: ReactNode; form: ReactNode; results: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} css={{ fontSize: theme.fontSize.h3, margin: `0 0 ${theme.space.sm}` }}>
        {title}
      </h2>
      <p css={{ color: theme.color.muted, maxWidth: textMeasure(62), margin: `0 0 ${theme.space.xl}` }}>{intro}</p>
      <div css={{ display: 'grid', gap: theme.space.xl, [mq.lg]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)', gap: theme.space.xxl } }}>
        <form noValidate onSubmit={(e) => e.preventDefault()} css={{ display: 'grid', gap: theme.space.lg, alignContent: 'start' }}>
          {form}
        </form>
        <div aria-live="polite" css={{ minWidth: 0 }}>
          {results}
        </div>
      </div>
    </section>
  );
}

export function FieldRow({ children }: { children: ReactNode }) {
  return <div css={{ display: 'grid', gap: theme.space.lg, [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } }}>{children}</div>;
}

/** The dark card holding the headline figure. */
export function HeadlineCard({ label, value, note, testId }: { label: string; value: string; note?: ReactNode; testId?: string }) {
  return (
    <div css={{ background: theme.color.ink, color: theme.color.ivory, padding: 'clamp(1.5rem, 1rem + 2vw, 2.5rem)', borderRadius: theme.radius.sm }}>
      <p css={{ ...labelCss, color: theme.color.gold, margin: 0 }}>{label}</p>
      <p
        data-testid={testId}
        css={{
          fontFamily: theme.font.display,
          fontSize: 'clamp(2.6rem, 2rem + 2.6vw, 4rem)',
          lineHeight: 1.05,
          margin: `${theme.space.sm} 0 0`,
          fontVariantNumeric: 'lining-nums tabular-nums',
        }}
      >
        {value}
      </p>
      {note ? <p css={{ margin: `${theme.space.md} 0 0`, color: theme.color.mutedOnDark, fontSize: theme.fontSize.sm, lineHeight: 1.6 }}>{note}</p> : null}
    </div>
  );
}

/** Label/value pairs under the headline. */
export function Figures({ items }: { items: ReadonlyArray<{ label: string; value: string; emphasis?: boolean; testId?: string }> }) {
  return (
    <dl
      css={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))',
        gap: 0,
        margin: `${theme.space.lg} 0 0`,
        borderTop: `1px solid ${theme.color.stone}`,
      }}
    >
      {items.map((item) => (
        <div key={item.label} css={{ padding: `${theme.space.md} ${theme.space.md} ${theme.space.md} 0`, borderBottom: `1px solid ${theme.color.stone}` }}>
          <dt css={{ ...labelCss, marginBottom: theme.space.xs }}>{item.label}</dt>
          <dd
            data-testid={item.testId}
            css={{
              margin: 0,
              fontFamily: theme.font.display,
              fontSize: item.emphasis ? '1.9rem' : '1.5rem',
              lineHeight: 1.2,
              color: theme.color.ink,
              fontVariantNumeric: 'lining-nums tabular-nums',
            }}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Shown instead of results while a field is invalid: never a NaN. */
export function FixFields() {
  return (
    <div
      css={{
        border: `1px dashed ${theme.color.stone}`,
        padding: theme.space.xl,
        borderRadius: theme.radius.sm,
        color: theme.color.muted,
        background: theme.color.paper,
      }}
    >
      <p css={{ fontFamily: theme.font.display, fontSize: '1.6rem', color: theme.color.ink, margin: `0 0 ${theme.space.sm}` }}>Almost there</p>
      <p css={{ margin: 0 }}>Complete or correct the highlighted fields to see the result.</p>
    </div>
  );
}

export function Note({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <div
      css={{
        marginTop: theme.space.lg,
        padding: `${theme.space.md} ${theme.space.lg}`,
        borderLeft: `3px solid ${tone === 'warning' ? theme.color.warning : theme.color.bronze}`,
        background: theme.color.paper,
        fontSize: theme.fontSize.sm,
        lineHeight: 1.65,
        color: theme.color.inkSoft,
      }}
    >
      {children}
    </div>
  );
}

export const tableCss = {
  width: '100%',
  borderCollapse: 'collapse' as const,
  fontSize: theme.fontSize.sm,
  fontVariantNumeric: 'tabular-nums' as const,
  'th, td': {
    padding: '0.6rem 0.45rem',
    textAlign: 'right' as const,
    borderBottom: `1px solid ${theme.color.stone}`,
    whiteSpace: 'nowrap' as const,
    [mq.sm]: { padding: '0.6rem 0.75rem' },
  },
  'th:first-of-type, td:first-of-type': { textAlign: 'left' as const, paddingLeft: 0, whiteSpace: 'normal' as const },
  'th:last-of-type, td:last-of-type': { paddingRight: 0 },
  thead: { th: { ...labelCss, display: 'table-cell', marginBottom: 0, fontSize: '0.68rem', borderBottom: `1px solid ${theme.color.ink}` } },
  caption: { textAlign: 'left' as const, fontFamily: theme.font.display, fontSize: '1.35rem', padding: `0 0 ${theme.space.sm}`, color: theme.color.ink },
  tfoot: { td: { fontWeight: 600, borderBottom: 0, borderTop: `1px solid ${theme.color.ink}` } },
};

/** A table that scrolls sideways on its own on narrow screens (the page never does). */
export function TableScroll({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must take focus so keyboards can scroll it
      tabIndex={0}
      css={{ overflowX: 'auto', marginTop: theme.space.xl, '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 } }}
    >
      {children}
    </div>
  );
}

export function SourcesNote({ children }: { children: ReactNode }) {
  return <p css={{ marginTop: theme.space.xl, fontSize: theme.fontSize.xs, color: theme.color.muted, lineHeight: 1.6 }}>{children}</p>;
}
