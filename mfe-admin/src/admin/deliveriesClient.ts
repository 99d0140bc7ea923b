/**
 * Staff's view of deliveries that have not reached n8n or the team's Airtable base (server/src/webhooks/
 * deliveryRoutes.ts): GET {api}/admin/deliveries, POST {api}/admin/deliveries/{seq}/resend. The API sits beside
 * the sign-in API: authBase `…/api/auth` gives `…/api/admin/deliveries`.
 */
import { getRuntimeConfig } from '@gta/shared';
import { DEFAULT_AUTH_BASE } from './authClient';

export interface UndeliveredSubmission {
  seq: number;
  submissionId: string;
  target: 'n8n' | 'airtable';
  destination: string;
  state: 'pending' | 'delivered' | 'not-delivered';
  attempts: number;
  lastError: string | null;
  receivedAt: string;
  summary: string;
  /** A failing pending delivery: when it is parked as not delivered if it keeps failing (absent from older servers). */
  retryUntil?: string | null;
}

export interface DeliveriesReport {
  stats: { pending: number; delivered: number; notDelivered: number };
  deliveries: UndeliveredSubmission[];
}

export function deliveriesUrl(authBase?: string): string {
  let base = authBase;
  if (base === undefined) {
    try {
      base = getRuntimeConfig().authBase ?? DEFAULT_AUTH_BASE;
    } catch {
      base = DEFAULT_AUTH_BASE;
    }
  }
  return `${base.replace(/\/+$/, '').replace(/\/auth$/, '')}/admin/deliveries`;
}

export async function loadDeliveries(): Promise<DeliveriesReport | null> {
  const res = await fetch(deliveriesUrl(), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) return null;
  return (await res.json()) as DeliveriesReport;
}

export async function resendDelivery(seq: number): Promise<boolean> {
  const res = await fetch(`${deliveriesUrl()}/${seq}/resend`, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  return res.ok;
}
