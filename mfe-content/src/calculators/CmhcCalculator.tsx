/** CMHC: mortgage default insurance premium, minimum down payment, premium added to the loan, PST at closing. */
import { useState } from 'react';
import { theme } from '@gta/shared';
import { RadioGroup, SelectField } from '@gta/shared/fields';
import { calculateCmhc } from './cmhc';
import { CMHC, RATES_CHECKED_ON } from './rates';
import { formatCents, formatInput, formatMoney, formatPercent, formatRate } from './format';
import {
  AMORTIZATION_SURCHARGE,
  EXTENDED_AMORTIZATION_RULE,
  INSURED_CAP,
  INSURED_RULES_SINCE,
  OVER_CAP_RULE,
  PREMIUM_SALES_TAX,
  UNINSURED_DOWN,
  formatIsoDate,
} from './ruleText';
import {
  CalculatorLayout,
  Figures,
  FixFields,
  HeadlineCard,
  Note,
  NumberField,
  calculatorField,
  SourcesNote,
  TableScroll,
  readNumber,
  tableCss,
  usePriceChange,
  useTextField,
  visibleError,
} from './ui';
import type { DownMode } from './PaymentCalculator';

/** A down payment that is valid for the price: 10 %, or the uninsured minimum (20 %) at the insured price cap and over. */
const defaultDownPercent = (price: number) => (price >= CMHC.insuredPriceCap ? String(CMHC.minimumDownPayment.uninsuredRate * 100) : '10');

const pct = (ltv: number) => `${(ltv * 100).toFixed(2).replace(/\.00$/, '')}%`;

