/** The property page's monthly payment estimate, its assumptions in words, and the payment calculator with this price. */
import { Link } from 'react-router-dom';
import { formatPrice, theme } from '@gta/shared';
import { ESTIMATE_ASSUMPTIONS, paymentCalculatorPath, paymentEstimate } from './mortgageEstimate';

const percent = (share: number) => `${Math.round(share * 10000) / 100}\u00a0%`;

export function PaymentEstimate({ price }: { price: number | null }) {
  const estimate = paymentEstimate(price);
  if (!estimate) return null;
  const { annualRate, amortizationYears, downPaymentShare } = ESTIMATE_ASSUMPTIONS;
  return (
    <div data-testid="payment-estimate" css={{ marginTop: theme.space.lg, paddingTop: theme.space.lg, borderTop: `1px solid ${theme.color.stone}` }}>
      <p css={{ margin: 0, fontSize: theme.fontSize.xs, letterSpacing: '0.14em', textTransform: 'uppercase', color: theme.color.muted }}>Estimated payment</p>
      <p css={{ margin: `${theme.space.xs} 0`, fontFamily: theme.font.display, fontSize: theme.fontSize.h3, lineHeight: 1.1 }}>
        <span data-testid="monthly-payment">{formatPrice(Math.round(estimate.monthly))}</span>
        <span css={{ fontFamily: theme.font.body, fontSize: theme.fontSize.sm, color: theme.color.muted }}> a month</span>
      </p>
      <p css={{ margin: `0 0 ${theme.space.sm}`, fontSize: theme.fontSize.sm, color: theme.color.muted, lineHeight: 1.5 }}>
        With {percent(downPaymentShare)} down ({formatPrice(estimate.downPayment)}), a {percent(annualRate)} fixed rate and a {amortizationYears}-year
        amortization. An estimate, not a quote.
      </p>
      <Link to={paymentCalculatorPath(estimate.price)} css={{ fontSize: theme.fontSize.sm, fontWeight: 600, color: theme.color.bronze }}>
        Work out your payment
      </Link>
    </div>
  );
}
