/**
 * The calculators' arithmetic against worked figures published by public sources (named beside each test; the
 * addresses are in rates.ts), plus the edge cases: 0 % rate, 100 % down, prices over $1.5M, empty input.
 */
import { amortize, calculatePayment, periodicRate, regularPayment } from './payment';
import { calculateCmhc, minimumDownPayment, premiumRateForLtv } from './cmhc';
import { bracketTax, calculateLandTransferTax, ontarioLtt, torontoMltt } from './landTransferTax';
import { calculateAffordability, priceLimitByDownPayment, qualifyingRate } from './affordability';
import { compareOffers, type RateOffer } from './rateOffers';
import { CMHC, ONTARIO_LTT, QUALIFYING, TORONTO_MLTT } from './rates';
import { parseAmount, parsePercent, formatCents, formatMoney, formatPercent } from './format';
import {
  EXTENDED_AMORTIZATION_RULE,
  GDS_LIMIT,
  MINIMUM_DOWN_RULE,
  OVER_CAP_RULE,
  PREMIUM_SALES_TAX,
  QUALIFYING_RULE,
  TDS_LIMIT,
  TORONTO_LUXURY_FROM,
  formatIsoDate,
} from './ruleText';

describe('payment: Canadian semi-annual compounding', () => {
  it('uses the periodic rate (1 + r/2)^(2/n) - 1 (5 %, monthly: 0.412392 %)', () => {
    expect(periodicRate(0.05, 12)).toBeCloseTo(0.00412392, 8);
    // 5.5 %: 0.453168 % a month (Bronson Job's worked steps)
    expect(periodicRate(0.055, 12)).toBeCloseTo(0.00453168, 8);
  });

  it('$400,000 at 5 % over 25 years is $2,326.42 a month', () => {
    expect(regularPayment(400_000, 0.05, 25, 'monthly')).toBe(2326.42);
  });

  it('$800,000 at 5.5 % over 25 years is $4,883.13 a month, about $664,940 of interest (bronsonjob.com)', () => {
    const r = calculatePayment({ price: 1_000_000, downPayment: 200_000, annualRate: 0.055, amortizationYears: 25, frequency: 'monthly' });
    expect(r.mortgage).toBe(800_000);
    expect(r.payment).toBe(4883.13);
    expect(Math.abs(r.totalInterest - 664_939.56)).toBeLessThan(5);
  });

  it('$500,000 at 5 % over 25 years is about $2,908 a month (mortgagecomparecalculator.com)', () => {
    expect(Math.round(regularPayment(500_000, 0.05, 25, 'monthly'))).toBe(2908);
  });

  it('the schedule repays the whole principal and its interest over five years matches the closed form', () => {
    const s = amortize(400_000, 0.05, 25, 'monthly');
    expect(s.paymentCount).toBe(300);
    expect(s.years).toHaveLength(25);
    expect(s.years[24]!.endingBalance).toBe(0);
    const principal = s.years.reduce((sum, y) => sum + y.principal, 0);
    expect(principal).toBeCloseTo(400_000, 1);
    // closed form: balance after 60 payments 354,030.02; interest 93,615.22
    expect(s.years[4]!.endingBalance).toBeCloseTo(354_030.02, -1);
    const fiveYearInterest = s.years.slice(0, 5).reduce((sum, y) => sum + y.interest, 0);
    expect(Math.abs(fiveYearInterest - 93_615.22)).toBeLessThan(2);
  });

  it('the rounded payment never leaves a stray extra year: the scheduled last payment settles the balance', () => {
    for (const [p, r] of [
      [1_000_000, 0.0449],
      [640_000, 0.0525],
      [2_000_000, 0.0399],
    ] as const) {
      const s = amortize(p, r, 25, 'monthly');
      expect(s.years).toHaveLength(25);
      expect(s.paymentCount).toBe(300);
      expect(s.years[24]!.endingBalance).toBe(0);
      const last = s.years[24]!;
      expect(Math.abs(last.paid - 12 * s.payment)).toBeLessThan(10);
    }
    expect(amortize(1_000_000, 0.0449, 25, 'weekly').years).toHaveLength(25);
  });

  it('frequencies: accelerated bi-weekly is half the monthly payment and pays off sooner with less interest', () => {
    const monthly = regularPayment(400_000, 0.05, 25, 'monthly');
    expect(regularPayment(400_000, 0.05, 25, 'accelerated-bi-weekly')).toBe(1163.21);
    const acc = amortize(400_000, 0.05, 25, 'accelerated-bi-weekly');
    const mon = amortize(400_000, 0.05, 25, 'monthly');
    expect(acc.payoffYears).toBeLessThan(23);
    expect(acc.totalInterest).toBeLessThan(mon.totalInterest - 20_000);
    // plain bi-weekly, semi-monthly and weekly keep the 25-year amortization
    for (const f of ['bi-weekly', 'semi-monthly', 'weekly'] as const) {
      const s = amortize(400_000, 0.05, 25, f);
      expect(s.payoffYears).toBeCloseTo(25, 1);
      expect(s.payment * s.perYear).toBeLessThan(monthly * 12 + 1);
    }
  });

  it('0 % rate: principal divided by the number of payments, no interest', () => {
    const r = calculatePayment({ price: 400_000, downPayment: 100_000, annualRate: 0, amortizationYears: 25, frequency: 'monthly' });
    expect(r.payment).toBe(1000);
    expect(r.totalInterest).toBe(0);
    expect(r.schedule.years[24]!.endingBalance).toBe(0);
  });

  it('100 % down: no mortgage, no payment, no schedule, nothing NaN', () => {
    const r = calculatePayment({ price: 900_000, downPayment: 900_000, annualRate: 0.05, amortizationYears: 25, frequency: 'weekly' });
    expect(r).toMatchObject({ mortgage: 0, payment: 0, totalInterest: 0 });
    expect(r.schedule.years).toHaveLength(0);
    expect(Number.isFinite(r.schedule.payoffYears)).toBe(true);
  });

  it('adds an insurance premium to the loan', () => {
    const r = calculatePayment({
      price: 500_000,
      downPayment: 50_000,
      annualRate: 0.05,
      amortizationYears: 25,
      frequency: 'monthly',
      insurancePremium: 13_950,
    });
    expect(r.mortgage).toBe(463_950);
  });
});

