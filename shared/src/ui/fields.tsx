/**
 * The site's one form-field kit, used by the lead forms (forms), the calculators (content), the listings search and
 * its alert dialog (listings): a label tied to its control, the control in the theme's look, and under it one line
 * for the field's hint or its message (aria-describedby; aria-invalid while a message shows; the message has
 * role="alert"). The line is reserved by default: it is there and one message line high before any message, so a
 * message that appears when the visitor leaves a field moves nothing below it (the lead forms' Submit button moved
 * ~31 px under the pointer between mousedown and mouseup, and the first click was lost).
 *
 * Server-rendered, then hydrated: the markup is the same on both sides. A control rendered with `adoptTyped` takes
 * what the visitor typed or picked in the server's HTML before the page hydrated (useValueTypedBeforeHydration); a
 * form that reads all its fields at once (the lead forms) leaves it off.
 */
import { useId, type ReactNode, type Ref, type RefCallback } from 'react';
import type { CSSObject } from '@emotion/react';
// the page's one federated copy: this kit is bundled into each part that draws fields (@gta/shared/fields)
import { theme, visuallyHidden, useCheckedBeforeHydration, useRadioPickedBeforeHydration, useValueTypedBeforeHydration } from '@gta/shared';

// the lead forms' declarations (framework-free, shared with the server's receivers): the forms draw their fields from them
export {
  FORMS,
  HONEYPOT_FIELD,
  emptyFormValues,
  formInputs,
  formPayload,
  inputOfField,
  type FormDeclaration,
  type FormFieldDeclaration,
  type OfferedChoices,
} from '../core/forms';

/* ---------- styles (one look for every part) ---------- */

/** Small spaced capitals above a control (or a group's legend). */
export const fieldLabelCss: CSSObject = {
  display: 'block',
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.16em',
  textTransform: 'uppercase',
  color: theme.color.ink,
  marginBottom: theme.space.sm,
};

/**
 * The fill of a control: ivory on a white card or dialog (the lead forms, the search, the alert dialog), white on
 * the ivory page (the calculators), so the field always stands out from what it sits on.
 */
export type FieldFill = 'ivory' | 'paper';

const borderOf = (invalid: boolean) => ({
  border: `1px solid ${invalid ? theme.color.danger : theme.color.stone}`,
  borderBottom: `1px solid ${invalid ? theme.color.danger : theme.color.muted}`,
});

/** A text box, select or text area: warm fill, hairline border, a bronze edge and the focus ring while focused. */
export const fieldControlCss = (invalid: boolean, fill: FieldFill = 'ivory'): CSSObject => ({
  display: 'block',
  width: '100%',
  minHeight: 52,
  padding: '0.85rem 1rem',
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.md,
  lineHeight: 1.5,
  color: theme.color.ink,
  backgroundColor: fill === 'ivory' ? theme.color.ivory : theme.color.paper,
  ...borderOf(invalid),
  borderRadius: theme.radius.sm,
  transition: `border-color ${theme.motion.fast}, box-shadow ${theme.motion.fast}, background-color ${theme.motion.fast}`,
  '&::placeholder': { color: theme.color.muted, opacity: 0.8 },
  '&:hover': { borderColor: invalid ? theme.color.danger : theme.color.muted },
  '&:focus': { outline: 'none', backgroundColor: theme.color.paper, borderColor: invalid ? theme.color.danger : theme.color.bronze },
  '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
  '&:disabled': { opacity: 0.6 },
});

/** The box around an input with a prefix or suffix ('$', '%'): the control's look, focused as a whole. */
const affixBoxCss = (invalid: boolean, fill: FieldFill): CSSObject => ({
  display: 'flex',
  alignItems: 'center',
  minHeight: 52,
  backgroundColor: fill === 'ivory' ? theme.color.ivory : theme.color.paper,
  ...borderOf(invalid),
  borderRadius: theme.radius.sm,
  transition: `border-color ${theme.motion.fast}, background-color ${theme.motion.fast}`,
  '&:hover': { borderColor: invalid ? theme.color.danger : theme.color.muted },
  '&:focus-within': {
    backgroundColor: theme.color.paper,
    borderColor: invalid ? theme.color.danger : theme.color.bronze,
    outline: `2px solid ${theme.color.focus}`,
    outlineOffset: 2,
  },
});

