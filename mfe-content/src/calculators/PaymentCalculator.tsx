/** Payment: price, down payment ($ or %), rate, amortization and frequency -> payment, interest, chart, table. */
import { useState } from 'react';
import { theme } from '@gta/shared';
import { RadioGroup, SelectField } from '@gta/shared/fields';
import { FREQUENCIES, calculatePayment, type PaymentFrequency } from './payment';
import { calculateCmhc } from './cmhc';
import { CMHC, DEFAULTS } from './rates';
import { EXTENDED_AMORTIZATION_RULE, OVER_CAP_RULE, PREMIUM_SALES_TAX } from './ruleText';
import { formatCents, formatInput, formatMoney, formatPercent, formatRate, formatYears } from './format';
import { AmortizationChart } from './AmortizationChart';
import {
  CalculatorLayout,
  Figures,
  FieldRow,
  FixFields,
  HeadlineCard,
  Note,
  NumberField,
  calculatorField,
  TableScroll,
  readNumber,
  tableCss,
  usePriceChange,
  useTextField,
  visibleError,
} from './ui';

export type DownMode = 'amount' | 'percent';

/** The payments column gives way on phones so the table fits (the payment is in the headline above). */
const wideOnly = { '@media (max-width: 479px)': { display: 'none' } };

const AMORTIZATIONS = [5, 10, 15, 20, 25, 30].map((y) => ({ value: y, label: `${y} years` }));
const PAYMENT_LABEL: Record<PaymentFrequency, string> = {
  monthly: 'Monthly payment',
  'semi-monthly': 'Semi-monthly payment',
  'bi-weekly': 'Bi-weekly payment',
  'accelerated-bi-weekly': 'Accelerated bi-weekly payment',
  weekly: 'Weekly payment',
};