describe('CMHC: minimum down payment and premium', () => {
  it('publishes the bands 0.60 / 1.70 / 2.40 / 2.80 / 3.10 / 4.00 % (CMHC premium schedule)', () => {
    expect(CMHC.premiumBands.map((b) => b.rate)).toEqual([0.006, 0.017, 0.024, 0.028, 0.031, 0.04]);
    expect(premiumRateForLtv(0.65)).toBe(0.006);
    expect(premiumRateForLtv(0.6501)).toBe(0.017);
    expect(premiumRateForLtv(0.8)).toBe(0.024);
    expect(premiumRateForLtv(0.8001)).toBe(0.028);
    expect(premiumRateForLtv(0.95)).toBe(0.04);
    expect(premiumRateForLtv(0.96)).toBe(0);
  });

  it('5 %, 10 %, 15 % down on a $600,000 mortgage: $24,000, $18,600, $16,800 (lacerdarealestate.pages.dev)', () => {
    expect(600_000 * premiumRateForLtv(0.95)).toBeCloseTo(24_000, 6);
    expect(600_000 * premiumRateForLtv(0.9)).toBeCloseTo(18_600, 6);
    expect(600_000 * premiumRateForLtv(0.85)).toBeCloseTo(16_800, 6);
  });

  it('$500,000 with 10 % down: premium $13,950, mortgage $463,950 (howtobuyahome.ca)', () => {
    const r = calculateCmhc({ price: 500_000, downPayment: 50_000, amortizationYears: 25 });
    expect(r).toMatchObject({ status: 'insured', loan: 450_000, premiumRate: 0.031, premium: 13_950, totalMortgage: 463_950 });
    expect(r.salesTax).toBe(1116);
  });

  it('$470,000 with 5 % down: loan $446,500, premium $17,860, Ontario PST $1,428.80 at closing, mortgage $464,360 (thewestlaketeam.com)', () => {
    const r = calculateCmhc({ price: 470_000, downPayment: 23_500, amortizationYears: 25 });
    expect(r).toMatchObject({ status: 'insured', loan: 446_500, premium: 17_860, salesTax: 1428.8, totalMortgage: 464_360 });
  });

  it('15 % down on $500,000: 2.80 % of $425,000 = $11,900', () => {
    expect(calculateCmhc({ price: 500_000, downPayment: 75_000, amortizationYears: 25 })).toMatchObject({ premium: 11_900, totalMortgage: 436_900 });
  });

  it('PST is 8 % of the premium and not financed: $6,200 premium -> $496 (ratehub.ca)', () => {
    const r = calculateCmhc({ price: 222_222.22, downPayment: 22_222.22, amortizationYears: 25 });
    expect(r.premium).toBe(6200);
    expect(r.salesTax).toBe(496);
    expect(r.totalMortgage).toBe(206_200);
  });

  it('minimum down payment: 5 % of the first $500,000, 10 % of the rest, 20 % at $1.5M and over', () => {
    expect(minimumDownPayment(400_000)).toBe(20_000);
    expect(minimumDownPayment(750_000)).toBe(50_000); // lacerdarealestate.pages.dev: $750,000 -> $50,000
    expect(minimumDownPayment(1_499_999)).toBe(124_999.9);
    expect(minimumDownPayment(1_500_000)).toBe(300_000);
    expect(minimumDownPayment(2_500_000)).toBe(500_000);
    expect(minimumDownPayment(0)).toBe(0);
    expect(minimumDownPayment(Number.NaN)).toBe(0);
  });

  it('below the minimum, not insurable at $1.5M and over, not required at 20 % or more', () => {
    expect(calculateCmhc({ price: 750_000, downPayment: 40_000, amortizationYears: 25 }).status).toBe('below-minimum');
    expect(calculateCmhc({ price: 2_000_000, downPayment: 200_000, amortizationYears: 25 }).status).toBe('below-minimum');
    const luxury = calculateCmhc({ price: 2_000_000, downPayment: 400_000, amortizationYears: 25 });
    expect(luxury).toMatchObject({ status: 'not-required', premium: 0, totalMortgage: 1_600_000 });
    expect(calculateCmhc({ price: 1_499_000, downPayment: 125_000, amortizationYears: 25 }).status).toBe('insured');
  });

  it('100 % down: nothing to insure', () => {
    expect(calculateCmhc({ price: 800_000, downPayment: 800_000, amortizationYears: 25 })).toMatchObject({
      status: 'not-required',
      loan: 0,
      premium: 0,
      salesTax: 0,
    });
  });

  it('30-year insured amortization adds the 0.20 % surcharge', () => {
    const r = calculateCmhc({ price: 500_000, downPayment: 25_000, amortizationYears: 30 });
    expect(r.premiumRate).toBeCloseTo(0.042, 10);
    expect(r.premium).toBe(19_950);
    expect(r.extendedAmortization).toBe(true);
  });
});

