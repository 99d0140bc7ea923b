import { monthlyPayment, paymentCalculatorPath, paymentEstimate } from './mortgageEstimate';

describe('the monthly payment estimate', () => {
  it('compounds semi-annually like a Canadian fixed-rate mortgage (the calculators\' worked example)', () => {
    // $800,000 at 5.5 % over 25 years = $4,883.13 a month (the source the payment calculator is checked against)
    expect(monthlyPayment(800_000, 0.055, 25)).toBe(4883.13);
    expect(monthlyPayment(300_000, 0, 25)).toBe(1000);
    expect(monthlyPayment(0, 0.05, 25)).toBe(0);
  });

  it('takes 20 % down at 4.49 % over 25 years', () => {
    const estimate = paymentEstimate(1_000_000);
    expect(estimate).toMatchObject({ downPayment: 200_000, mortgage: 800_000 });
    expect(estimate?.monthly).toBe(monthlyPayment(800_000, 0.0449, 25));
    expect(estimate?.monthly).toBe(4423.34);
    expect(paymentEstimate(null)).toBeNull();
    expect(paymentEstimate(0)).toBeNull();
  });

  it('links the payment calculator with the price', () => {
    expect(paymentCalculatorPath(3_250_000)).toBe('/mortgage-calculator?tab=payment&price=3250000');
  });
});
