import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import MortgageCalculatorPage, { priceFromSearch, tabFromSearch } from './MortgageCalculatorPage';

describe('/mortgage-calculator?tab=…', () => {
  it('opens the calculator the link names (the chat links land transfer tax and payment)', () => {
    render(
      <MemoryRouter initialEntries={['/mortgage-calculator?tab=land-transfer-tax']}>
        <MortgageCalculatorPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { name: 'Land Transfer Tax' })).toHaveAttribute('aria-selected', 'true');
  });

  it('ignores an unknown tab', () => {
    expect(tabFromSearch('?tab=payment')).toBe('payment');
    expect(tabFromSearch('?tab=nope')).toBeUndefined();
    expect(tabFromSearch('')).toBeUndefined();
  });
});

describe('/mortgage-calculator?price=…', () => {
  it('fills the purchase price a property page links with, on the tab it names', () => {
    render(
      <MemoryRouter initialEntries={['/mortgage-calculator?tab=payment&price=3250000']}>
        <MortgageCalculatorPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { name: 'Payment' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Payment' });
    expect(within(panel).getByLabelText('Purchase price')).toHaveValue('3,250,000');
    // 20 % down at the default rate over 25 years: the figure the property page estimates
    expect(within(panel).getByTestId('payment-amount')).toHaveTextContent('$14,375.85');
  });

  it('reads a price in plain or written dollars and ignores anything else', () => {
    expect(priceFromSearch('?price=3250000')).toBe(3_250_000);
    expect(priceFromSearch('?price=%241%2C250%2C000')).toBe(1_250_000);
    for (const bad of ['', '?price=', '?price=-5', '?price=0', '?price=abc', '?price=1e9', '?price=2000000000']) expect(priceFromSearch(bad)).toBeUndefined();
  });
});