describe('land transfer tax', () => {
  it('Ontario on $500,000 is $6,475 (yourhome-downtown.com table)', () => {
    const r = ontarioLtt(500_000);
    expect(r.total).toBe(6475);
    expect(r.rows.map((row) => row.tax)).toEqual([275, 1950, 2250, 2000, 0]);
  });

  it('Ontario on $1,000,000, $2,000,000, $3,000,000 and $10,000,000 (table; Miller Thomson)', () => {
    expect(ontarioLtt(1_000_000).total).toBe(16_475);
    expect(ontarioLtt(2_000_000).total).toBe(36_475);
    expect(ontarioLtt(3_000_000).total).toBe(61_475);
    expect(ontarioLtt(10_000_000).total).toBe(236_475);
  });

  it('Toronto 2024 luxury tiers: $3M $61,475, $10M $416,475, $15M $741,475, $25M $1,441,475 (Miller Thomson)', () => {
    const prev = TORONTO_MLTT.previous.brackets;
    expect(torontoMltt(3_000_000, false, prev).total).toBe(61_475);
    expect(torontoMltt(10_000_000, false, prev).total).toBe(416_475);
    expect(torontoMltt(15_000_000, false, prev).total).toBe(741_475);
    expect(torontoMltt(25_000_000, false, prev).total).toBe(1_441_475);
  });

  it('Toronto from April 1, 2026 (4.40 % to 8.60 % above $3M, toronto.ca): $10M -> $484,975', () => {
    expect(TORONTO_MLTT.effective).toBe('2026-04-01');
    const r = torontoMltt(10_000_000);
    expect(r.total).toBe(484_975);
    expect(r.rows.filter((row) => row.tax > 0)).toHaveLength(8);
    expect(torontoMltt(3_000_000).total).toBe(61_475);
    expect(torontoMltt(3_500_000).total).toBe(61_475 + 22_000);
  });

  it('Toronto address: both taxes; first-time buyers get $4,000 + $4,475 back', () => {
    const r = calculateLandTransferTax({ price: 500_000, toronto: true, firstTimeBuyer: true });
    expect(r.ontario.total).toBe(6475);
    expect(r.toronto?.total).toBe(6475);
    expect(r.totalBeforeRebates).toBe(12_950);
    expect(r.ontario.rebate).toBe(ONTARIO_LTT.firstTimeBuyerMaxRebate);
    expect(r.toronto?.rebate).toBe(TORONTO_MLTT.firstTimeBuyerMaxRebate);
    expect(r.total).toBe(4475);
  });

  it('a first-time buyer under the rebate ceiling pays nothing; outside Toronto there is no municipal tax', () => {
    const r = calculateLandTransferTax({ price: 300_000, toronto: false, firstTimeBuyer: true });
    expect(r.ontario.total).toBe(2975);
    expect(r.total).toBe(0);
    expect(r.toronto).toBeNull();
  });

  it('empty or invalid prices give zero in every bracket', () => {
    expect(bracketTax(0, ONTARIO_LTT.brackets).total).toBe(0);
    expect(bracketTax(Number.NaN, ONTARIO_LTT.brackets).total).toBe(0);
    expect(bracketTax(-5, ONTARIO_LTT.brackets).rows.every((r) => r.tax === 0)).toBe(true);
  });
});

