/**
 * Above the tables: the submissions that have not reached n8n or the team's Airtable base. "Not delivered" ones
 * (a refused credential, a field the base lacks) wait for staff: the reason is shown with a "Send again" button for
 * after the cause is fixed. Ones still being retried (n8n or Airtable down) are counted with their last error.
 * Nothing is shown when everything arrived, or when the report cannot be read (the tables still work).
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, theme } from '@gta/shared';
import { loadDeliveries, resendDelivery, type DeliveriesReport } from './deliveriesClient';
import { cardCss } from './styles';

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
}

export function UndeliveredNotice() {
  const [report, setReport] = useState<DeliveriesReport | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setReport(await loadDeliveries());
    } catch {
      setReport(null);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (!report) return null;
  const parked = report.deliveries.filter((d) => d.state === 'not-delivered');
  const retrying = report.deliveries.filter((d) => d.state === 'pending' && d.attempts > 0);
  if (parked.length === 0 && retrying.length === 0) return null;
  // the first of them the server will park if the failures go on (its give-up time, OUTBOX_GIVE_UP_HOURS)
  const giveUpAt = retrying
    .map((d) => d.retryUntil)
    .filter((at): at is string => typeof at === 'string')
    .sort()[0];

  async function sendAgain(seq: number) {
    setSending(seq);
    setMessage(null);
    const ok = await resendDelivery(seq).catch(() => false);
    setSending(null);
    setMessage(ok ? 'Queued to be sent again.' : 'It could not be queued. Please try again.');
    await refresh();
  }

  return (
    <section aria-labelledby="undelivered-heading" css={[cardCss, { marginBottom: theme.space.lg, borderColor: theme.color.danger }]}>
      <h2 id="undelivered-heading" css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.xl, margin: `0 0 ${theme.space.sm}` }}>
        {parked.length > 0
          ? `${parked.length} ${parked.length === 1 ? 'submission has' : 'submissions have'} not been delivered`
          : 'Deliveries are being retried'}
      </h2>
      {retrying.length > 0 ? (
        <p css={{ margin: `0 0 ${theme.space.md}`, color: theme.color.inkSoft }}>
          {retrying.length} {retrying.length === 1 ? 'is' : 'are'} being retried automatically (last error: {retrying[0]?.lastError ?? 'unknown'}).{' '}
          {giveUpAt
            ? `Still failing on ${when(giveUpAt)}, ${retrying.length === 1 ? 'it is' : 'they are'} listed here with the reason, to send again.`
            : `${retrying.length === 1 ? 'It is' : 'They are'} kept until ${retrying.length === 1 ? 'it arrives' : 'they arrive'}.`}
        </p>
      ) : null}
      {parked.length > 0 ? (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space.md }}>
          {parked.map((d) => (
            <li
              key={d.seq}
              css={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: theme.space.md,
                alignItems: 'center',
                justifyContent: 'space-between',
                borderTop: `1px solid ${theme.color.stone}`,
                paddingTop: theme.space.md,
              }}
            >
              <div css={{ minWidth: 0, flex: '1 1 20rem' }}>
                <p css={{ margin: 0, fontWeight: 600 }}>
                  {d.summary || d.submissionId} · {d.destination}
                </p>
                <p css={{ margin: '0.25rem 0 0', color: theme.color.inkSoft, fontSize: theme.fontSize.sm }}>
                  Received {when(d.receivedAt)}. Reason: {d.lastError ?? 'unknown'}
                </p>
              </div>
              <Button
                type="button"
                variant="outline"
                onClick={() => void sendAgain(d.seq)}
                disabled={sending === d.seq}
                aria-label={`Send again: ${d.summary || d.submissionId} to ${d.destination}`}
              >
                {sending === d.seq ? 'Sending…' : 'Send again'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" css={{ margin: message ? `${theme.space.sm} 0 0` : 0, fontSize: theme.fontSize.sm }}>
        {message}
      </p>
    </section>
  );
}
