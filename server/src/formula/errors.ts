/**
 * A formula that cannot be run. It is an ApiError (422 INVALID_FILTER_BY_FORMULA, Airtable's shape), so a limit
 * reached while records are being filtered reaches the records API's error handler as a 422, not a 500.
 * `message` is the detail alone (the records service prefixes it when it converts a compile-time error).
 */
import { ApiError, type AirtableErrorBody } from '../http/apiError';

export const FORMULA_ERROR_PREFIX = 'The formula for filtering records is invalid: ';

export class FormulaError extends ApiError {
  constructor(
    message: string,
    /** Character offset in the formula text, when known. */
    readonly position?: number,
  ) {
    super(422, 'INVALID_FILTER_BY_FORMULA', message);
    this.name = 'FormulaError';
  }

  override body(): AirtableErrorBody {
    return { error: { type: this.type, message: `${FORMULA_ERROR_PREFIX}${this.message}` } };
  }
}

/** Which limit a formula went over (see limits.ts). */
export type FormulaLimitName = 'length' | 'nodes' | 'depth' | 'chain' | 'steps' | 'text' | 'value' | 'regex' | 'time';

/** The formula is over one of the limits that bound its cost; the message names the limit and its value. */
export class FormulaLimitError extends FormulaError {
  constructor(
    readonly limit: FormulaLimitName,
    message: string,
    position?: number,
  ) {
    super(message, position);
    this.name = 'FormulaLimitError';
  }
}
