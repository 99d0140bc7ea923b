import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import MortgageCalculators from '../exposed/MortgageCalculators';
import { CalculatorTabs } from './CalculatorTabs';
import { PaymentCalculator } from './PaymentCalculator';
import { CmhcCalculator } from './CmhcCalculator';
import { LandTransferTaxCalculator } from './LandTransferTaxCalculator';
import { RateComparison } from './RateComparison';
import { AffordabilityCalculator } from './AffordabilityCalculator';

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('the calculator panel', () => {
  it('has the five tabs of the spec, in order, with the first selected', () => {
    render(<MortgageCalculators />);
    const tabs = within(screen.getByRole('tablist', { name: 'Mortgage calculators' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Rate Comparison', 'Affordability', 'Payment', 'CMHC Calculator', 'Land Transfer Tax']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Rate Comparison' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Rate comparison' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys (wrapping), Home and End, and clicks', () => {
    render(<CalculatorTabs />);
    const tabs = screen.getAllByRole('tab');
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Affordability' })).toBeVisible();
    fireEvent.keyDown(tabs[1]!, { key: 'ArrowLeft' });
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(tabs[4]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[4]).toHaveFocus();
    fireEvent.keyDown(tabs[4]!, { key: 'ArrowRight' });
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(tabs[4]).toHaveFocus();
    fireEvent.keyDown(tabs[4]!, { key: 'Home' });
    expect(tabs[0]).toHaveFocus();
    fireEvent.click(tabs[2]!);
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Payment' })).toBeVisible();
    // every tab's panel is in the document (aria-controls names it), the ones left hidden
    expect(screen.getAllByRole('tabpanel', { hidden: true })).toHaveLength(5);
  });

  it('draws a panel when its tab is first opened, and keeps what was typed in it when the visitor comes back', () => {
    render(<CalculatorTabs />);
    // only the open tab's calculator is drawn at first: the others cost nothing while the page starts
    expect(screen.getByTestId('calculator-panel-payment')).toBeEmptyDOMElement();
    expect(screen.getByTestId('calculator-panel-cmhc')).toBeEmptyDOMElement();
    expect(screen.getByTestId('calculator-panel-rate-comparison')).not.toBeEmptyDOMElement();
    fireEvent.click(screen.getByRole('tab', { name: 'Payment' }));
    const payment = screen.getByTestId('calculator-panel-payment');
    type(within(payment).getByLabelText('Purchase price'), '2,000,000');
    fireEvent.click(screen.getByRole('tab', { name: 'CMHC Calculator' }));
    expect(payment).not.toBeVisible();
    fireEvent.click(screen.getByRole('tab', { name: 'Payment' }));
    expect(within(payment).getByLabelText('Purchase price')).toHaveValue('2,000,000');
  });

  it('fills a property price into the price inputs', () => {
    render(<MortgageCalculators price={2_450_000} />);
    for (const [id, tab] of [
      ['payment', 'Payment'],
      ['cmhc', 'CMHC Calculator'],
      ['land-transfer-tax', 'Land Transfer Tax'],
    ] as const) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      const panel = screen.getByTestId(`calculator-panel-${id}`);
      expect(within(panel).getByLabelText('Purchase price')).toHaveValue('2,450,000');
    }
    // a luxury price starts CMHC at 20 % down (insurance is not available at $1.5M and over), not with an error
    const cmhc = screen.getByTestId('calculator-panel-cmhc');
    expect(within(cmhc).queryByRole('alert')).toBeNull();
    expect(within(cmhc).getByTestId('cmhc-premium')).toHaveTextContent('$0');
    // rate comparison starts from an 80 % mortgage on it
    expect(within(screen.getByTestId('calculator-panel-rate-comparison')).getByLabelText('Mortgage amount')).toHaveValue('1,960,000');
  });
});

describe('payment calculator', () => {
  it('shows $2,326.42 a month for $400,000 at 5 % over 25 years, with a chart and a table by year', () => {
    render(<PaymentCalculator />);
    type(screen.getByLabelText('Purchase price'), '500,000');
    type(screen.getByLabelText('Down payment (% of price)'), '20');
    type(screen.getByLabelText('Interest rate'), '5');
    fireEvent.change(screen.getByLabelText('Amortization'), { target: { value: '25' } });
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('$2,326.42');
    expect(screen.getByRole('img', { name: /Principal and interest paid each year/ })).toBeInTheDocument();
    expect(screen.getByTestId('amortization-summary')).toHaveTextContent('Over 25 years you repay $400,000 of principal');
    const table = screen.getByRole('table', { name: 'Year by year' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25 + 1);
  });

  it("takes a property's new price when the page hands one over", () => {
    const { rerender } = render(<PaymentCalculator price={1_000_000} />);
    expect(screen.getByLabelText('Purchase price')).toHaveValue('1,000,000');
    rerender(<PaymentCalculator price={2_450_000} />);
    expect(screen.getByLabelText('Purchase price')).toHaveValue('2,450,000');
  });

  it('switches the down payment between percent and dollars', () => {
    render(<PaymentCalculator price={1_000_000} />);
    fireEvent.click(screen.getByLabelText('Dollars'));
    expect(screen.getByLabelText('Down payment ($)')).toHaveValue('200,000');
  });

  it('validates with messages next to the field and never shows NaN', () => {
    const { container } = render(<PaymentCalculator />);
    const price = screen.getByLabelText('Purchase price');
    type(price, 'abc');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    const error = screen.getByText('Purchase price must be a number, like 850,000.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(price.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByText(/Complete or correct the highlighted fields/)).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/NaN|Infinity/);

    type(price, '');
    expect(screen.queryByRole('alert')).toBeNull(); // an empty field waits until it is left
    fireEvent.blur(price);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter purchase price.');

    type(price, '800,000');
    type(screen.getByLabelText('Interest rate'), '-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Interest rate must be at least 0%.');
    type(screen.getByLabelText('Interest rate'), '0');
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('$2,133.33'); // 640,000 / 300
    expect(container.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('asks for the minimum down payment, and adds the insurance premium below 20 %', () => {
    render(<PaymentCalculator />);
    type(screen.getByLabelText('Purchase price'), '750,000');
    type(screen.getByLabelText('Down payment (% of price)'), '5');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum down payment on $750,000 is $50,000.');
    type(screen.getByLabelText('Down payment (% of price)'), '10');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/premium of \$20,925/)).toBeInTheDocument(); // 675,000 x 3.10 %
  });

  it('at $1.5M and over asks for 20 % down; a 30-year insured amortization is explained correctly', () => {
    render(<PaymentCalculator />);
    type(screen.getByLabelText('Purchase price'), '1,600,000');
    type(screen.getByLabelText('Down payment (% of price)'), '10');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The minimum down payment on $1,600,000 is $320,000: 20%, as insurance is not available at $1,500,000 and over.',
    );
    type(screen.getByLabelText('Purchase price'), '600,000');
    fireEvent.change(screen.getByLabelText('Amortization'), { target: { value: '30' } });
    expect(screen.getByText(/amortized over more than 25 years \(up to 30\) is open only to first-time buyers/)).toBeInTheDocument();
    // 10 % down on $600,000: 3.10 % + 0.20 % of $540,000
    expect(screen.getByText(/premium of \$17,820/)).toBeInTheDocument();
  });

  it('100 % down: no payment and no NaN', () => {
    const { container } = render(<PaymentCalculator />);
    type(screen.getByLabelText('Down payment (% of price)'), '100');
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('$0.00');
    expect(screen.getByText(/no mortgage to repay/)).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/NaN|Infinity/);
  });
});

describe('a figure typed before the page has started', () => {
  it('is the one the payment is worked out from once the calculator hydrates, and survives the next keystroke', async () => {
    // the payment for $2,000,000 with every other field as it starts, worked out by typing it in the browser
    const typed = render(<PaymentCalculator />);
    type(within(typed.container).getByLabelText('Purchase price'), '2,000,000');
    type(within(typed.container).getByLabelText('Interest rate'), '4.5');
    const expected = within(typed.container).getByTestId('payment-amount').textContent;
    typed.unmount();

    const page = document.createElement('div');
    page.innerHTML = renderToString(<PaymentCalculator />);
    document.body.appendChild(page);
    const before = within(page).getByTestId('payment-amount').textContent;
    // the server's field works before the app does: the visitor's text is in it, and nothing else has changed yet
    (within(page).getByLabelText('Purchase price') as HTMLInputElement).value = '2,000,000';
    await act(async () => {
      hydrateRoot(page, <PaymentCalculator />);
    });
    expect(within(page).getByTestId('payment-amount').textContent).not.toBe(before);
    type(within(page).getByLabelText('Interest rate'), '4.5');
    expect(within(page).getByLabelText('Purchase price')).toHaveValue('2,000,000');
    expect(within(page).getByTestId('payment-amount').textContent).toBe(expected);
    page.remove();
  });
});

describe('the other calculators', () => {
  it('CMHC: premium and PST at closing for 5 % down on $470,000', () => {
    render(<CmhcCalculator />);
    type(screen.getByLabelText('Purchase price'), '470,000');
    type(screen.getByLabelText('Down payment (% of price)'), '5');
    expect(screen.getByTestId('cmhc-premium')).toHaveTextContent('$17,860');
    expect(screen.getByTestId('cmhc-pst')).toHaveTextContent('$1,428.80');
  });

  it('CMHC: 20 % is required at $1.5M and over', () => {
    render(<CmhcCalculator />);
    type(screen.getByLabelText('Purchase price'), '2,000,000');
    type(screen.getByLabelText('Down payment (% of price)'), '10');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum down payment on $2,000,000 is $400,000: 20%');
  });

  it('Land transfer tax: $6,475 on $500,000; Toronto adds its tax; first-time buyers get rebates', () => {
    render(<LandTransferTaxCalculator />);
    type(screen.getByLabelText('Purchase price'), '500000');
    expect(screen.getByTestId('ltt-total')).toHaveTextContent('$6,475');
    fireEvent.click(screen.getByLabelText('The property is in the City of Toronto'));
    expect(screen.getByTestId('ltt-total')).toHaveTextContent('$12,950');
    expect(screen.getByRole('table', { name: 'Toronto municipal land transfer tax' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('I am a first-time home buyer'));
    expect(screen.getByTestId('ltt-total')).toHaveTextContent('$4,475');
  });

  it('Affordability: says which limit binds', () => {
    render(<AffordabilityCalculator />);
    type(screen.getByLabelText('Gross household income (yearly)'), '200,000');
    type(screen.getByLabelText('Down payment'), '400,000');
    type(screen.getByLabelText('Interest rate'), '4');
    type(screen.getByLabelText('Property tax (yearly)'), '6,000');
    type(screen.getByLabelText('Heating (monthly)'), '150');
    expect(screen.getByTestId('affordability-max-price')).toHaveTextContent('$1,314,338');
    expect(screen.getByTestId('affordability-binding')).toHaveTextContent('GDS');
    type(screen.getByLabelText('Other debt payments (monthly)'), '1,500');
    expect(screen.getByTestId('affordability-binding')).toHaveTextContent('TDS');
    expect(screen.getByText(/The TDS limit binds/)).toBeInTheDocument();
  });

  it('Rate comparison: highlights the cheaper offer; adds and removes offers between 2 and 4', () => {
    render(<RateComparison />);
    const rates = screen.getAllByLabelText('Interest rate');
    expect(rates).toHaveLength(2);
    type(rates[0]!, '5.25');
    type(rates[1]!, '5');
    // same 5-year term for both
    fireEvent.change(screen.getAllByLabelText('Term')[1]!, { target: { value: '5' } });
    expect(screen.getByTestId('offer-2')).toHaveAttribute('data-cheapest', 'true');
    expect(screen.getByTestId('offer-1')).toHaveAttribute('data-cheapest', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Add an offer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an offer' }));
    expect(screen.getAllByLabelText('Interest rate')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Add an offer' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the last offer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the last offer' }));
    expect(screen.getByRole('button', { name: 'Remove the last offer' })).toBeDisabled();
  });
});

describe('issue 26: calculator wording matches the figures', () => {
  function affordability(fields: Record<string, string>, amortization = '25') {
    render(<AffordabilityCalculator />);
    for (const [label, value] of Object.entries(fields)) type(screen.getByLabelText(label), value);
    fireEvent.change(screen.getByLabelText('Amortization'), { target: { value: amortization } });
  }

  it('Affordability at 30 years insured: the surcharge is in the price, and 30 years is said to be for first-time buyers and new builds', () => {
    affordability(
      {
        'Gross household income (yearly)': '120,000',
        'Down payment': '100,000',
        'Interest rate': '3.99',
        'Property tax (yearly)': '5,000',
        'Heating (monthly)': '150',
      },
      '30',
    );
    expect(screen.getByTestId('affordability-max-price')).toHaveTextContent('$644,640');
    expect(document.body).toHaveTextContent(/first-time buyers and buyers of a newly built home/);
    expect(document.body).toHaveTextContent(/0\.20% surcharge/);
  });

  it('Affordability with no down payment says a down payment is needed (not "$0 is the minimum down payment on $0")', () => {
    affordability({ 'Down payment': '0' });
    expect(screen.getByTestId('affordability-max-price')).toHaveTextContent('$0');
    expect(document.body).not.toHaveTextContent(/\$0 is the minimum down payment on \$0/);
    expect(document.body).toHaveTextContent(/a purchase needs a down payment/);
  });

  it('Accelerated bi-weekly: the chart summary gives the same payoff time as "Paid off in"', () => {
    render(<PaymentCalculator />);
    type(screen.getByLabelText('Purchase price'), '500,000');
    type(screen.getByLabelText('Down payment (% of price)'), '20');
    type(screen.getByLabelText('Interest rate'), '5');
    fireEvent.change(screen.getByLabelText('Amortization'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Payment frequency'), { target: { value: 'accelerated-bi-weekly' } });
    const paidOff = screen.getByText('Paid off in').parentElement!.textContent!.replace('Paid off in', '').trim();
    expect(paidOff).toMatch(/^\d+ years( \d+ months?)?$/);
    expect(paidOff).not.toBe('25 years');
    expect(screen.getByTestId('amortization-summary')).toHaveTextContent(`Over ${paidOff} you repay`);
  });
});

describe('issue 26: the calculators on a phone and from the keyboard', () => {
  const cssText = () =>
    Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules))
      .map((rule) => rule.cssText)
      .join('\n');

  it('the five tabs wrap instead of scrolling off screen (no hidden overflow at 390 px)', () => {
    render(<MortgageCalculators />);
    const tablist = screen.getByRole('tablist', { name: 'Mortgage calculators' });
    const style = getComputedStyle(tablist);
    expect(style.flexWrap).toBe('wrap');
    expect(style.overflowX === '' || style.overflowX === 'visible').toBe(true);
  });

  it('a focused input shows the site focus ring (2 px of #2f6fde), not only a faint glow', () => {
    render(<AffordabilityCalculator />);
    const box = screen.getByLabelText('Down payment').closest('div')!;
    const classes = Array.from(box.classList);
    const rules = cssText()
      .split('\n')
      .filter((rule) => rule.includes(':focus-within') && classes.some((c) => rule.includes(c)));
    expect(rules.join('\n')).toMatch(/outline:\s*2px solid #2f6fde/);
  });
});
