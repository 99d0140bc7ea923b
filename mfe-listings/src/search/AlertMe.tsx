/**
 * 'Alert me' on the search results: a button that opens a dialog (shared Dialog: focus moves in and back, Tab
 * stays inside, Escape closes) asking for an email and how often (instant, daily, weekly), and posts the search's
 * filters to the server (POST /api/alerts, shared listingAlerts.ts). The server keeps the search unconfirmed and
 * emails a confirm link (through n8n): the dialog then says to check the inbox. Field messages sit under their
 * field (aria-describedby); the server's 400 field errors land in the same places.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, theme } from '@gta/shared';
import { ALERT_API, ALERT_FREQUENCIES, alertEmailError, describeAlertCriteria, type AlertFrequency, type ListingSearchFilters } from '@gta/shared/core';

export const ALERT_FREQUENCY_CHOICES: Readonly<Record<AlertFrequency, { label: string; hint: string }>> = {
  instant: { label: 'Instant', hint: 'As soon as a matching home is listed or reduced' },
  daily: { label: 'Daily', hint: 'At most one email a day' },
  weekly: { label: 'Weekly', hint: 'At most one email a week' },
};

export const ALERT_SAVE_FAILED = 'We could not save your alert. Please try again.';

type Errors = Partial<Record<'email' | 'frequency' | 'form', string>>;

interface AlertAnswer {
  ok?: boolean;
  error?: string;
  errors?: Record<string, string>;
}

/** Posts the alert; resolves with the field errors to show (none: saved). */
export async function saveAlert(email: string, frequency: AlertFrequency, filters: ListingSearchFilters, endpoint: string = ALERT_API.create): Promise<Errors> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, frequency, criteria: filters }),
    });
  } catch {
    return { form: ALERT_SAVE_FAILED };
  }
  if (response.ok) return {};
  const answer = (await response.json().catch(() => ({}))) as AlertAnswer;
  const errors: Errors = {};
  if (answer.errors?.email) errors.email = answer.errors.email;
  if (answer.errors?.frequency) errors.frequency = answer.errors.frequency;
  if (!errors.email && !errors.frequency) errors.form = answer.errors?.criteria ?? answer.errors?._form ?? answer.error ?? ALERT_SAVE_FAILED;
  return errors;
}

const labelCss = {
  display: 'block',
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.16em',
  textTransform: 'uppercase' as const,
  color: theme.color.muted,
  marginBottom: theme.space.xs,
};

const messageCss = { margin: `${theme.space.xs} 0 0`, minHeight: '1.3em', fontSize: theme.fontSize.sm, color: theme.color.danger };

function AlertForm({ filters, onSaved }: { filters: ListingSearchFilters; onSaved: (email: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emailError = alertEmailError(email);
    if (emailError) {
      setErrors({ email: emailError });
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    const found = await saveAlert(email.trim(), frequency, filters);
    setBusy(false);
    if (Object.keys(found).length === 0) {
      onSaved(email.trim());
      return;
    }
    setErrors(found);
    if (found.email) emailRef.current?.focus();
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <label htmlFor={`${id}-email`} css={labelCss}>
        Email
      </label>
      <input
        ref={emailRef}
        id={`${id}-email`}
        type="email"
        name="email"
        autoComplete="email"
        required
        data-autofocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => {
          if (email.trim() !== '') setErrors((current) => ({ ...current, email: alertEmailError(email) ?? undefined }));
        }}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={`${id}-email-message`}
        css={{
          width: '100%',
          minHeight: 48,
          padding: '0.65rem 0.85rem',
          border: `1px solid ${errors.email ? theme.color.danger : theme.color.stone}`,
          borderRadius: theme.radius.sm,
          background: theme.color.ivory,
          fontSize: theme.fontSize.md,
          '&:focus': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 1, borderColor: theme.color.ink },
        }}
      />
      <p id={`${id}-email-message`} css={messageCss}>
        {errors.email ?? ''}
      </p>
      <fieldset
        aria-describedby={`${id}-frequency-message`}
        css={{ border: 'none', padding: 0, margin: `${theme.space.md} 0 0`, display: 'grid', gap: theme.space.sm }}
      >
        <legend css={labelCss}>How often</legend>
        {ALERT_FREQUENCIES.map((value) => (
          // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the label wraps its radio; its text is the choice's name and hint
          <label key={value} css={{ display: 'flex', gap: theme.space.sm, alignItems: 'baseline', cursor: 'pointer' }}>
            <input
              type="radio"
              name={`${id}-frequency`}
              value={value}
              checked={frequency === value}
              onChange={() => setFrequency(value)}
              css={{ accentColor: theme.color.ink }}
            />
            <span>
              <strong css={{ fontWeight: 600 }}>{ALERT_FREQUENCY_CHOICES[value].label}</strong>
              <span css={{ color: theme.color.muted }}> — {ALERT_FREQUENCY_CHOICES[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p id={`${id}-frequency-message`} css={messageCss}>
        {errors.frequency ?? ''}
      </p>
      <p role="alert" css={{ ...messageCss, minHeight: 0 }}>
        {errors.form ?? ''}
      </p>
      <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: theme.space.md }}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Create alert'}
        </Button>
      </div>
    </form>
  );
}

function Saved({ email, onClose }: { email: string; onClose: () => void }) {
  const doneRef = useRef<HTMLButtonElement>(null);
  // the form's controls are gone: the keyboard stays in the dialog, on Done
  useEffect(() => doneRef.current?.focus(), []);
  return (
    <div role="status">
      <p css={{ fontSize: theme.fontSize.lg, fontWeight: 600, margin: `0 0 ${theme.space.sm}` }}>Check your inbox to confirm</p>
      <p css={{ margin: 0, color: theme.color.muted }}>
        We sent a link to {email}. Your alert starts once you open it; every alert email has a one-click unsubscribe link.
      </p>
      <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: theme.space.lg }}>
        <Button ref={doneRef} type="button" variant="outline" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** The dialog; rendered only while open (a new one starts empty). */
export function AlertDialog({ filters, onClose }: { filters: ListingSearchFilters; onClose: () => void }) {
  const [savedFor, setSavedFor] = useState<string | null>(null);
  return (
    <Dialog open onClose={onClose} title="Alert me about new listings" subtitle={describeAlertCriteria(filters)} maxWidth={520}>
      {savedFor === null ? <AlertForm filters={filters} onSaved={setSavedFor} /> : <Saved email={savedFor} onClose={onClose} />}
    </Dialog>
  );
}

/** The 'Alert me' button of the search results, and its dialog. */
export function AlertMeButton({ filters }: { filters: ListingSearchFilters }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)} css={{ minHeight: 44 }}>
        Alert me
      </Button>
      {open ? <AlertDialog filters={filters} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
