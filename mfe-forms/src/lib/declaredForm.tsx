/**
 * A lead form drawn from its declaration (FORMS in shared core, through @gta/shared/fields): its state, empty
 * values, payload and messages' inputs (useDeclaredForm), and its fields in order, each as the control its kind
 * asks for (DeclaredFields). A page adds only how it lays fields out where that is its own: placeholders, hints, a
 * row of three, a group it draws apart (FieldLooks).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';
import { showingHoursText, showingSlots, showingTimeLabel, upcomingDayRange } from '@gta/shared';
import {
  SelectField,
  TextAreaField,
  TextField,
  emptyFormValues,
  formPayload,
  inputOfField,
  toOptions,
  type FormDeclaration,
  type FormFieldDeclaration,
  type TextFieldProps,
} from '@gta/shared/fields';
import { FieldTrio, FormNoticeLine } from './fields';
import { useSubmissionForm, type SubmissionForm, type SubmissionFormOptions } from './useSubmissionForm';

/** How a page shows one of its fields, beyond what the declaration says. */
export interface FieldLook {
  /** The page's label where it says more than the field's own (which messages and the staff table use). */
  label?: string;
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
  /** A text area's height in lines. */
  rows?: number;
  /** Spans both columns of the grid. */
  full?: boolean;
  /** A time's step, in seconds. */
  step?: number;
  /** The field a dialog focuses first. */
  focusFirst?: boolean;
  /** The placeholder of the free field a 'custom' option reveals. */
  customPlaceholder?: string;
  /** Whether that free field spans both columns. */
  customFull?: boolean;
  /** Drawn with its neighbours of the same row in one full-width row of three (rooms and size). */
  row?: 'trio';
  /** Drawn where the page puts this group (<DeclaredFields group=…>), not with the others. */
  group?: string;
}

export type FieldLooks = Readonly<Record<string, FieldLook>>;

/** What every form shares: how the contact details are filled in by the browser. */
const COMMON_LOOKS: FieldLooks = {
  name: { autoComplete: 'name' },
  email: { autoComplete: 'email' },
  phone: { autoComplete: 'tel' },
};

export type DeclaredFormOptions = Omit<SubmissionFormOptions<string>, 'form' | 'initial' | 'toPayload' | 'inputFor'> & {
  /** The values of the fields the page fills in itself (a source, the property an inquiry is about). */
  fromPage?: Readonly<Record<string, string>>;
};

/** The form's state machine with its empty state, payload and message placement from its declaration. */
export function useDeclaredForm(declaration: FormDeclaration, options: DeclaredFormOptions): SubmissionForm<string> {
  const { fromPage, ...rest } = options;
  const initial = useMemo(() => emptyFormValues(declaration), [declaration]);
  return useSubmissionForm<string>({
    ...rest,
    form: declaration.form,
    initial,
    toPayload: (values) => formPayload(declaration, values, fromPage),
    inputFor: (field, values) => inputOfField(declaration, field, values),
  });
}

/** A form's state as the fields read it (only `field`, `values` and `update`: any form of these fields fits). */
export type FieldsForm = Pick<SubmissionForm<string>, 'field' | 'values' | 'update'>;

/**
 * The declaration's fields in order, each the control its kind asks for, labelled and marked required or optional.
 * Fields of a `group` are drawn only where the page draws that group; runs of `row: 'trio'` share a row.
 */
