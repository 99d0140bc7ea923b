/**
 * Reads a submission table through airtable.js (spec 7, call 10) against the server's Airtable-shaped records API.
 * No key is shipped: airtable.js insists on an apiKey, so it gets a placeholder; the authority is the staff session
 * cookie. airtable.js calls the browser's fetch without a `credentials` option, i.e. 'same-origin', and
 * /config.json gives an endpointUrl on the page's own origin, so the httpOnly cookie travels with every page request.
 */
import Airtable from 'airtable';
import { getRuntimeConfig } from '@gta/shared';
import type { FieldValue, SubmissionTable } from '@gta/shared/core';
import type { Submission } from './submissions';

/** The placeholder key (the server ignores it for staff reads and answers 401 without a session). */
export const SESSION_API_KEY = 'staff-session';
const PAGE_SIZE = 100;

export type RecordsErrorKind = 'unauthorized' | 'network' | 'failed';

export class RecordsError extends Error {
  constructor(
    message: string,
    readonly kind: RecordsErrorKind,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'RecordsError';
  }
}

interface AirtableErrorLike {
  error?: unknown;
  message?: unknown;
  statusCode?: unknown;
}

function toRecordsError(err: unknown, table: string): RecordsError {
  const e = (err ?? {}) as AirtableErrorLike;
  const status = typeof e.statusCode === 'number' ? e.statusCode : null;
  if (status === 401) return new RecordsError('Your staff session has ended. Please sign in again.', 'unauthorized', 401);
  if (e.error === 'CONNECTION_ERROR' || (status === null && err instanceof TypeError))
    return new RecordsError('Could not reach the server. Check your connection.', 'network', null);
  if (status === 403) return new RecordsError(`This account may not read ${table}.`, 'failed', 403);
  if (status === 404) return new RecordsError(`The table ${table} was not found.`, 'failed', 404);
  const detail = typeof e.message === 'string' && e.message ? e.message : 'Unexpected error.';
  return new RecordsError(status ? `${detail} (HTTP ${status})` : detail, 'failed', status);
}

/** Every record of a submission table, following the records API's pages to the end. */
export async function listSubmissions(table: SubmissionTable): Promise<Submission[]> {
  const { endpointUrl, baseId } = getRuntimeConfig().airtable;
  const base = new Airtable({ apiKey: SESSION_API_KEY, endpointUrl: endpointUrl.replace(/\/+$/, ''), requestTimeout: 60_000 }).base(baseId);
  try {
    const records = await base(table).select({ pageSize: PAGE_SIZE }).all();
    return records.map((r) => {
      const raw = r._rawJson as { createdTime?: unknown } | undefined;
      return {
        id: r.id,
        createdTime: typeof raw?.createdTime === 'string' ? raw.createdTime : undefined,
        fields: r.fields as Record<string, FieldValue>,
      };
    });
  } catch (err) {
    throw toRecordsError(err, table);
  }
}