describe('affordability: GDS / TDS at the stress-test rate', () => {
  const base = {
    annualIncome: 200_000,
    monthlyDebts: 0,
    downPayment: 400_000,
    annualRate: 0.04,
    amortizationYears: 25,
    annualPropertyTax: 6000,
    monthlyHeating: 150,
    monthlyCondoFees: 0,
  };

  it('qualifying rate = max(contract + 2 %, 5.25 %)', () => {
    expect(qualifyingRate(0.04)).toBeCloseTo(0.06, 10);
    expect(qualifyingRate(0.03)).toBe(QUALIFYING.floorRate);
    expect(qualifyingRate(0.0325)).toBeCloseTo(0.0525, 10);
  });

  it('GDS binds without other debts: 39 % of $16,666.67 less $650 of tax and heat carries $914,339 at 6 %', () => {
    const r = calculateAffordability(base);
    expect(r.binding).toBe('GDS');
    expect(r.maxPayment).toBeCloseTo(5850, 2);
    expect(r.maxMortgage).toBeCloseTo(914_338.77, 0);
    expect(r.maxPrice).toBe(1_314_338);
    expect(r.limitedBy).toBe('income');
    expect(r.premium).toBe(0);
    expect(r.gdsAtMax).toBeCloseTo(0.39, 4);
  });

  it('TDS binds with $1,500 a month of other debts', () => {
    const r = calculateAffordability({ ...base, monthlyDebts: 1500 });
    expect(r.binding).toBe('TDS');
    expect(r.maxPayment).toBeCloseTo(0.44 * (200_000 / 12) - 650 - 1500, 2);
    expect(r.tdsAtMax).toBeCloseTo(0.44, 4);
  });

  it('half of the condo fees count', () => {
    const r = calculateAffordability({ ...base, monthlyCondoFees: 800 });
    expect(r.housingCosts).toBeCloseTo(1050, 6);
  });

  it('a small down payment caps the price (5 % / 10 % rule) and the premium is financed', () => {
    expect(priceLimitByDownPayment(50_000)).toBe(750_000);
    expect(priceLimitByDownPayment(25_000)).toBe(500_000);
    expect(priceLimitByDownPayment(125_000)).toBe(1_499_999);
    expect(priceLimitByDownPayment(400_000)).toBe(2_000_000);
    const r = calculateAffordability({ ...base, annualIncome: 400_000, downPayment: 50_000 });
    expect(r.limitedBy).toBe('down-payment');
    expect(r.maxPrice).toBe(750_000);
    expect(r.premium).toBeCloseTo(700_000 * 0.04, 2);
  });

  it('an insured purchase limited by income still counts the premium in the loan', () => {
    const r = calculateAffordability({ ...base, annualIncome: 90_000, downPayment: 60_000 });
    expect(r.limitedBy).toBe('income');
    expect(r.loan + r.premium).toBeLessThanOrEqual(r.maxMortgage + 0.01);
    expect(r.premium).toBeGreaterThan(0);
  });

  it('no income: only a cash purchase, never NaN', () => {
    const r = calculateAffordability({ ...base, annualIncome: 0 });
    expect(r.maxPayment).toBe(0);
    expect(r.maxPrice).toBe(400_000);
    for (const v of Object.values(r)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
  });
});

describe('rate comparison', () => {
  const offer = (label: string, annualRate: number, termYears = 5, annualPrepaymentShare = 0): RateOffer => ({
    label,
    annualRate,
    termYears,
    amortizationYears: 25,
    annualPrepaymentShare,
  });

  it('shows payment and interest over the term, and highlights the cheaper offer', () => {
    const r = compareOffers(400_000, [offer('A', 0.0525), offer('B', 0.05)]);
    expect(r.offers[1]!.payment).toBe(2326.42);
    expect(Math.abs(r.offers[1]!.termInterest - 93_615.22)).toBeLessThan(2);
    expect(r.offers[1]!.balanceAtRenewal).toBeCloseTo(354_030, -1);
    expect(r.cheapest).toBe(1);
    expect(r.basis).toBe('term');
    expect(r.saving).toBeGreaterThan(4000);
  });

  it('compares per year of term when the terms differ, and prepayments cut the interest', () => {
    const r = compareOffers(400_000, [offer('3-year', 0.049, 3), offer('5-year', 0.0479, 5), offer('5-year + 10 %', 0.0479, 5, 0.1)]);
    expect(r.basis).toBe('per-year');
    expect(r.offers[2]!.termInterest).toBeLessThan(r.offers[1]!.termInterest);
    expect(r.cheapest).toBe(2);
  });

  it('a tie highlights nothing', () => {
    expect(compareOffers(400_000, [offer('A', 0.05), offer('B', 0.05)]).cheapest).toBeNull();
  });

  it('0 % and a zero principal are finite', () => {
    const r = compareOffers(0, [offer('A', 0), offer('B', 0.05)]);
    for (const o of r.offers) for (const v of Object.values(o)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
  });
});

describe('input parsing and formatting', () => {
  it('reads amounts and percentages as typed; empty and junk are null', () => {
    expect(parseAmount('1,250,000')).toBe(1_250_000);
    expect(parseAmount('$899,000.50')).toBe(899_000.5);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('1e400')).toBeNull();
    expect(parsePercent('4.79%')).toBeCloseTo(0.0479, 10);
    expect(parsePercent(' ')).toBeNull();
  });

  it('formats CAD with the site formatter, payments to the cent, and never shows NaN', () => {
    expect(formatMoney(1_250_000)).toBe('$1,250,000');
    expect(formatCents(2326.42)).toBe('$2,326.42');
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatCents(Infinity)).toBe('—');
    expect(formatPercent(0.0525)).toBe('5.25%');
    expect(formatPercent(Number.NaN)).toBe('—');
  });
});

