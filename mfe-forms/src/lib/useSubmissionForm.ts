/**
 * The state machine every lead form shares: values (with a sessionStorage draft), field errors from the shared
 * rules (validateSubmission, the same ones the server's receivers use), idle -> submitting -> success | error,
 * an in-flight guard so a double click never sends twice, focus on the first invalid field, and the
 * 'lead/submitted' event on the shared bus once a lead is stored.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { contactOf, emit, validateSubmission, type ChatContact, type FieldErrors, type FormName } from '@gta/shared';
// the trap's name, the server's too (HoneypotField in fields.tsx draws it)
import { HONEYPOT_FIELD } from '@gta/shared/fields';
import { postSubmission, rateLimitedText, unavailableText, type SubmissionPayload, type SubmitOutcome } from './submit';
import { clearDraft, readDraft, writeDraft } from './drafts';
import { typedBeforeHydration } from './typedBeforeHydration';

/** What is in the form's hidden trap (empty from a person; see HoneypotField). */
function honeypotValue(form: HTMLFormElement | null): string {
  const control = form?.elements.namedItem(HONEYPOT_FIELD);
  return control instanceof HTMLInputElement ? control.value : '';
}

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface FormNotice {
  tone: 'success' | 'error';
  text: string;
}

export interface FormTexts {
  success: string;
  /** A non-ok answer (400, 413, 5xx). */
  failed: string;
  /** fetch threw (offline, timeout). */
  exception: (error: unknown) => string;
}

export type FormValues<K extends string> = Record<K, string>;

export interface SubmissionFormOptions<K extends string> {
  form: FormName;
  /** sessionStorage draft key (one per form and place). */
  draftKey: string;
  initial: FormValues<K>;
  /** The JSON sent: schema fields, trimmed, numbers as numbers, custom values substituted. */
  toPayload: (values: FormValues<K>) => SubmissionPayload;
  /** The input that shows a payload field's message (e.g. bedroom -> bedroomCustom when 'custom' is chosen). */
  inputFor?: (field: string, values: FormValues<K>) => K | null;
  texts: FormTexts;
  /** How long the success state lasts before the form is idle again; null: until the visitor edits a field. */
  successMs: number | null;
  /** 'now': fields cleared when the lead is stored; 'after': when the success state ends (the lead modal). */
  clear: 'now' | 'after';
  /** Called when the success state ends (the lead modal closes then). */
  onSettled?: () => void;
}

