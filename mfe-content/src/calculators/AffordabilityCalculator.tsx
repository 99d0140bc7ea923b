/** Affordability: income, debts, down payment, rate, housing costs -> maximum price under GDS/TDS at the stress-test rate. */
import { useState } from 'react';
import { SelectField } from '@gta/shared/fields';
import { calculateAffordability } from './affordability';
import { DEFAULTS, QUALIFYING, RATES_CHECKED_ON } from './rates';
import { formatCents, formatInput, formatMoney, formatPercent } from './format';
import { EXTENDED_AMORTIZATION_RULE, GDS_LIMIT, MINIMUM_DOWN_RULE, QUALIFYING_RULE, STRESS_BUFFER, TDS_LIMIT, UNINSURED_DOWN } from './ruleText';
import {
  CalculatorLayout,
  FieldRow,
  Figures,
  FixFields,
  HeadlineCard,
  Note,
  NumberField,
  calculatorField,
  SourcesNote,
  readNumber,
  useTextField,
  visibleError,
} from './ui';

export function AffordabilityCalculator() {
  const income = useTextField(formatInput(250_000));
  const debts = useTextField('0');
  const down = useTextField(formatInput(300_000));
  const rate = useTextField(String(DEFAULTS.contractRate * 100));
  const [amortization, setAmortization] = useState<number>(DEFAULTS.amortizationYears);
  const tax = useTextField(formatInput(8_000));
  const heat = useTextField('175');
  const condo = useTextField('0');

  const incomeR = readNumber(income.text, { label: 'Household income', min: 0, minExclusive: true, max: 100_000_000, unit: 'money' });
  const debtsR = readNumber(debts.text, { label: 'Monthly debt payments', min: 0, max: 10_000_000, unit: 'money' });
  const downR = readNumber(down.text, { label: 'Down payment', min: 0, max: 1_000_000_000, unit: 'money' });
  const rateR = readNumber(rate.text, { label: 'Interest rate', min: 0, max: 25, unit: 'percent' });
  const taxR = readNumber(tax.text, { label: 'Property tax', min: 0, max: 10_000_000, unit: 'money' });
  const heatR = readNumber(heat.text, { label: 'Heating', min: 0, max: 100_000, unit: 'money' });
  const condoR = readNumber(condo.text, { label: 'Condo fees', min: 0, max: 100_000, unit: 'money' });
  const readings = [incomeR, debtsR, downR, rateR, taxR, heatR, condoR];
  const ready = readings.every((x) => x.value !== null);

  const r = ready
    ? calculateAffordability({
        annualIncome: incomeR.value!,
        monthlyDebts: debtsR.value!,
        downPayment: downR.value!,
        annualRate: rateR.value! / 100,
        amortizationYears: amortization,
        annualPropertyTax: taxR.value!,
        monthlyHeating: heatR.value!,
        monthlyCondoFees: condoR.value!,
      })
    : null;

  const explanation = r
    ? r.maxPayment <= 0
      ? `Property tax, heating${(condoR.value ?? 0) > 0 ? ', half the condo fees' : ''}${r.binding === 'TDS' ? ' and your other debts' : ''} already use the ${r.binding} limit, so no mortgage payment fits: the most you can pay is your down payment.`
      : r.limitedBy === 'down-payment' && (downR.value ?? 0) <= 0
        ? `Your income would carry a mortgage, but a purchase needs a down payment: ${MINIMUM_DOWN_RULE}. Enter the savings you would put down to see the price they open.`
        : r.limitedBy === 'down-payment'
          ? `Your income would carry more, but the down payment is the limit: ${formatMoney(downR.value ?? 0)} is the minimum down payment on ${formatMoney(r.maxPrice)} (${MINIMUM_DOWN_RULE}).`
          : r.binding === 'GDS'
            ? `The GDS limit binds: housing costs (mortgage payment at the ${formatPercent(r.qualifyingRate)} qualifying rate, property tax, heating${(condoR.value ?? 0) > 0 ? ' and half the condo fees' : ''}) may take at most ${formatPercent(QUALIFYING.gdsLimit)} of gross income. Your other debts leave TDS room to spare.`
            : `The TDS limit binds: housing costs plus your ${formatMoney(debtsR.value ?? 0)} of monthly debt payments may take at most ${formatPercent(QUALIFYING.tdsLimit)} of gross income. Paying down debts would raise your maximum price.`
    : '';

  return (
    <CalculatorLayout
      title="Affordability"
      intro={`How much home your household income supports. Lenders test your payment at the qualifying rate, ${QUALIFYING_RULE}, and keep housing costs within ${GDS_LIMIT} of gross income (GDS) and all debts within ${TDS_LIMIT} (TDS).`}
      form={
        <>
          <NumberField label="Gross household income (yearly)" name="income" prefix="$" field={income} error={visibleError(income, incomeR)} />
          <NumberField
            label="Other debt payments (monthly)"
            name="debts"
            prefix="$"
            field={debts}
            error={visibleError(debts, debtsR)}
            hint="Car and personal loans, and 3% of credit card and line-of-credit balances."
          />
          <NumberField label="Down payment" name="downPayment" prefix="$" field={down} error={visibleError(down, downR)} />
          <FieldRow>
            <NumberField label="Interest rate" name="rate" suffix="%" field={rate} error={visibleError(rate, rateR)} />
            <SelectField
              {...calculatorField}
              label="Amortization"
              value={amortization}
              onChange={setAmortization}
              options={[20, 25, 30].map((y) => ({ value: y, label: `${y} years` }))}
            />
          </FieldRow>
          <FieldRow>
            <NumberField label="Property tax (yearly)" name="propertyTax" prefix="$" field={tax} error={visibleError(tax, taxR)} />
            <NumberField label="Heating (monthly)" name="heating" prefix="$" field={heat} error={visibleError(heat, heatR)} />
          </FieldRow>
          <NumberField
            label="Condo fees (monthly)"
            name="condoFees"
            prefix="$"
            field={condo}
            error={visibleError(condo, condoR)}
            hint="Half of condo fees count in both ratios. Leave 0 for a freehold home."
          />
        </>
      }
      results={
        r ? (
          <>
            <HeadlineCard label="Maximum purchase price" value={formatMoney(r.maxPrice)} testId="affordability-max-price" note={explanation} />
            <Figures
              items={[
                { label: 'Qualifying rate', value: formatPercent(r.qualifyingRate) },
                { label: 'Mortgage', value: formatMoney(r.loan + r.premium) },
                { label: 'Payment at your rate', value: `${formatCents(r.contractPayment)}/mo` },
                {
                  label: 'Limit that binds',
                  value: r.limitedBy === 'down-payment' && r.maxPayment > 0 ? 'Down payment' : r.binding,
                  testId: 'affordability-binding',
                },
                { label: 'GDS at this price', value: formatPercent(r.gdsAtMax) },
                { label: 'TDS at this price', value: formatPercent(r.tdsAtMax) },
              ]}
            />
            {r.premium > 0 ? (
              <Note>
                With less than {UNINSURED_DOWN} down, the {formatMoney(r.premium)} insurance premium is added to the mortgage and counted in the payment.
              </Note>
            ) : null}
            {r.extendedAmortization ? (
              <Note tone="warning">
                {EXTENDED_AMORTIZATION_RULE} The price above includes it; other buyers with less than {UNINSURED_DOWN} down are limited to 25 years.
              </Note>
            ) : null}
            {r.floorApplies ? (
              <Note>
                Your rate plus {STRESS_BUFFER} is below the {formatPercent(QUALIFYING.floorRate)} floor, so you are qualified at{' '}
                {formatPercent(QUALIFYING.floorRate)}.
              </Note>
            ) : null}
            <SourcesNote>
              Qualifying rate: OSFI Guideline B-20 ({QUALIFYING_RULE}). Ratio limits: CMHC (GDS {GDS_LIMIT}, TDS {TDS_LIMIT}). Checked {RATES_CHECKED_ON}. An
              estimate: lenders also look at credit, employment and savings for closing costs.
            </SourcesNote>
          </>
        ) : (
          <FixFields />
        )
      }
    />
  );
}