describe('the rules in words come from the dated table', () => {
  it('states the minimum down payment, the cap and the insurance notes with the figures of rates.ts', () => {
    expect(MINIMUM_DOWN_RULE).toBe('5% of the first $500,000, 10% of the rest, 20% at $1,500,000 and over');
    expect(OVER_CAP_RULE).toBe('20%, as insurance is not available at $1,500,000 and over');
    expect(PREMIUM_SALES_TAX).toBe('8%');
    expect(EXTENDED_AMORTIZATION_RULE).toBe(
      'Since December 15, 2024, an insured mortgage amortized over more than 25 years (up to 30) is open only to first-time buyers and buyers of a newly built home, and the premium includes a 0.20% surcharge.',
    );
  });

  it('states the stress test and the ratio limits, and finds where Toronto’s luxury tiers begin', () => {
    expect(QUALIFYING_RULE).toBe('the greater of your rate plus 2% and 5.25%');
    expect([GDS_LIMIT, TDS_LIMIT]).toEqual(['39%', '44%']);
    expect(TORONTO_LUXURY_FROM).toBe(3_000_000);
    expect(formatIsoDate(TORONTO_MLTT.effective)).toBe('April 1, 2026');
    expect(formatIsoDate('not a date')).toBe('not a date');
  });
});

