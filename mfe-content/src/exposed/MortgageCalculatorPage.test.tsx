import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import MortgageCalculatorPage, { tabFromSearch } from './MortgageCalculatorPage';

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