export function CmhcCalculator({ price }: { price?: number }) {
  const startPrice = price && price > 0 ? price : 900_000;
  const priceField = useTextField(formatInput(startPrice));
  const [downMode, setDownMode] = useState<DownMode>('percent');
  const downField = useTextField(defaultDownPercent(startPrice));
  const [amortization, setAmortization] = useState<number>(CMHC.standardMaxAmortizationYears);

  usePriceChange(price, (next) => {
    priceField.reset(formatInput(next));
    downField.reset(defaultDownPercent(next));
    setDownMode('percent');
  });

  const priceR = readNumber(priceField.text, { label: 'Purchase price', min: 0, minExclusive: true, max: 1_000_000_000, unit: 'money' });
  const downR = readNumber(
    downField.text,
    downMode === 'percent'
      ? { label: 'Down payment', min: 0, max: 100, unit: 'percent' }
      : { label: 'Down payment', min: 0, max: priceR.value ?? undefined, unit: 'money' },
  );
  const downAmount = priceR.value !== null && downR.value !== null ? (downMode === 'percent' ? (priceR.value * downR.value) / 100 : downR.value) : null;
  const r =
    priceR.value !== null && downAmount !== null ? calculateCmhc({ price: priceR.value, downPayment: downAmount, amortizationYears: amortization }) : null;

  const switchMode = (mode: DownMode) => {
    if (mode === downMode) return;
    if (priceR.value && downR.value !== null) {
      const next = mode === 'percent' ? (downR.value / priceR.value) * 100 : (priceR.value * downR.value) / 100;
      downField.setText(formatInput(Math.round(next * 100) / 100));
    }
    setDownMode(mode);
  };

  const overCap = (priceR.value ?? 0) >= CMHC.insuredPriceCap;
  const downError =
    visibleError(downField, downR) ??
    (r && r.status === 'below-minimum'
      ? `The minimum down payment on ${formatMoney(priceR.value ?? 0)} is ${formatMoney(r.minimumDown)}${overCap ? `: ${OVER_CAP_RULE}` : ''}.`
      : null);

  return (
    <CalculatorLayout
      title="CMHC mortgage insurance"
      intro={`With less than ${UNINSURED_DOWN} down, the lender needs mortgage default insurance (CMHC, Sagen or Canada Guaranty, all on the same premium schedule). The premium is a share of the loan, set by your loan-to-value, and is usually added to the mortgage.`}
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
            hint={r && priceR.value ? `${formatMoney(downAmount ?? 0)} · minimum for this price: ${formatMoney(r.minimumDown)}` : undefined}
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
          <SelectField
            {...calculatorField}
            label="Amortization"
            value={amortization}
            onChange={setAmortization}
            options={[
              { value: CMHC.standardMaxAmortizationYears, label: `${CMHC.standardMaxAmortizationYears} years` },
              { value: CMHC.extendedMaxAmortizationYears, label: `${CMHC.extendedMaxAmortizationYears} years (first-time buyers, new builds)` },
            ]}
            hint={EXTENDED_AMORTIZATION_RULE}
          />
        </>
      }
      results={
        r && r.status !== 'below-minimum' ? (
          <>
            {r.status === 'insured' ? (
              <HeadlineCard
                label="Insurance premium"
                value={formatMoney(r.premium)}
                testId="cmhc-premium"
                note={`${formatRate(r.premiumRate)} of the ${formatMoney(r.loan)} loan at ${pct(r.ltv)} loan-to-value${r.surcharge ? `, including the ${AMORTIZATION_SURCHARGE} surcharge for ${CMHC.extendedMaxAmortizationYears} years` : ''}. Added to the mortgage.`}
              />
            ) : (
              <HeadlineCard
                label="Insurance premium"
                value={formatMoney(0)}
                testId="cmhc-premium"
                note={r.loan === 0 ? 'Paid in full: there is no loan to insure.' : `With ${formatPercent(r.downShare)} down no default insurance is required.`}
              />
            )}
            <Figures
              items={[
                { label: 'Minimum down payment', value: formatMoney(r.minimumDown) },
                { label: 'Loan-to-value', value: pct(r.ltv) },
                { label: 'Total mortgage', value: formatMoney(r.totalMortgage), emphasis: true },
                { label: 'PST due at closing', value: formatCents(r.salesTax), testId: 'cmhc-pst' },
              ]}
            />
            {r.status === 'insured' ? (
              <Note>
                Ontario charges {PREMIUM_SALES_TAX} retail sales tax on the premium: {formatCents(r.salesTax)} is due in cash at closing and cannot be added to
                the mortgage.
              </Note>
            ) : null}
            {overCap ? (
              <Note>
                At {INSURED_CAP} and over default insurance is not available, so at least {formatPercent(CMHC.minimumDownPayment.uninsuredRate)} down is needed.
              </Note>
            ) : null}
            <TableScroll label="CMHC premium rates">
              <table css={tableCss}>
                <caption>Premium rates by loan-to-value</caption>
                <thead>
                  <tr>
                    <th scope="col">Loan-to-value</th>
                    <th scope="col">Down payment</th>
                    <th scope="col">Premium</th>
                  </tr>
                </thead>
                <tbody>
                  {CMHC.premiumBands.map((band, k) => {
                    const from = k === 0 ? 0 : CMHC.premiumBands[k - 1]!.maxLtv;
                    const current = r.status === 'insured' && Math.round(r.ltv * 10_000) / 10_000 > from && Math.round(r.ltv * 10_000) / 10_000 <= band.maxLtv;
                    return (
                      <tr
                        key={band.maxLtv}
                        aria-current={current ? 'true' : undefined}
                        css={current ? { background: theme.color.stone, fontWeight: 600 } : undefined}
                      >
                        <th scope="row" css={{ fontWeight: 'inherit' }}>
                          {k === 0 ? `Up to ${pct(band.maxLtv)}` : `${pct(from + 0.0001)} to ${pct(band.maxLtv)}`}
                        </th>
                        <td>{k === 0 ? `${pct(1 - band.maxLtv)} or more` : `${pct(1 - band.maxLtv)} to ${pct(1 - from - 0.0001)}`}</td>
                        <td>{formatRate(band.rate)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
            <SourcesNote>
              Premium schedule: CMHC (in force since {formatIsoDate(CMHC.effective)}); {INSURED_CAP} cap and {CMHC.extendedMaxAmortizationYears}-year rules:
              Government of Canada, {INSURED_RULES_SINCE}. Checked {RATES_CHECKED_ON}. Bands up to {formatPercent(CMHC.requiredAboveLtv)} apply only when a
              lender insures a loan with {UNINSURED_DOWN} or more down.
            </SourcesNote>
          </>
        ) : (
          <FixFields />
        )
      }
    />
  );
}
