/** The land transfer tax rules live in @gta/shared (core/mortgage), shared with the chat assistant's answers. */
export { bracketTax, calculateLandTransferTax, ontarioLtt, torontoMltt } from '@gta/shared/mortgage';
export type { BracketRow, BracketTax, LevyResult, LttInput, LttResult } from '@gta/shared/mortgage';
