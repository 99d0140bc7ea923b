/**
 * An error an API route answers with its status and body, in Airtable's JSON shapes (airtable.js maps 401, 403, 404,
 * 413, 422 and 429 by status and reads error.type / error.message). The records API's catalogue is records/errors.ts;
 * the formula engine's errors (formula/errors.ts) are ApiErrors too, so they reach the API as 422.
 */
export type AirtableErrorBody = { error: { type: string; message: string } } | { error: string } | { errors: { error: string; message: string }[] };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): AirtableErrorBody {
    if (this.status === 429) return { errors: [{ error: 'RATE_LIMIT_REACHED', message: this.message }] };
    return { error: { type: this.type, message: this.message } };
  }
}