export function DeclaredFields({
  form,
  declaration,
  looks = {},
  group,
}: {
  form: FieldsForm;
  declaration: FormDeclaration;
  looks?: FieldLooks;
  group?: string;
}) {
  const drawn = declaration.fields.filter((f) => !f.fromPage && looks[f.name]?.group === group);
  const out: ReactNode[] = [];
  for (let i = 0; i < drawn.length; i++) {
    const f = drawn[i]!;
    if (looks[f.name]?.row !== 'trio') {
      out.push(<DeclaredField key={f.name} form={form} field={f} look={{ ...COMMON_LOOKS[f.name], ...looks[f.name] }} />);
      continue;
    }
    const row: FormFieldDeclaration[] = [];
    while (i < drawn.length && looks[drawn[i]!.name]?.row === 'trio') row.push(drawn[i++]!);
    i--;
    out.push(
      <FieldTrio key={row[0]!.name}>
        {row.map((r) => (
          <DeclaredField key={r.name} form={form} field={r} look={{ ...COMMON_LOOKS[r.name], ...looks[r.name] }} />
        ))}
      </FieldTrio>,
    );
  }
  return <>{out}</>;
}

/** One declared field as its control. */
export function DeclaredField({ form, field, look = {} }: { form: FieldsForm; field: FormFieldDeclaration; look?: FieldLook }) {
  const bound = form.field(field.name);
  const shared = { ...bound, label: look.label ?? field.label, required: field.required, marks: true, hint: look.hint, full: look.full };
  if (field.offered) {
    const { options, labels, custom } = field.offered;
    return (
      <SelectField
        {...shared}
        placeholder="Select…"
        options={toOptions(options, labels)}
        // another option hides the free field and forgets what was typed in it
        onChange={(value) => form.update({ [field.name]: value, ...(value === custom.value ? {} : { [custom.input]: '' }) })}
        custom={{
          ...form.field(custom.input),
          option: custom.value,
          label: custom.label,
          required: true,
          marks: true,
          placeholder: look.customPlaceholder,
          full: look.customFull,
        }}
      />
    );
  }
  switch (field.kind) {
    case 'choice':
      return <SelectField {...shared} placeholder="Select…" options={toOptions(field.options ?? [])} />;
    case 'longtext':
      return <TextAreaField {...shared} full={look.full ?? true} rows={look.rows} placeholder={look.placeholder} />;
    case 'date':
      return <DateField shared={shared} field={field} look={look} />;
    case 'time':
      if (field.showingDayField !== undefined) return <ShowingTimeField form={form} shared={shared} field={field} dayField={field.showingDayField} />;
      return <TextField {...shared} {...inputOf(field, look)} />;
    default:
      return <TextField {...shared} {...inputOf(field, look)} />;
  }
}

type InputAttributes = Pick<TextFieldProps, 'type' | 'inputMode' | 'min' | 'max' | 'step' | 'autoComplete' | 'placeholder' | 'focusFirst'>;

/** The input a kind asks for: its type, keyboard and limits. */
function inputOf(field: FormFieldDeclaration, look: FieldLook): InputAttributes {
  const { autoComplete, placeholder, focusFirst } = look;
  const common = { autoComplete, placeholder, focusFirst };
  switch (field.kind) {
    case 'email':
      return { ...common, type: 'email', inputMode: 'email' };
    case 'phone':
      return { ...common, type: 'tel', inputMode: 'tel' };
    case 'number':
      return {
        ...common,
        type: 'number',
        min: field.min,
        max: field.max,
        step: field.step,
        inputMode: field.step !== undefined && !Number.isInteger(field.step) ? 'decimal' : 'numeric',
      };
    case 'time':
      return { ...common, type: 'time', step: look.step };
    default:
      return common;
  }
}

/** A date with its first and last day (an upcoming date: today to its reach, in the team's time zone). */
function DateField({ shared, field, look }: { shared: Omit<TextFieldProps, 'type'>; field: FormFieldDeclaration; look: FieldLook }) {
  const days = useUpcomingDays(field);
  return <TextField {...shared} {...inputOf(field, look)} type="date" min={days?.min} max={days?.max} />;
}

/** The days a date field accepts; known in the browser only (the server's HTML has none). */
function useUpcomingDays(field: FormFieldDeclaration): { min: string; max: string } | null {
  const [days, setDays] = useState<{ min: string; max: string } | null>(null);
  useEffect(() => setDays(field.upcomingDays === undefined ? null : upcomingDayRange(field)), [field]);
  return days;
}

