/** Principal and interest paid each year as stacked SVG bars, with a text summary for screen readers and everyone. */
import { useId } from 'react';
import { theme } from '@gta/shared';
import type { YearRow } from './payment';
import { formatMoney, formatYears } from './format';

const BAR = 18;
const GAP = 6;
const HEIGHT = 180;

/** `payoffYears`: when the last payment falls (accelerated payments finish early, inside the last year's bar). */
export function AmortizationChart({
  years,
  mortgage,
  totalInterest,
  payoffYears,
}: {
  years: readonly YearRow[];
  mortgage: number;
  totalInterest: number;
  payoffYears?: number;
}) {
  const titleId = useId();
  const descId = useId();
  if (years.length === 0) return null;
  const max = Math.max(...years.map((y) => y.interest + y.principal), 1);
  const width = years.length * (BAR + GAP) - GAP;
  const crossover = years.find((y) => y.principal > y.interest);
  const half = years.find((y) => y.endingBalance <= mortgage / 2);
  const first = years[0]!;
  const summary = [
    `Over ${payoffYears !== undefined ? formatYears(payoffYears) : `${years.length} year${years.length === 1 ? '' : 's'}`} you repay ${formatMoney(mortgage)} of principal and ${formatMoney(totalInterest)} of interest.`,
    `In year 1, ${formatMoney(first.interest)} goes to interest and ${formatMoney(first.principal)} to principal.`,
    crossover && crossover.year > 1 ? `From year ${crossover.year} more of each year's payments goes to principal than to interest.` : '',
    half ? `Half of the loan is repaid by the end of year ${half.year}.` : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <figure css={{ margin: `${theme.space.xl} 0 0` }}>
      <figcaption css={{ fontFamily: theme.font.display, fontSize: '1.35rem', marginBottom: theme.space.sm }}>Amortization by year</figcaption>
      <div
        css={{ display: 'flex', gap: theme.space.lg, fontSize: theme.fontSize.xs, color: theme.color.muted, marginBottom: theme.space.sm }}
        aria-hidden="true"
      >
        <span css={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span css={{ width: 12, height: 12, background: theme.color.ink, display: 'inline-block' }} /> Principal
        </span>
        <span css={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span css={{ width: 12, height: 12, background: theme.color.gold, display: 'inline-block' }} /> Interest
        </span>
      </div>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${HEIGHT + 16}`}
        width="100%"
        css={{ display: 'block', height: 'auto', maxHeight: 260, overflow: 'visible' }}
      >
        <title id={titleId}>Principal and interest paid each year</title>
        <desc id={descId}>{summary}</desc>
        {years.map((y, k) => {
          const x = k * (BAR + GAP);
          const hp = (y.principal / max) * HEIGHT;
          const hi = (y.interest / max) * HEIGHT;
          return (
            <g key={y.year}>
              <rect x={x} y={HEIGHT - hp - hi} width={BAR} height={hi} fill={theme.color.gold} />
              <rect x={x} y={HEIGHT - hp} width={BAR} height={hp} fill={theme.color.ink} />
              {y.year === 1 || y.year % 5 === 0 ? (
                <text x={x + BAR / 2} y={HEIGHT + 13} textAnchor="middle" fontSize="12" fill={theme.color.muted}>
                  {y.year}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p
        css={{ fontSize: theme.fontSize.sm, color: theme.color.inkSoft, lineHeight: 1.65, margin: `${theme.space.md} 0 0` }}
        data-testid="amortization-summary"
      >
        {summary}
      </p>
    </figure>
  );
}
