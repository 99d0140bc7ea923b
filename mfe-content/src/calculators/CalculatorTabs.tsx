/**
 * The five-tab calculator panel (spec: Rate Comparison, Affordability, Payment, CMHC Calculator, Land Transfer Tax;
 * first tab default). WAI-ARIA tabs: roving tabindex, Left/Right arrows wrap, Home/End, automatic activation.
 * A panel is drawn when its tab is first opened and then stays mounted (hidden), so what a visitor typed survives
 * switching tabs. The four panels nobody has opened yet are empty: on /mortgage-calculator they were 42% of the
 * page's HTML (34 of 80 KB), all hydrated while the page started (docs/performance.md, session 10). Every panel
 * element is always there, empty until opened, so each tab's aria-controls names an element of the page.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { theme, mq } from '@gta/shared';
import { RateComparison } from './RateComparison';
import { AffordabilityCalculator } from './AffordabilityCalculator';
import { PaymentCalculator } from './PaymentCalculator';
import { CmhcCalculator } from './CmhcCalculator';
import { LandTransferTaxCalculator } from './LandTransferTaxCalculator';

export const CALCULATOR_TABS = [
  { id: 'rate-comparison', label: 'Rate Comparison' },
  { id: 'affordability', label: 'Affordability' },
  { id: 'payment', label: 'Payment' },
  { id: 'cmhc', label: 'CMHC Calculator' },
  { id: 'land-transfer-tax', label: 'Land Transfer Tax' },
] as const;

export type CalculatorTabId = (typeof CALCULATOR_TABS)[number]['id'];

export function CalculatorTabs({ price, initialTab = 'rate-comparison' }: { price?: number; initialTab?: CalculatorTabId }) {
  const [active, setActiveTab] = useState<CalculatorTabId>(initialTab);
  const [opened, setOpened] = useState<ReadonlySet<CalculatorTabId>>(() => new Set([initialTab]));
  const setActive = (id: CalculatorTabId) => {
    setActiveTab(id);
    setOpened((before) => (before.has(id) ? before : new Set([...before, id])));
  };
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const base = useId();
  const validPrice = typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : undefined;

  const panels: Record<CalculatorTabId, ReactNode> = {
    'rate-comparison': <RateComparison price={validPrice} />,
    affordability: <AffordabilityCalculator />,
    payment: <PaymentCalculator price={validPrice} />,
    cmhc: <CmhcCalculator price={validPrice} />,
    'land-transfer-tax': <LandTransferTaxCalculator price={validPrice} />,
  };

  const select = (index: number) => {
    const n = CALCULATOR_TABS.length;
    const tab = CALCULATOR_TABS[((index % n) + n) % n]!;
    setActive(tab.id);
    tabRefs.current[CALCULATOR_TABS.indexOf(tab)]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const keys: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: CALCULATOR_TABS.length - 1 };
    const next = keys[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };

  return (
    <div data-testid="mortgage-calculators" css={{ background: theme.color.ivory, color: theme.color.ink }}>
      <div
        role="tablist"
        aria-label="Mortgage calculators"
        css={{
          // all five tabs in sight at any width: they wrap onto a second row on a phone instead of scrolling off screen
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0,
          borderBottom: `1px solid ${theme.color.stone}`,
          marginBottom: 'clamp(2rem, 1.5rem + 2vw, 3.5rem)',
        }}
      >
        {CALCULATOR_TABS.map((tab, k) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[k] = el;
              }}
              id={`${base}-tab-${tab.id}`}
              role="tab"
              type="button"
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              onKeyDown={(e) => onKeyDown(e, k)}
              css={{
                flex: '1 1 auto',
                minHeight: 48,
                padding: '0.8rem 0.9rem',
                marginBottom: -1,
                background: 'transparent',
                border: 0,
                borderBottom: `2px solid ${selected ? theme.color.bronze : 'transparent'}`,
                color: selected ? theme.color.ink : theme.color.muted,
                fontFamily: theme.font.body,
                fontSize: theme.fontSize.xs,
                fontWeight: 600,
                letterSpacing: '0.16em',
                textTransform: 'uppercase',
                cursor: 'pointer',
                whiteSpace: 'nowrap',
                transition: `color ${theme.motion.fast}, border-color ${theme.motion.fast}`,
                '&:hover': { color: theme.color.ink },
                '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: -2 },
                [mq.md]: { flex: 'none', minHeight: 52, padding: '1rem 1.6rem' },
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {CALCULATOR_TABS.map((tab) => (
        <div
          key={tab.id}
          id={`${base}-panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          data-testid={`calculator-panel-${tab.id}`}
          css={{ '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 8 } }}
        >
          {opened.has(tab.id) ? panels[tab.id] : null}
        </div>
      ))}
    </div>
  );
}
