/** Land Transfer Tax: Ontario's brackets, Toronto's municipal tax on top, first-time buyer rebates, by bracket. */
import { useState } from 'react';
import { CheckboxField } from '@gta/shared/fields';
import { calculateLandTransferTax, type LevyResult } from './landTransferTax';
import { ONTARIO_LTT, RATES_CHECKED_ON, TORONTO_MLTT } from './rates';
import { formatInput, formatMoney, formatPercent, formatRate } from './format';
import { TORONTO_LUXURY_FROM, formatIsoDate } from './ruleText';
import {
  CalculatorLayout,
  Figures,
  FixFields,
  HeadlineCard,
  Note,
  NumberField,
  SourcesNote,
  TableScroll,
  readNumber,
  tableCss,
  usePriceChange,
  useTextField,
  visibleError,
} from './ui';

function range(from: number, to: number | null): string {
  if (to === null) return `Over ${formatMoney(from)}`;
  return from === 0 ? `Up to ${formatMoney(to)}` : `${formatMoney(from)} to ${formatMoney(to)}`;
}

function BracketTable({ caption, levy, label }: { caption: string; levy: LevyResult; label: string }) {
  return (
    <TableScroll label={label}>
      <table css={tableCss}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Bracket</th>
            <th scope="col">Rate</th>
            <th scope="col">Taxed amount</th>
            <th scope="col">Tax</th>
          </tr>
        </thead>
        <tbody>
          {levy.rows
            .filter((row, k) => row.taxable > 0 || k === 0)
            .map((row) => (
              <tr key={row.from}>
                <th scope="row" css={{ fontWeight: 500 }}>
                  {range(row.from, row.to)}
                </th>
                <td>{formatRate(row.rate)}</td>
                <td>{formatMoney(row.taxable)}</td>
                <td>{formatMoney(row.tax)}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>Tax</td>
            <td>{formatMoney(levy.total)}</td>
          </tr>
          {levy.rebate > 0 ? (
            <>
              <tr>
                <td colSpan={3}>First-time buyer rebate</td>
                <td>−{formatMoney(levy.rebate)}</td>
              </tr>
              <tr>
                <td colSpan={3}>Payable</td>
                <td>{formatMoney(levy.net)}</td>
              </tr>
            </>
          ) : null}
        </tfoot>
      </table>
    </TableScroll>
  );
}

export function LandTransferTaxCalculator({ price }: { price?: number }) {
  const priceField = useTextField(formatInput(price && price > 0 ? price : 1_250_000));
  const [toronto, setToronto] = useState(false);
  const [firstTime, setFirstTime] = useState(false);

  usePriceChange(price, (next) => priceField.reset(formatInput(next)));

  const priceR = readNumber(priceField.text, { label: 'Purchase price', min: 0, minExclusive: true, max: 1_000_000_000, unit: 'money' });
  const r = priceR.value !== null ? calculateLandTransferTax({ price: priceR.value, toronto, firstTimeBuyer: firstTime }) : null;

  return (
    <CalculatorLayout
      title="Land transfer tax"
      intro="Ontario charges land transfer tax on every purchase, in brackets like income tax. A home in the City of Toronto pays Toronto's municipal land transfer tax on top. Qualifying first-time buyers get part or all of both back."
      form={
        <>
          <NumberField label="Purchase price" name="price" prefix="$" field={priceField} error={visibleError(priceField, priceR)} />
          <CheckboxField
            label="The property is in the City of Toronto"
            checked={toronto}
            onChange={setToronto}
            hint={`Adds Toronto's municipal land transfer tax${TORONTO_LUXURY_FROM ? `, including its higher rates for homes over ${formatMoney(TORONTO_LUXURY_FROM)}` : ''}.`}
          />
          <CheckboxField
            label="I am a first-time home buyer"
            checked={firstTime}
            onChange={setFirstTime}
            hint={`Rebates of up to ${formatMoney(ONTARIO_LTT.firstTimeBuyerMaxRebate)} (Ontario) and ${formatMoney(TORONTO_MLTT.firstTimeBuyerMaxRebate)} (Toronto) for Canadian citizens and permanent residents who have never owned a home anywhere.`}
          />
        </>
      }
      results={
        r ? (
          <>
            <HeadlineCard
              label="Land transfer tax payable"
              value={formatMoney(r.total)}
              testId="ltt-total"
              note={
                r.totalRebates > 0
                  ? `After ${formatMoney(r.totalRebates)} of first-time buyer rebates.`
                  : toronto
                    ? 'Ontario and Toronto together.'
                    : 'Ontario land transfer tax.'
              }
            />
            <Figures
              items={[
                { label: 'Ontario', value: formatMoney(r.ontario.net), testId: 'ltt-ontario' },
                ...(r.toronto ? [{ label: 'Toronto municipal', value: formatMoney(r.toronto.net), testId: 'ltt-toronto' }] : []),
                ...(r.totalRebates > 0 ? [{ label: 'Rebates', value: formatMoney(r.totalRebates) }] : []),
                { label: 'Share of price', value: formatPercent(priceR.value ? r.total / priceR.value : 0) },
              ]}
            />
            <BracketTable caption="Ontario land transfer tax" label="Ontario land transfer tax by bracket" levy={r.ontario} />
            {r.toronto ? (
              <BracketTable caption="Toronto municipal land transfer tax" label="Toronto municipal land transfer tax by bracket" levy={r.toronto} />
            ) : null}
            <Note>
              Rates for a property with one or two single-family homes. Toronto's rates{TORONTO_LUXURY_FROM ? ` above ${formatMoney(TORONTO_LUXURY_FROM)}` : ''}{' '}
              are those in force from {formatIsoDate(TORONTO_MLTT.effective)}; the tax is due when the transfer is registered, at closing.
            </Note>
            <SourcesNote>
              Sources: Ontario Ministry of Finance land transfer tax rates; City of Toronto, Municipal Land Transfer Tax rates and rebates. Checked{' '}
              {RATES_CHECKED_ON}.
            </SourcesNote>
          </>
        ) : (
          <FixFields />
        )
      }
    />
  );
}
