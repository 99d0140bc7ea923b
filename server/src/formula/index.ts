export {
  compileFormula,
  fieldToValue,
  isTruthy,
  FORMULA_ERROR_VALUE,
  type CompiledFormula,
  type FormulaOptions,
  type RecordMeta,
  type Value,
  type FieldsOf,
} from './evaluate';
export { parseFormula, referencedFields, FUNCTIONS, type Expr } from './parser';
export { tokenize, type Token } from './tokenizer';
export { FormulaError, FormulaLimitError, FORMULA_ERROR_PREFIX, type FormulaLimitName } from './errors';
export { DEFAULT_LIMITS, type FormulaLimits } from './limits';
