import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UndeliveredNotice } from './UndeliveredNotice';
import { deliveriesUrl, type DeliveriesReport } from './deliveriesClient';

const parked = {
  seq: 7,
  submissionId: 'recAbc',
  target: 'airtable' as const,
  destination: 'Airtable: Website Submissions',
  state: 'not-delivered' as const,
  attempts: 1,
  lastError: 'Airtable answered 422: UNKNOWN_FIELD_NAME Unknown field name: "subject"',
  receivedAt: '2026-11-20T15:00:00.000Z',
  summary: 'Ada Lovelace · ada@example.com',
};

function serve(reports: DeliveriesReport[], resendOk = true) {
  const calls: { method: string; url: string }[] = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url) });
    if (method === 'POST') return { ok: resendOk, status: resendOk ? 200 : 404, json: async () => ({}) } as Response;
    const report = reports.length > 1 ? reports.shift()! : reports[0]!;
    return { ok: true, status: 200, json: async () => report } as Response;
  }) as typeof fetch;
  return calls;
}

describe('UndeliveredNotice', () => {
  it('lists a submission that did not reach Airtable with its reason, and sends it again', async () => {
    const calls = serve([
      { stats: { pending: 0, delivered: 3, notDelivered: 1 }, deliveries: [parked] },
      { stats: { pending: 1, delivered: 3, notDelivered: 0 }, deliveries: [{ ...parked, state: 'pending', attempts: 0 }] },
    ]);
    render(<UndeliveredNotice />);
    expect(await screen.findByRole('heading', { name: '1 submission has not been delivered' })).toBeInTheDocument();
    expect(screen.getByText(/UNKNOWN_FIELD_NAME/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send again: Ada Lovelace · ada@example.com to Airtable: Website Submissions' }));
    await waitFor(() => expect(screen.queryByRole('heading')).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'POST', url: '/api/admin/deliveries/7/resend' });
  });

  it('says until when a failing delivery is retried before it is listed to send again', async () => {
    const failing = {
      ...parked,
      seq: 8,
      target: 'n8n' as const,
      destination: 'n8n: chat-lead',
      state: 'pending' as const,
      attempts: 40,
      lastError: 'n8n answered 503 at https://n8n.example/webhook/chat-lead',
      retryUntil: '2026-11-21T15:00:00.000Z',
    };
    serve([{ stats: { pending: 1, delivered: 3, notDelivered: 0 }, deliveries: [failing] }]);
    render(<UndeliveredNotice />);
    expect(await screen.findByRole('heading', { name: 'Deliveries are being retried' })).toBeInTheDocument();
    const expected = new Date('2026-11-21T15:00:00.000Z').toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
    expect(screen.getByText(/being retried automatically/)).toHaveTextContent(
      `1 is being retried automatically (last error: n8n answered 503 at https://n8n.example/webhook/chat-lead). Still failing on ${expected}, it is listed here with the reason, to send again.`,
    );
  });

  it('shows nothing when everything arrived or the report cannot be read', async () => {
    serve([{ stats: { pending: 0, delivered: 5, notDelivered: 0 }, deliveries: [] }]);
    const { container } = render(<UndeliveredNotice />);
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('finds the API beside the sign-in API', () => {
    expect(deliveriesUrl('https://site.example/api/auth')).toBe('https://site.example/api/admin/deliveries');
    expect(deliveriesUrl('/api/auth/')).toBe('/api/admin/deliveries');
  });
});
