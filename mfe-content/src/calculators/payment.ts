/** The payment arithmetic lives in @gta/shared (core/mortgage), shared with the chat assistant's answers. */
export {
  FREQUENCIES,
  amortize,
  annuityPayment,
  calculatePayment,
  paymentsPerYear,
  periodicRate,
  presentValue,
  regularPayment,
  roundCents,
} from '@gta/shared/mortgage';
export type { PaymentFrequency, PaymentInput, PaymentResult, Schedule, ScheduleOptions, YearRow } from '@gta/shared/mortgage';