export function PaymentCalculator({ price }: { price?: number }) {
  const startPrice = price && price > 0 ? price : DEFAULTS.price;
  const priceField = useTextField(formatInput(startPrice));
  const [downMode, setDownMode] = useState<DownMode>('percent');
  const downField = useTextField(String(DEFAULTS.downPaymentShare * 100));
  const rateField = useTextField(String(DEFAULTS.contractRate * 100));
  const [amortization, setAmortization] = useState<number>(DEFAULTS.amortizationYears);
  const [frequency, setFrequency] = useState<PaymentFrequency>('monthly');

  // a property page passes its price; show it when it arrives or changes
  usePriceChange(price, (next) => priceField.reset(formatInput(next)));

  const priceR = readNumber(priceField.text, { label: 'Purchase price', min: 0, minExclusive: true, max: 1_000_000_000, unit: 'money' });
  const downR = readNumber(
    downField.text,
    downMode === 'percent'
      ? { label: 'Down payment', min: 0, max: 100, unit: 'percent' }
      : { label: 'Down payment', min: 0, max: priceR.value ?? undefined, unit: 'money' },
  );
  const rateR = readNumber(rateField.text, { label: 'Interest rate', min: 0, max: 25, unit: 'percent' });

  const downAmount = priceR.value !== null && downR.value !== null ? (downMode === 'percent' ? (priceR.value * downR.value) / 100 : downR.value) : null;
  const cmhc =
    priceR.value !== null && downAmount !== null ? calculateCmhc({ price: priceR.value, downPayment: downAmount, amortizationYears: amortization }) : null;
  let downError = visibleError(downField, downR);
  if (!downError && cmhc && cmhc.status === 'below-minimum') {
    downError = `The minimum down payment on ${formatMoney(priceR.value ?? 0)} is ${formatMoney(cmhc.minimumDown)}${(priceR.value ?? 0) >= CMHC.insuredPriceCap ? `: ${OVER_CAP_RULE}` : ''}.`;
  }

  const switchMode = (mode: DownMode) => {
    if (mode === downMode) return;
    if (priceR.value && downR.value !== null) {
      const next = mode === 'percent' ? (downR.value / priceR.value) * 100 : (priceR.value * downR.value) / 100;
      downField.setText(formatInput(Math.round(next * 100) / 100));
    }
    setDownMode(mode);
  };

  const ready = priceR.value !== null && downAmount !== null && rateR.value !== null && cmhc !== null && cmhc.status !== 'below-minimum';
  const result = ready
    ? calculatePayment({
        price: priceR.value!,
        downPayment: downAmount!,
        annualRate: rateR.value! / 100,
        amortizationYears: amortization,
        frequency,
        insurancePremium: cmhc!.premium,
      })
    : null;

  return (
    <CalculatorLayout
      title="Mortgage payment"
      intro="Your regular payment, the interest over the whole amortization and how the balance falls year by year. Fixed-rate Canadian mortgages compound semi-annually, and the figures here do too."
      form={
        <>
          <NumberField label="Purchase price" name="price" prefix="$" field={priceField} error={visibleError(priceField, priceR)} />
          <NumberField
            label={downMode === 'percent' ? 'Down payment (% of price)' : 'Down payment ($)'}
            name="downPayment"
            prefix={downMode === 'amount' ? '$' : undefined}
            suffix={downMode === 'percent' ? '%' : undefined}
            field={downField}
            error={downError}
            hint={downAmount !== null && priceR.value ? `${formatMoney(downAmount)} · ${formatPercent(downAmount / priceR.value)} of the price` : undefined}
            after={
              <RadioGroup
                variant="segmented"
                legend="Enter the down payment as"
                hideLegend
                value={downMode}
                onChange={switchMode}
                options={[
                  { value: 'percent', label: 'Percent' },
                  { value: 'amount', label: 'Dollars' },
                ]}
              />
            }
          />
          <FieldRow>
            <NumberField label="Interest rate" name="rate" suffix="%" field={rateField} error={visibleError(rateField, rateR)} />
            <SelectField {...calculatorField} label="Amortization" value={amortization} options={AMORTIZATIONS} onChange={setAmortization} />
          </FieldRow>
          <SelectField
            {...calculatorField}
            label="Payment frequency"
            value={frequency}
            options={FREQUENCIES.map((f) => ({ value: f.id, label: f.label }))}
            onChange={setFrequency}
          />
        </>
      }
      results={
        result && cmhc ? (
          <>
            <HeadlineCard
              label={PAYMENT_LABEL[frequency]}
              value={formatCents(result.payment)}
              testId="payment-amount"
              note={`On a ${formatMoney(result.mortgage)} mortgage at ${formatPercent((rateR.value ?? 0) / 100)}, ${result.schedule.perYear} payments a year.`}
            />
            <Figures
              items={[
                { label: 'Mortgage amount', value: formatMoney(result.mortgage) },
                { label: 'Total interest', value: formatMoney(result.totalInterest), testId: 'payment-total-interest' },
                { label: 'Total of payments', value: formatMoney(result.schedule.totalPaid) },
                { label: 'Paid off in', value: formatYears(result.schedule.payoffYears) },
              ]}
            />
            {cmhc.status === 'insured' ? (
              <Note>
                With {formatPercent(cmhc.downShare)} down the loan needs mortgage default insurance: a premium of {formatMoney(cmhc.premium)} (
                {formatRate(cmhc.premiumRate)}) is added to the mortgage, and Ontario's {PREMIUM_SALES_TAX} sales tax on it, {formatCents(cmhc.salesTax)}, is
                paid at closing.
              </Note>
            ) : null}
            {cmhc.extendedAmortization ? <Note tone="warning">{EXTENDED_AMORTIZATION_RULE}</Note> : null}
            {frequency !== 'monthly' && result.monthlyEquivalentInterest - result.totalInterest >= 1 ? (
              <Note>
                Paying {FREQUENCIES.find((f) => f.id === frequency)?.label.toLowerCase()} saves{' '}
                {formatMoney(result.monthlyEquivalentInterest - result.totalInterest)} of interest compared with monthly payments.
              </Note>
            ) : null}
            {result.schedule.years.length > 0 ? (
              <>
                <AmortizationChart
                  years={result.schedule.years}
                  mortgage={result.mortgage}
                  totalInterest={result.totalInterest}
                  payoffYears={result.schedule.payoffYears}
                />
                <TableScroll label="Amortization table by year">
                  <table css={tableCss}>
                    <caption>Year by year</caption>
                    <thead>
                      <tr>
                        <th scope="col">Year</th>
                        <th scope="col" css={wideOnly}>
                          Payments
                        </th>
                        <th scope="col">Interest</th>
                        <th scope="col">Principal</th>
                        <th scope="col">Balance</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.schedule.years.map((y) => (
                        <tr key={y.year}>
                          <th scope="row" css={{ fontWeight: 500 }}>
                            {y.year}
                          </th>
                          <td css={wideOnly}>{formatMoney(y.paid)}</td>
                          <td>{formatMoney(y.interest)}</td>
                          <td>{formatMoney(y.principal)}</td>
                          <td>{formatMoney(y.endingBalance)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <td>Total</td>
                        <td css={wideOnly}>{formatMoney(result.schedule.totalPaid)}</td>
                        <td>{formatMoney(result.totalInterest)}</td>
                        <td>{formatMoney(result.mortgage)}</td>
                        <td>{formatMoney(0)}</td>
                      </tr>
                    </tfoot>
                  </table>
                </TableScroll>
              </>
            ) : (
              <Note>With the whole price paid up front there is no mortgage to repay.</Note>
            )}
            <p css={{ marginTop: theme.space.lg, fontSize: theme.fontSize.xs, color: theme.color.muted }}>
              Estimate for a fixed-rate mortgage at the same rate for the whole amortization; your lender's figures may differ by a few cents.
            </p>
          </>
        ) : (
          <FixFields />
        )
      }
    />
  );
}