const affixedInputCss: CSSObject = {
  flex: 1,
  minWidth: 0,
  width: '100%',
  border: 0,
  outline: 'none',
  background: 'transparent',
  padding: '0.85rem 0.9rem',
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.md,
  lineHeight: 1.5,
  color: theme.color.ink,
  fontVariantNumeric: 'tabular-nums',
};

const affixCss: CSSObject = { padding: '0 0.9rem', color: theme.color.muted, fontSize: theme.fontSize.sm, whiteSpace: 'nowrap' };

/** The arrow of the site's select, an inline SVG (no request, no font glyph) in the accent colour. */
const CHEVRON = `url("data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'><path d='M1 1.5l5 5 5-5' fill='none' stroke='${theme.color.bronze}' stroke-width='1.5'/></svg>`,
)}")`;

/**
 * The site's select: the native control (keyboard, screen readers and the phone's picker are the platform's own)
 * without the browser's default arrow, which looks different in every browser; a thin chevron takes its place.
 * Spread into a select's css after its fill (it sets only background-image).
 */
export const selectArrowCss = {
  appearance: 'none',
  backgroundImage: CHEVRON,
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'right 0.9rem center',
  paddingRight: '2.5rem',
  cursor: 'pointer',
  // Windows high contrast draws no background images: the platform's arrow comes back there
  '@media (forced-colors: active)': { appearance: 'auto' },
} as const;

/** The reserved line under a field: one message line high before any message. */
const fieldMessageLineCss: CSSObject = {
  minHeight: `calc(${theme.space.sm} + ${theme.fontSize.sm} * 1.5)`,
  paddingTop: theme.space.sm,
  fontSize: theme.fontSize.sm,
  lineHeight: 1.5,
};

const hintCss: CSSObject = { margin: 0, color: theme.color.muted };
const errorCss: CSSObject = { display: 'flex', gap: theme.space.xs, alignItems: 'baseline', margin: 0, color: theme.color.danger };

/* ---------- the frame: label, control, hint or message ---------- */

/** What every field takes besides its control's value. */
export interface FieldChrome {
  label: ReactNode;
  /** Sets the control's required attribute (and, with `marks`, the label's asterisk). */
  required?: boolean;
  /** Marks the label: an asterisk when required, '(optional)' otherwise (the lead forms, whose footnote explains it). */
  marks?: boolean;
  hint?: ReactNode;
  /** The field's message; the control is aria-invalid while there is one. */
  error?: string | null;
  /** Keep the hint above the message (the calculators' hints are rules the visitor needs while correcting). Else the message takes its place. */
  keepHint?: boolean;
  /** The message line is there before any message (default). Off: it appears with its text. */
  reserveMessageLine?: boolean;
  /** Spans every column of a field grid. */
  full?: boolean;
  /** The control's id; one is made when absent. */
  id?: string;
}

/** The ids the control's aria-describedby lists: the message, and the hint while it is shown. */
export function fieldDescribedBy(id: string, error: string | null | undefined, hint: ReactNode, keepHint = false): string | undefined {
  const ids = [hint && (!error || keepHint) ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface FieldProps extends Omit<FieldChrome, 'id'> {
  /** The control's id (the label's htmlFor; the hint and message ids derive from it). */
  id: string;
  /** Content between the control and the message line (the calculators' amount/% switch). */
  after?: ReactNode;
  children: ReactNode;
}

/** The frame of one field: its label, its control (children), then the line for its hint or message. */
export function Field({ id, label, required, marks, hint, error, keepHint, reserveMessageLine = true, full, after, children }: FieldProps) {
  const showHint = Boolean(hint) && (!error || keepHint);
  const line =
    showHint || error ? (
      <>
        {showHint ? (
          <p id={`${id}-hint`} css={hintCss}>
            {hint}
          </p>
        ) : null}
        {error ? (
          // the message is the alert's own text (its '!' is decoration): the element found by its text is the alert
          <p id={`${id}-error`} role="alert" css={errorCss}>
            <span aria-hidden="true">!</span>
            {error}
          </p>
        ) : null}
      </>
    ) : null;
  return (
    <div css={{ gridColumn: full ? '1 / -1' : undefined, minWidth: 0 }} data-field>
      <label htmlFor={id} css={fieldLabelCss}>
        {label}
        {marks ? <RequiredMark required={required} /> : null}
      </label>
      {children}
      {after}
      {reserveMessageLine ? (
        <div css={fieldMessageLineCss} data-field-message>
          {line}
        </div>
      ) : line ? (
        <div css={{ ...fieldMessageLineCss, minHeight: 0, paddingTop: theme.space.xs }} data-field-message>
          {line}
        </div>
      ) : null}
    </div>
  );
}

function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span aria-hidden="true" css={{ color: theme.color.bronze, marginLeft: '0.3em' }}>
      *
    </span>
  ) : (
    <>
      {' '}
      <span css={{ color: theme.color.muted, fontWeight: 400, letterSpacing: '0.08em', textTransform: 'none', marginLeft: '0.25em' }}>(optional)</span>
    </>
  );
}