export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export interface SubmissionForm<K extends string> {
  values: FormValues<K>;
  errors: Partial<Record<K, string>>;
  status: FormStatus;
  notice: FormNotice | null;
  formRef: RefObject<HTMLFormElement | null>;
  field: (name: K) => BoundField;
  setValue: (name: K, value: string) => void;
  /** Sets several values at once (e.g. a select and the free field it reveals). */
  update: (patch: Partial<FormValues<K>>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
}

export function useSubmissionForm<K extends string>(options: SubmissionFormOptions<K>): SubmissionForm<K> {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const { initial, draftKey } = options;
  const fields = Object.keys(initial) as K[];

  const [values, setValues] = useState<FormValues<K>>(() => ({ ...initial }));
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [status, setStatus] = useState<FormStatus>('idle');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const inFlight = useRef(false);
  const settledTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const skipDraftWrite = useRef(false);
  const valuesRef = useRef(values);
  const statusRef = useRef<FormStatus>('idle');

  const changeStatus = useCallback((next: FormStatus, nextNotice: FormNotice | null) => {
    statusRef.current = next;
    setStatus(next);
    setNotice(nextNotice);
  }, []);

  // The saved draft comes back after the first render, before the browser paints: the first render matches the
  // server's HTML (which has no draft), so the page hydrates cleanly, and the visitor still never sees it empty.
  // What the visitor typed into the server's HTML before the page hydrated wins over the draft: it is newer.
  useLayoutEffect(() => {
    const draft = readDraft(draftKey, fields);
    const adopted = { ...draft, ...typedBeforeHydration(formRef.current, valuesRef.current) };
    if (Object.keys(adopted).length === 0) return;
    valuesRef.current = { ...valuesRef.current, ...adopted };
    setValues(valuesRef.current);
    // fields is the form's fixed list; the draft is read once per form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);

  // Keep the draft in step with what is typed (removed again once the lead is stored).
  useEffect(() => {
    if (skipDraftWrite.current) {
      skipDraftWrite.current = false;
      return;
    }
    writeDraft(draftKey, values, initial);
    // initial is a fresh object each render of the caller; the draft only follows values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, draftKey]);

  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  useEffect(
    () => () => {
      if (settledTimer.current) clearTimeout(settledTimer.current);
    },
    [],
  );

  /** Errors of the whole form, keyed by the input that shows them; errors no input can show are returned apart. */
  const mapErrors = useCallback((fieldErrors: FieldErrors, current: FormValues<K>): { byInput: Partial<Record<K, string>>; unplaced: string[] } => {
    const { inputFor } = optionsRef.current;
    const byInput: Partial<Record<K, string>> = {};
    const unplaced: string[] = [];
    for (const [field, message] of Object.entries(fieldErrors)) {
      const input = inputFor ? inputFor(field, current) : (fields as string[]).includes(field) ? (field as K) : null;
      if (input && byInput[input] === undefined) byInput[input] = message;
      else if (!input) unplaced.push(message);
    }
    return { byInput, unplaced };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const errorsFor = useCallback(
    (current: FormValues<K>): Partial<Record<K, string>> => {
      const { form, toPayload } = optionsRef.current;
      const result = validateSubmission(form, toPayload(current));
      return result.ok ? {} : mapErrors(result.errors, current).byInput;
    },
    [mapErrors],
  );

  const commitValues = useCallback((next: FormValues<K>) => {
    valuesRef.current = next;
    setValues(next);
  }, []);

  const update = useCallback(
    (patch: Partial<FormValues<K>>) => {
      const next = { ...valuesRef.current, ...patch };
      commitValues(next);
      // A field already showing a message is checked again as the visitor corrects it.
      setErrors((shown) => {
        const keys = Object.keys(shown) as K[];
        if (keys.length === 0) return shown;
        const fresh = errorsFor(next);
        const kept: Partial<Record<K, string>> = {};
        for (const key of keys) if (fresh[key]) kept[key] = fresh[key];
        return kept;
      });
      // The inquiry's thank-you stays until the visitor starts another message.
      if (statusRef.current === 'success' && optionsRef.current.successMs === null) changeStatus('idle', null);
    },
    [commitValues, errorsFor, changeStatus],
  );

  const setValue = useCallback((name: K, value: string) => update({ [name]: value } as Partial<FormValues<K>>), [update]);

  /** On leaving a field: its message from the shared rules, or none. */
  const validateOne = useCallback(
    (name: K) => {
      const message = errorsFor(valuesRef.current)[name];
      setErrors((shown) => {
        if (shown[name] === message) return shown;
        const next = { ...shown };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [errorsFor],
  );

  const settle = useCallback(() => {
    settledTimer.current = null;
    const { clear, onSettled } = optionsRef.current;
    changeStatus('idle', null);
    if (clear === 'after') {
      skipDraftWrite.current = true;
      commitValues({ ...optionsRef.current.initial });
    }
    onSettled?.();
  }, [changeStatus, commitValues]);

  const handleOutcome = useCallback(
    (outcome: SubmitOutcome, sent: FormValues<K>, contact: ChatContact | null = null) => {
      const { texts, form, clear, successMs } = optionsRef.current;
      switch (outcome.kind) {
        case 'ok':
          clearDraft(optionsRef.current.draftKey);
          setErrors({});
          changeStatus('success', { tone: 'success', text: texts.success });
          if (clear === 'now') {
            skipDraftWrite.current = true;
            commitValues({ ...optionsRef.current.initial });
          }
          if (successMs !== null) settledTimer.current = setTimeout(settle, successMs);
          // with the name and email it sent (no phone, no message): the chat does not ask for them again
          emit(contact ? { type: 'lead/submitted', version: 2, form, contact } : { type: 'lead/submitted', version: 1, form });
          return;
        case 'invalid': {
          const { byInput } = mapErrors(outcome.errors, sent);
          setErrors(byInput);
          changeStatus('error', { tone: 'error', text: texts.failed });
          setFocusTick((t) => t + 1);
          return;
        }
        case 'rateLimited':
          // nothing was stored: what was typed stays on screen and in the draft, to send again after the wait
          changeStatus('error', { tone: 'error', text: rateLimitedText(outcome.retryAfterSeconds) });
          return;
        case 'unavailable':
          // nothing was stored (the site's database is away for a moment): everything stays, to send again
          changeStatus('error', { tone: 'error', text: unavailableText(outcome.retryAfterSeconds) });
          return;
        case 'failed':
          changeStatus('error', { tone: 'error', text: texts.failed });
          return;
        case 'exception':
          changeStatus('error', { tone: 'error', text: texts.exception(outcome.error) });
          return;
      }
    },
    [mapErrors, settle, changeStatus, commitValues],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // One submission at a time: a double click or Enter pressed twice sends once.
      if (inFlight.current || settledTimer.current) return;
      const { form, toPayload } = optionsRef.current;
      const current = valuesRef.current;
      const payload = toPayload(current);
      const result = validateSubmission(form, payload);
      if (!result.ok) {
        const { byInput, unplaced } = mapErrors(result.errors, current);
        setErrors(byInput);
        changeStatus('idle', unplaced.length > 0 ? { tone: 'error', text: unplaced.join(' ') } : null);
        setFocusTick((t) => t + 1);
        return;
      }
      inFlight.current = true;
      setErrors({});
      changeStatus('submitting', null);
      // the trap goes with the submission: the server drops a filled one after answering it as sent
      void postSubmission(form, { ...payload, [HONEYPOT_FIELD]: honeypotValue(formRef.current) }).then((outcome) => {
        inFlight.current = false;
        handleOutcome(outcome, current, contactOf(result.value));
      });
    },
    [mapErrors, handleOutcome, changeStatus],
  );

  const field = (name: K): BoundField => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => validateOne(name),
  });

  return { values, errors, status, notice, formRef, field, setValue, update, onSubmit, submitting: status === 'submitting' };
}

/** The exception text of the lead form (spec section 8): the error's message, or the network text. */
export const NETWORK_ERROR = 'Network error. Please try again.';
