/** A formula that cannot be run: the records API answers 422 INVALID_FILTER_BY_FORMULA with this message. */
export class FormulaError extends Error {
  constructor(
    message: string,
    /** Character offset in the formula text, when known. */
    readonly position?: number,
  ) {
    super(message);
    this.name = 'FormulaError';
  }
}
