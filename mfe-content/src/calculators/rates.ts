/** The rates and rules live in @gta/shared (core/mortgage): the chat assistant on the server answers with the same figures. */
export { CMHC, COMPOUNDING, ONTARIO_LTT, QUALIFYING, RATES_CHECKED_ON, TORONTO_MLTT, MORTGAGE_DEFAULTS as DEFAULTS } from '@gta/shared/mortgage';
export type { PremiumBand, RateSource as Source, TaxBracket } from '@gta/shared/mortgage';
