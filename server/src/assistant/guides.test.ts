// The assistant's figures: the calculators' rules (@gta/shared core, mortgage/), checked against published figures
// so the chat states what the Ontario and Toronto tables and a lender's arithmetic give.
import { landTransferTax, monthlyPayment } from './guides';

describe('the figures the assistant answers with', () => {
  it('Ontario land transfer tax: the published example, $500,000 → $6,475; the first-time rebate is capped at $4,000', () => {
    expect(landTransferTax(500_000).ontario).toBe(6_475);
    expect(landTransferTax(500_000).ontarioFirstTimeRebate).toBe(4_000);
    expect(landTransferTax(300_000).ontario).toBe(2_975);
  });

  it('in Toronto the municipal tax comes on top (same brackets up to $2 million, steeper above)', () => {
    const t = landTransferTax(900_000);
    expect(t.ontario).toBe(14_475);
    expect(t.toronto).toBe(14_475);
    expect(t.inToronto).toBe(28_950);
    expect(landTransferTax(4_750_000).toronto).toBeGreaterThan(landTransferTax(4_750_000).ontario);
  });

  it('the monthly payment, compounded semi-annually: the worked example of $800,000 at 5.5 % over 25 years → $4,883.13', () => {
    expect(monthlyPayment(800_000, 0.055, 25)).toBe(4_883.13);
    expect(monthlyPayment(0, 0.05, 25)).toBe(0);
  });
});
