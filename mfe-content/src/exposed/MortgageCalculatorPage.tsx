/** /mortgage-calculator: the dark header, a short introduction and the five calculators. */
import { Container, Eyebrow, PageHero, Section, theme, usePageMeta } from '@gta/shared';
import { useLocation } from 'react-router-dom';
import { CALCULATOR_TABS, CalculatorTabs, type CalculatorTabId } from '../calculators/CalculatorTabs';
import { RATES_CHECKED_ON } from '../calculators/rates';

/** '?tab=land-transfer-tax' opens that calculator (the chat assistant links the one that answers the question). */
export function tabFromSearch(search: string): CalculatorTabId | undefined {
  const wanted = new URLSearchParams(search).get('tab');
  return CALCULATOR_TABS.find((t) => t.id === wanted)?.id;
}

/** The most a price from a link may be (the calculators refuse more). */
const MAX_LINKED_PRICE = 1_000_000_000;

/**
 * '?price=3250000' fills the calculators' purchase price (a property page links its payment estimate this way);
 * anything that is not a positive number of dollars is ignored.
 */
export function priceFromSearch(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('price')?.replace(/[$,\s]/g, '');
  if (!raw || !/^\d+(\.\d+)?$/.test(raw)) return undefined;
  const price = Math.round(Number(raw));
  return price > 0 && price <= MAX_LINKED_PRICE ? price : undefined;
}

export default function MortgageCalculatorPage() {
  const { search } = useLocation();
  const tab = tabFromSearch(search);
  const price = priceFromSearch(search);
  usePageMeta({
    title: 'Mortgage Calculators',
    description:
      'Compare mortgage rates, see what you can afford, work out your payment, CMHC insurance premium and Ontario and Toronto land transfer tax: five calculators for buyers in the Greater Toronto Area.',
  });
  return (
    <>
      <PageHero
        eyebrow="Buying"
        title="Mortgage Calculator"
        subtitle="Five tools for the numbers behind a purchase: rates, affordability, payments, default insurance and land transfer tax."
        compact
      />
      <Section tone="light">
        <Container>
          <div css={{ maxWidth: theme.layout.proseMaxWidth, marginBottom: 'clamp(2.5rem, 2rem + 2vw, 4rem)' }}>
            <Eyebrow>Plan with confidence</Eyebrow>
            <p css={{ fontFamily: theme.font.display, fontSize: 'clamp(1.5rem, 1.2rem + 1vw, 2rem)', lineHeight: 1.35, margin: `0 0 ${theme.space.md}` }}>
              Know your figures before you make an offer.
            </p>
            <p css={{ color: theme.color.muted, margin: 0, lineHeight: 1.7 }}>
              Every calculator works in your browser and follows Canadian rules: semi-annual compounding on fixed rates, the federal stress test, CMHC premiums
              and the Ontario and City of Toronto land transfer taxes. Rates and rules were last checked on {RATES_CHECKED_ON}. The results are estimates; your
              lender and lawyer confirm the final numbers.
            </p>
          </div>
          <CalculatorTabs key={`${tab ?? 'default'}:${price ?? ''}`} initialTab={tab} price={price} />
        </Container>
      </Section>
    </>
  );
}