describe('affordability: a 30-year insured amortization carries the 0.20 % premium surcharge (as Payment and CMHC apply it)', () => {
  // issue 26's case (tax 5,000 a year, heating 150 a month): the payment room carries $560,979.80 at 5.99 %
  const input = {
    annualIncome: 120_000,
    monthlyDebts: 0,
    downPayment: 100_000,
    annualRate: 0.0399,
    amortizationYears: 30,
    annualPropertyTax: 5_000,
    monthlyHeating: 150,
    monthlyCondoFees: 0,
  };

  it('income 120,000, down 100,000, 3.99 %, 30 years: about $644,641 with the surcharge (was $645,700 without it)', () => {
    const r = calculateAffordability(input);
    expect(r.maxMortgage).toBeCloseTo(560_979.8, 1);
    // $644,641 would need 544,641 × 1.030 = $560,980.23, 43 cents over the room: the largest whole-dollar price is $644,640
    expect(r.maxPrice).toBe(644_640);
    expect(r.loan + r.premium).toBeLessThanOrEqual(r.maxMortgage);
    expect(r.extendedAmortization).toBe(true);
    // the premium is what the CMHC tab charges on the same price and down payment
    expect(r.premium).toBeCloseTo(calculateCmhc({ price: r.maxPrice, downPayment: 100_000, amortizationYears: 30 }).premium, 1);
  });

  it('25 years: no surcharge', () => {
    const r = calculateAffordability({ ...input, amortizationYears: 25 });
    expect(r.extendedAmortization).toBe(false);
    expect(r.premium).toBeCloseTo(calculateCmhc({ price: r.maxPrice, downPayment: 100_000, amortizationYears: 25 }).premium, 1);
  });
});
