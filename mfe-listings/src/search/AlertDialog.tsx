/**
 * The dialog of 'Alert me' on the search results, fetched on the visitor's first sign of wanting it (AlertMe.tsx):
 * a shared Dialog (focus moves in and back, Tab stays inside, Escape closes) asking for an email and how often
 * (instant, daily, weekly), and posts the search's filters to the server (POST /api/alerts, shared listingAlerts.ts).
 * The server keeps the search unconfirmed and emails a confirm link (through n8n): the dialog then says to check the
 * inbox. Field messages sit under their field (aria-describedby); the server's 400 field errors land in the same places.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, theme } from '@gta/shared';
import { ALERT_API, ALERT_FREQUENCIES, alertEmailError, describeAlertCriteria, type AlertFrequency } from '@gta/shared/listing-alerts';
import type { ListingSearchFilters } from '@gta/shared/listing-search';
import { RadioGroup, TextField } from '@gta/shared/fields';

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

function AlertForm({ filters, onSaved }: { filters: ListingSearchFilters; onSaved: (email: string) => void }) {
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
      <TextField
        inputRef={emailRef}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        focusFirst
        value={email}
        onChange={setEmail}
        onBlur={() => {
          if (email.trim() !== '') setErrors((current) => ({ ...current, email: alertEmailError(email) ?? undefined }));
        }}
        error={errors.email}
      />
      <RadioGroup
        legend="How often"
        value={frequency}
        onChange={setFrequency}
        options={ALERT_FREQUENCIES.map((value) => ({ value, ...ALERT_FREQUENCY_CHOICES[value] }))}
        error={errors.frequency}
        reserveMessageLine
      />
      <p role="alert" css={{ margin: 0, fontSize: theme.fontSize.sm, color: theme.color.danger }}>
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