/* ---------- controls ---------- */

/** A controlled value: what the control shows and where its changes go. */
export interface FieldBinding {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Takes a value typed or picked in the server's HTML before hydration as the field's own, as it mounts. */
  adoptTyped?: boolean;
}

const noAdoption = () => undefined;

/** One ref out of the kit's own and the caller's. */
function joinRefs<E>(...refs: ReadonlyArray<Ref<E> | undefined>): RefCallback<E> {
  return (element) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(element);
      else if (ref) (ref as { current: E | null }).current = element;
    }
  };
}

/** What every control shares: its frame (label, hint or message) and the attributes tying it to them. */
type ControlChrome = FieldChrome & Pick<FieldBinding, 'name' | 'onBlur'>;

/** The frame's props out of a control's (its label, marks, hint or message, width). */
const frameOf = ({ label, required, marks, hint, error, keepHint, reserveMessageLine, full }: FieldChrome) => ({
  label,
  required,
  marks,
  hint,
  error,
  keepHint,
  reserveMessageLine,
  full,
});

/** The control's own attributes every control carries: id, name, required, and aria tied to its hint or message. */
const controlAttributes = (id: string, { name, onBlur, required, error, hint, keepHint }: ControlChrome) => ({
  id,
  name,
  onBlur,
  required,
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': fieldDescribedBy(id, error, hint, keepHint),
});

/** The control's id (given, or made) and the ref that adopts what was typed before hydration when asked to. */
function useControl<E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  givenId: string | undefined,
  value: string,
  onChange: (value: string) => void,
  adoptTyped: boolean | undefined,
) {
  const madeId = useId();
  const adopted = useValueTypedBeforeHydration<E>(value, adoptTyped ? onChange : noAdoption);
  return { id: givenId ?? madeId, adopted };
}

