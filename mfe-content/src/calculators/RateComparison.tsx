/** Rate Comparison: two to four mortgage offers side by side, payment and interest over the term, cheapest highlighted. */
import { useId, useState } from 'react';
import { textMeasure, theme, mq, visuallyHidden } from '@gta/shared';
import { SelectField } from '@gta/shared/fields';
import { compareOffers, type RateOffer } from './rateOffers';
import { formatCents, formatInput, formatMoney, formatPercent } from './format';
import { FixFields, Note, NumberField, calculatorField, readNumber, useTextField, visibleError, type TextField } from './ui';

const TERMS = [1, 2, 3, 4, 5, 7, 10].map((y) => ({ value: y, label: `${y} year${y === 1 ? '' : 's'}` }));
const AMORTIZATIONS = [15, 20, 25, 30].map((y) => ({ value: y, label: `${y} years` }));

interface OfferState {
  key: number;
  rate: TextField;
  prepay: TextField;
  term: number;
  amortization: number;
}

function useOffer(key: number, rate: string, term: number) {
  const rateField = useTextField(rate);
  const prepay = useTextField('0');
  const [t, setTerm] = useState(term);
  const [amortization, setAmortization] = useState(25);
  return { state: { key, rate: rateField, prepay, term: t, amortization } as OfferState, setTerm, setAmortization };
}

export function RateComparison({ price }: { price?: number }) {
  const startMortgage = price && price > 0 ? Math.round(price * 0.8) : 1_000_000;
  const mortgage = useTextField(formatInput(startMortgage));
  // four offers are always held (hooks cannot be conditional); `count` says how many are shown
  const offers = [useOffer(1, '4.49', 5), useOffer(2, '4.19', 3), useOffer(3, '4.79', 5), useOffer(4, '4.99', 5)];
  const [count, setCount] = useState(2);
  const headingId = useId();

  const mortgageR = readNumber(mortgage.text, { label: 'Mortgage amount', min: 0, minExclusive: true, max: 1_000_000_000, unit: 'money' });
  const shown = offers.slice(0, count);
  const readings = shown.map((o) => ({
    rate: readNumber(o.state.rate.text, { label: 'Interest rate', min: 0, max: 25, unit: 'percent' }),
    prepay: readNumber(o.state.prepay.text, { label: 'Yearly prepayment', min: 0, max: 100, unit: 'percent' }),
  }));
  const ready = mortgageR.value !== null && readings.every((r) => r.rate.value !== null && r.prepay.value !== null);
  const result = ready
    ? compareOffers(
        mortgageR.value!,
        shown.map<RateOffer>((o, k) => ({
          label: `Offer ${k + 1}`,
          annualRate: readings[k]!.rate.value! / 100,
          termYears: o.state.term,
          amortizationYears: o.state.amortization,
          annualPrepaymentShare: readings[k]!.prepay.value! / 100,
        })),
      )
    : null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} css={{ fontSize: theme.fontSize.h3, margin: `0 0 ${theme.space.sm}` }}>
        Rate comparison
      </h2>
      <p css={{ color: theme.color.muted, maxWidth: textMeasure(62), margin: `0 0 ${theme.space.xl}` }}>
        Put two to four offers side by side on the same mortgage: the monthly payment, the interest you pay over each term and what you still owe at renewal. A
        yearly prepayment you plan to make (as a share of the original mortgage, within the offer's prepayment privilege) lowers the interest.
      </p>
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        <div css={{ display: 'grid', gap: theme.space.lg, alignItems: 'end', [mq.md]: { gridTemplateColumns: 'minmax(0, 22rem) auto' } }}>
          <NumberField label="Mortgage amount" name="mortgage" prefix="$" field={mortgage} error={visibleError(mortgage, mortgageR)} />
          <div css={{ display: 'flex', gap: theme.space.sm, flexWrap: 'wrap' }}>
            <button type="button" onClick={() => setCount((c) => Math.min(4, c + 1))} disabled={count >= 4} css={smallButton}>
              Add an offer
            </button>
            <button type="button" onClick={() => setCount((c) => Math.max(2, c - 1))} disabled={count <= 2} css={smallButton}>
              Remove the last offer
            </button>
          </div>
        </div>
        <div css={{ display: 'grid', gap: theme.space.lg, marginTop: theme.space.xl, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))' }}>
          {shown.map((o, k) => {
            const res = result?.offers[k];
            const best = result?.cheapest === k;
            return (
              <fieldset
                key={o.state.key}
                data-testid={`offer-${k + 1}`}
                data-cheapest={best ? 'true' : 'false'}
                css={{
                  margin: 0,
                  minWidth: 0,
                  padding: theme.space.lg,
                  background: theme.color.paper,
                  border: `1px solid ${best ? theme.color.bronze : theme.color.stone}`,
                  boxShadow: best ? `inset 0 3px 0 ${theme.color.gold}, ${theme.shadow.card}` : 'none',
                  borderRadius: theme.radius.sm,
                  display: 'grid',
                  gap: theme.space.md,
                  alignContent: 'start',
                }}
              >
                <legend css={{ ...visuallyHidden }}>Offer {k + 1}</legend>
                <div aria-hidden="true" css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: theme.space.sm }}>
                  <span css={{ fontFamily: theme.font.display, fontSize: '1.5rem' }}>Offer {k + 1}</span>
                  {best ? <span css={badge}>Lowest cost</span> : null}
                </div>
                <NumberField label="Interest rate" suffix="%" field={o.state.rate} error={visibleError(o.state.rate, readings[k]!.rate)} />
                <SelectField {...calculatorField} label="Term" value={o.state.term} options={TERMS} onChange={offers[k]!.setTerm} />
                <SelectField
                  {...calculatorField}
                  label="Amortization"
                  value={o.state.amortization}
                  options={AMORTIZATIONS}
                  onChange={offers[k]!.setAmortization}
                />
                <NumberField
                  label="Yearly prepayment"
                  suffix="% of mortgage"
                  field={o.state.prepay}
                  error={visibleError(o.state.prepay, readings[k]!.prepay)}
                />
                {res ? (
                  <dl
                    css={{
                      margin: `${theme.space.sm} 0 0`,
                      display: 'grid',
                      gap: theme.space.sm,
                      borderTop: `1px solid ${theme.color.stone}`,
                      paddingTop: theme.space.md,
                    }}
                  >
                    <Row label="Monthly payment" value={formatCents(res.payment)} big testId={`offer-${k + 1}-payment`} />
                    <Row
                      label={`Interest over ${o.state.term} year${o.state.term === 1 ? '' : 's'}`}
                      value={formatMoney(res.termInterest)}
                      testId={`offer-${k + 1}-interest`}
                    />
                    <Row label="Interest per year" value={formatMoney(res.interestPerYear)} />
                    <Row label="Balance at renewal" value={formatMoney(res.balanceAtRenewal)} />
                  </dl>
                ) : null}
                {best ? <span css={visuallyHidden}>This is the lowest-cost offer.</span> : null}
              </fieldset>
            );
          })}
        </div>
      </form>
      <div aria-live="polite">
        {result ? (
          result.cheapest !== null ? (
            <Note>
              <strong>Offer {result.cheapest + 1}</strong> costs the least: {formatMoney(result.saving)} less interest than the next offer{' '}
              {result.basis === 'term' ? 'over the term' : 'per year (the terms differ, so interest is compared per year of term)'} at{' '}
              {formatPercent(readings[result.cheapest]!.rate.value! / 100)}.
            </Note>
          ) : (
            <Note>These offers cost the same.</Note>
          )
        ) : (
          <div css={{ marginTop: theme.space.lg }}>
            <FixFields />
          </div>
        )}
      </div>
    </section>
  );
}

