import { paymentCalculatorPath, paymentEstimate } from './mortgageEstimate';

describe('the monthly payment estimate', () => {
  it("takes 20 % down at the calculators' 4.49 % over 25 years, compounded semi-annually", () => {
    expect(paymentEstimate(1_000_000)).toEqual({ price: 1_000_000, downPayment: 200_000, mortgage: 800_000, monthly: 4423.34 });
    // the payment calculator shows $14,375.85 for /mortgage-calculator?tab=payment&price=3250000
    expect(paymentEstimate(3_250_000)?.monthly).toBe(14_375.85);
  });

  it('has none for a listing without a price', () => {
    expect(paymentEstimate(null)).toBeNull();
    expect(paymentEstimate(0)).toBeNull();
    expect(paymentEstimate(Number.NaN)).toBeNull();
  });

  it('links the payment calculator with the price', () => {
    expect(paymentCalculatorPath(3_250_000)).toBe('/mortgage-calculator?tab=payment&price=3250000');
  });
});