/** The hidden input naming the form a page posts without scripts (the server's src/webhooks/formPosts.ts reads it). */
export const FORM_POST_FIELD = '_form';
/** After a form kept without scripts, the server redirects to the page with ?sent={form}#form-sent. */
export const SENT_PARAM = 'sent';
export const SENT_ID = 'form-sent';

/**
 * What makes a form work before or without scripts: `<form method="post">` to the page's own URL (the values in the
 * body, never in the URL), naming its form, with its thank-you for the page the server redirects to. With scripts
 * the form's onSubmit sends JSON instead, and the after-paint loader holds a submit made before hydration.
 */
export function postedForm(declaration: FormDeclaration, texts: { success: string }) {
  return { method: 'post', 'data-form': declaration.form, 'data-sent-text': texts.success } as const;
}

/**
 * Inside a posted form: the hidden inputs the server reads (the form's name, the page's own fields such as the
 * property an inquiry is about), and, on the page a kept form was redirected to (?sent={form}), its thank-you.
 */
export function FormPostFields({
  declaration,
  fromPage = {},
  texts,
}: {
  declaration: FormDeclaration;
  fromPage?: Readonly<Record<string, string>>;
  texts: { success: string };
}) {
  const inRouter = useInRouterContext();
  return (
    <>
      <input type="hidden" name={FORM_POST_FIELD} value={declaration.form} />
      {declaration.fields
        .filter((f) => f.fromPage)
        .map((f) => (
          <input key={f.name} type="hidden" name={f.name} value={fromPage[f.name] ?? ''} />
        ))}
      {inRouter ? <SentWithoutScripts form={declaration.form} text={texts.success} /> : null}
    </>
  );
}

/** The thank-you of a form the server kept without scripts, where the redirect's #form-sent leads. */
function SentWithoutScripts({ form, text }: { form: string; text: string }) {
  const { search } = useLocation();
  if (new URLSearchParams(search).get(SENT_PARAM) !== form) return null;
  return (
    <div id={SENT_ID} tabIndex={-1} css={{ marginBottom: '1.5rem', outline: 'none' }}>
      <FormNoticeLine notice={{ tone: 'success', text }} reveal={false} />
    </div>
  );
}

/**
 * A showing's time: the half-hour slots of the chosen day within the team's hours, Toronto time, today's past ones
 * left out (showingSlots, the rule the server applies too). Known in the browser only (the server's HTML offers
 * none); a time the new day does not offer is cleared.
 */
function ShowingTimeField({
  form,
  shared,
  field,
  dayField,
}: {
  form: FieldsForm;
  shared: Omit<TextFieldProps, 'type'>;
  field: FormFieldDeclaration;
  dayField: string;
}) {
  const day = (form.values[dayField] ?? '').trim();
  const [slots, setSlots] = useState<string[] | null>(null);
  useEffect(() => setSlots(day ? showingSlots(day) : null), [day]);
  const value = form.values[field.name] ?? '';
  useEffect(() => {
    if (slots && value && !slots.includes(value)) form.update({ [field.name]: '' });
    // the form's update is stable enough; the slots and the value decide
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slots, value, field.name]);
  const placeholder = !day ? 'Choose a day first' : slots && slots.length === 0 ? 'No times left that day' : 'Choose a time';
  const options = (slots ?? []).map((slot) => ({ value: slot, label: showingTimeLabel(slot) }));
  // a value not offered (typed before hydration, or a day without it) stays visible until cleared
  const shown = value && !options.some((o) => o.value === value) ? [...options, { value, label: showingTimeLabel(value) }] : options;
  return (
    <SelectField {...shared} hint={day ? showingHoursText(day) : 'Choose a day to see the times we show homes.'} placeholder={placeholder} options={shown} />
  );
}