function Row({ label, value, big, testId }: { label: string; value: string; big?: boolean; testId?: string }) {
  return (
    <div css={{ display: 'flex', justifyContent: 'space-between', gap: theme.space.sm, alignItems: 'baseline' }}>
      <dt css={{ fontSize: theme.fontSize.xs, color: theme.color.muted, letterSpacing: '0.06em' }}>{label}</dt>
      <dd
        data-testid={testId}
        css={{
          margin: 0,
          fontFamily: theme.font.display,
          fontSize: big ? '1.7rem' : '1.2rem',
          fontVariantNumeric: 'lining-nums tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {value}
      </dd>
    </div>
  );
}

const smallButton = {
  minHeight: 44,
  padding: '0.5rem 1.1rem',
  background: 'transparent',
  border: `1px solid ${theme.color.ink}`,
  borderRadius: theme.radius.sm,
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.12em',
  textTransform: 'uppercase' as const,
  color: theme.color.ink,
  cursor: 'pointer',
  '&:hover:not(:disabled)': { background: theme.color.ink, color: theme.color.ivory },
  '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
};

const badge = {
  fontSize: '0.68rem',
  fontWeight: 600,
  letterSpacing: '0.14em',
  textTransform: 'uppercase' as const,
  color: theme.color.bronze,
  border: `1px solid ${theme.color.bronze}`,
  padding: '0.2rem 0.55rem',
  borderRadius: theme.radius.pill,
  whiteSpace: 'nowrap' as const,
};