export interface TextFieldProps extends FieldChrome, FieldBinding {
  type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'time' | 'search' | 'password';
  autoComplete?: string;
  placeholder?: string;
  /** A number, or for a date input its first and last day (YYYY-MM-DD). */
  min?: number | string;
  max?: number | string;
  step?: number | 'any';
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search';
  /** Marks the field a dialog focuses first as it opens (data-autofocus, the shared Dialog's rule). */
  focusFirst?: boolean;
  /** Shown in the box before and after the value ('$', '%'); hidden from screen readers (the label says the unit). */
  prefix?: string;
  suffix?: string;
  after?: ReactNode;
  fill?: FieldFill;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const { value, onChange, type = 'text', autoComplete, placeholder, min, max, step, maxLength, inputMode, focusFirst, prefix, suffix, after } = props;
  const { fill = 'ivory', inputRef } = props;
  const { id, adopted } = useControl<HTMLInputElement>(props.id, value, onChange, props.adoptTyped);
  const invalid = Boolean(props.error);
  const affixed = Boolean(prefix || suffix);
  const input = (
    <input
      ref={joinRefs(adopted, inputRef)}
      {...controlAttributes(id, props)}
      type={type}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
      placeholder={placeholder}
      min={min}
      max={max}
      step={step}
      maxLength={maxLength}
      inputMode={inputMode}
      data-autofocus={focusFirst ? true : undefined}
      css={affixed ? affixedInputCss : fieldControlCss(invalid, fill)}
    />
  );
  return (
    <Field id={id} {...frameOf(props)} after={after}>
      {affixed ? (
        <div css={affixBoxCss(invalid, fill)}>
          {prefix ? (
            <span aria-hidden="true" css={{ ...affixCss, paddingRight: 0 }}>
              {prefix}
            </span>
          ) : null}
          {input}
          {suffix ? (
            <span aria-hidden="true" css={{ ...affixCss, paddingLeft: 0 }}>
              {suffix}
            </span>
          ) : null}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

export interface TextAreaFieldProps extends FieldChrome, FieldBinding {
  placeholder?: string;
  rows?: number;
  fill?: FieldFill;
}

/** A text area, full width in a field grid. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { value, onChange, placeholder, rows = 5, fill = 'ivory' } = props;
  const { id, adopted } = useControl<HTMLTextAreaElement>(props.id, value, onChange, props.adoptTyped);
  return (
    <Field id={id} {...frameOf({ ...props, full: props.full ?? true })}>
      <textarea
        ref={adopted}
        {...controlAttributes(id, props)}
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        css={{ ...fieldControlCss(Boolean(props.error), fill), resize: 'vertical', minHeight: 132 }}
      />
    </Field>
  );
}

export interface SelectOption<T extends string | number = string> {
  value: T;
  label: string;
}

/** Option values as options, with labels where they differ from the value. */
export const toOptions = (values: readonly string[], labels: Readonly<Record<string, string>> = {}): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** The free field an option of a select reveals ('custom', 'Other'): its text is used instead of the option. */
export interface CustomValueProps extends TextFieldProps {
  /** The option that reveals it. */
  option: string;
  /** 'next': the next field of the grid (the lead forms); 'under': under the select, in the same cell (the search). */
  place?: 'next' | 'under';
}

export interface SelectFieldProps<T extends string | number = string> extends FieldChrome, Pick<FieldBinding, 'name' | 'onBlur' | 'adoptTyped'> {
  /** The chosen value: text, or a number (years, for the calculators). */
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<SelectOption<T>>;
  /** The first, empty option ('Select…', 'Any price'); none when absent. */
  placeholder?: string;
  fill?: FieldFill;
  /** A free field shown while its option is chosen. */
  custom?: CustomValueProps;
}

/** The site's one select: text or number values, an optional empty first option, an optional 'custom' free field. */
export function SelectField<T extends string | number = string>(props: SelectFieldProps<T>) {
  const { value, onChange, options, placeholder, fill = 'ivory', custom } = props;
  // a number's option is found by its text; a text value the options do not hold (the empty first option) is passed on
  const pick = (picked: string) => {
    const found = options.find((option) => String(option.value) === picked);
    if (found) onChange(found.value);
    else if (typeof value === 'string') (onChange as (value: string) => void)(picked);
  };
  const { id, adopted } = useControl<HTMLSelectElement>(props.id, String(value), pick, props.adoptTyped);
  const select = (
    <Field id={id} {...frameOf(props)}>
      <select
        ref={adopted}
        {...controlAttributes(id, props)}
        value={String(value)}
        onChange={(event) => pick(event.target.value)}
        css={{ ...fieldControlCss(Boolean(props.error), fill), ...selectArrowCss }}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
  if (!custom) return select;
  const { option, place = 'next', ...free } = custom;
  const shown = String(value) === option;
  if (place === 'next')
    return (
      <>
        {select}
        {shown ? <TextField id={`${id}-custom`} {...free} /> : null}
      </>
    );
  return (
    <div>
      {select}
      {shown ? (
        <div css={{ marginTop: theme.space.sm }}>
          <TextField id={`${id}-custom`} {...free} />
        </div>
      ) : null}
    </div>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  name?: string;
  /** Takes a tick given in the server's HTML before hydration as the field's own, as it mounts (default on). */
  adoptTyped?: boolean;
}

/** A checkbox with its label beside it and a hint under the label. */
export function CheckboxField({ label, checked, onChange, hint, name, adoptTyped = true }: CheckboxFieldProps) {
  const id = useId();
  const boxRef = useCheckedBeforeHydration(checked, adoptTyped ? onChange : noAdoption);
  return (
    <div css={{ display: 'flex', gap: theme.space.md, alignItems: 'flex-start' }} data-field>
      <input
        ref={boxRef}
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        css={{ width: 20, height: 20, marginTop: 2, accentColor: theme.color.ink, flex: 'none', cursor: 'pointer' }}
      />
      <div>
        <label htmlFor={id} css={{ fontWeight: 500, cursor: 'pointer' }}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} css={{ ...hintCss, marginTop: theme.space.xs, fontSize: theme.fontSize.sm, lineHeight: 1.5 }}>
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  /** Said after the label, in the label (a list group only). */
  hint?: string;
}

export interface RadioGroupProps<T extends string> {
  legend: string;
  value: T;
  options: ReadonlyArray<RadioOption<T>>;
  onChange: (value: T) => void;
  /** 'list': one choice a line; 'segmented': a row of pills (short choices). */
  variant?: 'list' | 'segmented';
  /** The legend is read, not shown (a switch whose field's label already says what it is). */
  hideLegend?: boolean;
  /** The group's message, under it (aria-describedby on the group). */
  error?: string | null;
  /** A line kept under the group for its message (as a field's). */
  reserveMessageLine?: boolean;
  name?: string;
  /** Takes a choice made in the server's HTML before hydration as the group's own, as it mounts (default on). */
  adoptTyped?: boolean;
}

/** Native radio buttons in a fieldset (arrow keys move between them), as a list or as a segmented control. */
export function RadioGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  variant = 'list',
  hideLegend,
  error,
  reserveMessageLine = false,
  name: givenName,
  adoptTyped = true,
}: RadioGroupProps<T>) {
  const id = useId();
  const name = givenName ?? id;
  const pick = (picked: string) => {
    const found = options.find((option) => option.value === picked);
    if (found) onChange(found.value);
  };
  const groupRef = useRadioPickedBeforeHydration<HTMLDivElement>(value, adoptTyped ? pick : noAdoption);
  const segmented = variant === 'segmented';
  return (
    <div data-field>
      <fieldset
        aria-describedby={error ? `${id}-error` : undefined}
        css={{ border: 0, padding: 0, margin: segmented ? `${theme.space.sm} 0 0` : 0, minWidth: 0 }}
      >
        <legend css={hideLegend ? visuallyHidden : { ...fieldLabelCss, padding: 0 }}>{legend}</legend>
        <div
          ref={groupRef}
          css={
            segmented
              ? { display: 'inline-flex', border: `1px solid ${theme.color.stone}`, borderRadius: theme.radius.pill, padding: 3, background: theme.color.paper }
              : { display: 'grid', gap: theme.space.sm }
          }
        >
          {options.map((option) => {
            const picked = value === option.value;
            return (
              <label
                key={option.value}
                css={
                  segmented
                    ? {
                        position: 'relative',
                        padding: '0.35rem 0.95rem',
                        borderRadius: theme.radius.pill,
                        fontSize: theme.fontSize.xs,
                        fontWeight: 600,
                        letterSpacing: '0.08em',
                        cursor: 'pointer',
                        background: picked ? theme.color.ink : 'transparent',
                        color: picked ? theme.color.ivory : theme.color.muted,
                        '&:focus-within': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
                      }
                    : { display: 'flex', gap: theme.space.sm, alignItems: 'baseline', cursor: 'pointer' }
                }
              >
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={picked}
                  onChange={() => onChange(option.value)}
                  css={segmented ? visuallyHidden : { accentColor: theme.color.ink }}
                />
                {segmented ? (
                  option.label
                ) : (
                  <span>
                    <strong css={{ fontWeight: 600 }}>{option.label}</strong>
                    {option.hint ? <span css={{ color: theme.color.muted }}> — {option.hint}</span> : null}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
      {error || reserveMessageLine ? (
        <div css={reserveMessageLine ? fieldMessageLineCss : { ...fieldMessageLineCss, minHeight: 0, paddingTop: theme.space.xs }} data-field-message>
          {error ? (
            <p id={`${id}-error`} role="alert" css={errorCss}>
              <span aria-hidden="true">!</span>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
