/**
 * content/MortgageCalculators: the five-tab calculator panel (Rate Comparison, Affordability, Payment, CMHC Calculator,
 * Land Transfer Tax; first tab default). The property page loads it at run time with the property's price, which is
 * filled into the price inputs.
 */
import type { MortgageCalculatorsProps } from '@gta/shared';
import { CalculatorTabs } from '../calculators/CalculatorTabs';

export default function MortgageCalculators({ price }: MortgageCalculatorsProps) {
  return <CalculatorTabs price={price} />;
}
