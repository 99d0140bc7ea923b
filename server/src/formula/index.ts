export { compileFormula, fieldToValue, isTruthy, FORMULA_ERROR_VALUE, type CompiledFormula, type Value, type FieldsOf } from './evaluate';
export { parseFormula, referencedFields, FUNCTIONS, type Expr } from './parser';
export { tokenize, type Token } from './tokenizer';
export { FormulaError } from './errors';
