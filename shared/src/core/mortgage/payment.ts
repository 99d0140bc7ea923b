/** Mortgage payment arithmetic (pure): Canadian semi-annual compounding, payment frequencies, schedule by year. */
import { COMPOUNDING } from './rates';

export type PaymentFrequency = 'monthly' | 'semi-monthly' | 'bi-weekly' | 'accelerated-bi-weekly' | 'weekly';

export const FREQUENCIES: ReadonlyArray<{ id: PaymentFrequency; label: string; perYear: number }> = [
  { id: 'monthly', label: 'Monthly', perYear: 12 },
  { id: 'semi-monthly', label: 'Semi-monthly', perYear: 24 },
  { id: 'bi-weekly', label: 'Bi-weekly', perYear: 26 },
  { id: 'accelerated-bi-weekly', label: 'Accelerated bi-weekly', perYear: 26 },
  { id: 'weekly', label: 'Weekly', perYear: 52 },
];

export function paymentsPerYear(frequency: PaymentFrequency): number {
  return FREQUENCIES.find((f) => f.id === frequency)?.perYear ?? 12;
}

/** Rounds to cents, half away from zero (the way a lender states a payment). */
export function roundCents(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + Number.EPSILON)) / 100;
}

/**
 * The interest rate per payment period for a nominal annual rate compounded semi-annually, not in advance:
 * (1 + r/2)^(2/n) − 1. For 5 % and monthly payments: 0.412392 %.
 */
export function periodicRate(annualRate: number, perYear: number): number {
  const m = COMPOUNDING.periodsPerYear;
  return Math.pow(1 + annualRate / m, m / perYear) - 1;
}

/** The level payment that repays `principal` in `periods` payments at periodic rate `i` (unrounded). */
export function annuityPayment(principal: number, i: number, periods: number): number {
  if (principal <= 0 || periods <= 0) return 0;
  if (i === 0) return principal / periods;
  return (principal * i) / (1 - Math.pow(1 + i, -periods));
}

/** The principal a level payment repays over `periods` at periodic rate `i` (inverse of annuityPayment). */
export function presentValue(payment: number, i: number, periods: number): number {
  if (payment <= 0 || periods <= 0) return 0;
  if (i === 0) return payment * periods;
  return (payment * (1 - Math.pow(1 + i, -periods))) / i;
}

/** The regular payment, rounded to cents. Accelerated bi-weekly is half the monthly payment, paid 26 times a year. */
export function regularPayment(principal: number, annualRate: number, amortizationYears: number, frequency: PaymentFrequency): number {
  if (principal <= 0 || amortizationYears <= 0) return 0;
  if (frequency === 'accelerated-bi-weekly') {
    return roundCents(regularPayment(principal, annualRate, amortizationYears, 'monthly') / 2);
  }
  const n = paymentsPerYear(frequency);
  return roundCents(annuityPayment(principal, periodicRate(annualRate, n), Math.round(amortizationYears * n)));
}

export interface YearRow {
  year: number;
  payments: number;
  /** Total paid in the year (regular payments plus any prepayment). */
  paid: number;
  interest: number;
  principal: number;
  prepayment: number;
  endingBalance: number;
}

export interface Schedule {
  payment: number;
  perYear: number;
  years: YearRow[];
  totalInterest: number;
  totalPaid: number;
  /** Number of payments until the balance is zero. */
  paymentCount: number;
  /** Time to pay off, in years (fractional): shorter than the amortization for accelerated payments. */
  payoffYears: number;
}

export interface ScheduleOptions {
  /** Stop after this many years (a term) instead of running to a zero balance. */
  horizonYears?: number;
  /** A lump sum paid at the end of each year (capped at the balance). */
  annualPrepayment?: number;
}

/** Runs the loan payment by payment and sums each year. Interest is rounded to cents each period. */
export function amortize(
  principal: number,
  annualRate: number,
  amortizationYears: number,
  frequency: PaymentFrequency,
  options: ScheduleOptions = {},
): Schedule {
  const perYear = paymentsPerYear(frequency);
  const payment = regularPayment(principal, annualRate, amortizationYears, frequency);
  const i = periodicRate(annualRate, perYear);
  const years: YearRow[] = [];
  let balance = Math.max(0, principal);
  let count = 0;
  let totalInterest = 0;
  let totalPaid = 0;
  const maxYears = options.horizonYears ?? Math.ceil(amortizationYears) + 1;
  // the payment is rounded to cents, which leaves a few dollars over or short at the end: the scheduled last payment
  // settles the balance exactly (accelerated payments end early with a smaller last payment instead)
  const scheduled = frequency === 'accelerated-bi-weekly' ? Infinity : Math.round(amortizationYears * perYear);
  for (let year = 1; year <= maxYears && balance > 0.004; year++) {
    const row: YearRow = { year, payments: 0, paid: 0, interest: 0, principal: 0, prepayment: 0, endingBalance: 0 };
    for (let p = 0; p < perYear && balance > 0.004; p++) {
      const interest = roundCents(balance * i);
      // the last payment is whatever is left; a 0 payment (no principal) cannot happen here since balance > 0
      const pay = count + 1 >= scheduled ? roundCents(balance + interest) : Math.min(payment, roundCents(balance + interest));
      const toPrincipal = roundCents(pay - interest);
      balance = roundCents(balance - toPrincipal);
      row.payments += 1;
      row.paid += pay;
      row.interest += interest;
      row.principal += toPrincipal;
      count += 1;
    }
    const lump = Math.min(Math.max(0, options.annualPrepayment ?? 0), balance);
    if (lump > 0) {
      balance = roundCents(balance - lump);
      row.prepayment = roundCents(lump);
      row.principal += lump;
      row.paid += lump;
    }
    row.paid = roundCents(row.paid);
    row.interest = roundCents(row.interest);
    row.principal = roundCents(row.principal);
    row.endingBalance = Math.max(0, balance);
    totalInterest += row.interest;
    totalPaid += row.paid;
    years.push(row);
    if (payment <= 0) break;
  }
  return {
    payment,
    perYear,
    years,
    totalInterest: roundCents(totalInterest),
    totalPaid: roundCents(totalPaid),
    paymentCount: count,
    payoffYears: count / perYear,
  };
}

export interface PaymentInput {
  price: number;
  downPayment: number;
  annualRate: number;
  amortizationYears: number;
  frequency: PaymentFrequency;
  /** Mortgage default insurance premium added to the loan (0 if none). */
  insurancePremium?: number;
}

export interface PaymentResult {
  mortgage: number;
  payment: number;
  schedule: Schedule;
  totalInterest: number;
  /** What the same loan would cost with monthly payments, to show what a faster frequency saves. */
  monthlyEquivalentInterest: number;
}

export function calculatePayment(input: PaymentInput): PaymentResult {
  const mortgage = roundCents(Math.max(0, input.price - input.downPayment) + Math.max(0, input.insurancePremium ?? 0));
  const schedule = amortize(mortgage, input.annualRate, input.amortizationYears, input.frequency);
  const monthly = input.frequency === 'monthly' ? schedule : amortize(mortgage, input.annualRate, input.amortizationYears, 'monthly');
  return {
    mortgage,
    payment: schedule.payment,
    schedule,
    totalInterest: schedule.totalInterest,
    monthlyEquivalentInterest: monthly.totalInterest,
  };
}
