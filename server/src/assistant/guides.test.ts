// The assistant's figures are the calculators' figures: the same brackets, defaults and payment arithmetic as
// /mortgage-calculator (mfe-content/src/calculators), checked against the calculators' own functions.
import { calculateLandTransferTax } from '../../../mfe-content/src/calculators/landTransferTax';
import { regularPayment } from '../../../mfe-content/src/calculators/payment';
import { DEFAULTS, ONTARIO_LTT, TORONTO_MLTT } from '../../../mfe-content/src/calculators/rates';
import { ONTARIO_FIRST_TIME_REBATE, ONTARIO_LTT_BRACKETS, PAYMENT_DEFAULTS, TORONTO_FIRST_TIME_REBATE, TORONTO_MLTT_BRACKETS, landTransferTax, monthlyPayment } from './guides';

describe('the assistant computes as the calculators do', () => {
  it('uses the calculators’ brackets, rebates and defaults', () => {
    expect(ONTARIO_LTT_BRACKETS).toEqual(ONTARIO_LTT.brackets);
    expect(TORONTO_MLTT_BRACKETS).toEqual(TORONTO_MLTT.brackets);
    expect(ONTARIO_FIRST_TIME_REBATE).toBe(ONTARIO_LTT.firstTimeBuyerMaxRebate);
    expect(TORONTO_FIRST_TIME_REBATE).toBe(TORONTO_MLTT.firstTimeBuyerMaxRebate);
    expect(PAYMENT_DEFAULTS).toEqual({ price: DEFAULTS.price, contractRate: DEFAULTS.contractRate, amortizationYears: DEFAULTS.amortizationYears, downPaymentShare: DEFAULTS.downPaymentShare });
  });

  it.each([55_000, 368_333, 500_000, 900_000, 1_200_000, 2_500_000, 4_750_000, 12_000_000])('land transfer tax on $%i', (price) => {
    const ours = landTransferTax(price);
    expect(ours.ontario).toBe(calculateLandTransferTax({ price, toronto: false, firstTimeBuyer: false }).total);
    expect(ours.inToronto).toBe(calculateLandTransferTax({ price, toronto: true, firstTimeBuyer: false }).total);
  });

  it('the published example: $500,000 → $6,475 in Ontario', () => {
    expect(landTransferTax(500_000).ontario).toBe(6_475);
  });

  it.each([
    [720_000, 0.0449, 25],
    [1_000_000, 0.0449, 25],
    [800_000, 0.055, 25], // the source's worked example: $4,883.13
    [450_000, 0.039, 30],
  ])('monthly payment on $%i at %d over %i years', (principal, rate, years) => {
    expect(monthlyPayment(principal, rate, years)).toBe(regularPayment(principal, rate, years, 'monthly'));
  });
});
