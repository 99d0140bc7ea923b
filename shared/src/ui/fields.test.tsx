/**
 * The one field kit: a label names its control, the hint or message describes it, the control is invalid while a
 * message shows, the message line is there before any message, and what was typed before hydration is adopted
 * when a field asks for it.
 */
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CheckboxField, RadioGroup, SelectField, TextAreaField, TextField } from './fields';

function Controlled({ error, hint, keepHint, adoptTyped }: { error?: string; hint?: string; keepHint?: boolean; adoptTyped?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={value}
        onChange={setValue}
        error={error}
        hint={hint}
        keepHint={keepHint}
        adoptTyped={adoptTyped}
      />
      <output data-testid="state">{value}</output>
    </>
  );
}

describe('TextField', () => {
  it('is named by its label and describes itself with its hint', () => {
    render(<Controlled hint="We never share it." />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveAccessibleDescription('We never share it.');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('ties its message to the control, marks it invalid, and the message takes the hint’s place', () => {
    render(<Controlled hint="We never share it." error="Please enter a valid email address." />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByText('Please enter a valid email address.')).toBe(screen.getByRole('alert'));
    expect(screen.queryByText('We never share it.')).toBeNull();
  });

  it('keeps the hint before the message when asked', () => {
    render(<Controlled hint="At least 5%." keepHint error="Too low." />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('At least 5%. Too low.');
  });

  it('reserves the message line before any message, and shows the message inside it', () => {
    const { rerender } = render(<Controlled />);
    const frame = screen.getByRole('textbox', { name: 'Email' }).closest<HTMLElement>('[data-field]')!;
    const line = frame.querySelector<HTMLElement>('[data-field-message]')!;
    expect(line).toBeEmptyDOMElement();
    expect(line).toHaveStyle({ minHeight: 'calc(0.5rem + 0.875rem * 1.5)' });
    rerender(<Controlled error="Please enter a valid email address." />);
    expect(line).toContainElement(screen.getByRole('alert'));
  });

  it('marks required and optional fields in the label when asked, the asterisk hidden from screen readers', () => {
    render(
      <>
        <TextField label="Name" value="" onChange={() => undefined} required marks />
        <TextField label="Phone" value="" onChange={() => undefined} marks />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).not.toBeRequired();
  });

  it('shows a prefix and suffix beside the value, not in its name', () => {
    render(<TextField label="Purchase price" value="850,000" onChange={() => undefined} prefix="$" suffix="CAD" />);
    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    expect(price.parentElement).toHaveTextContent(/^\$CAD$/);
  });

  it('adopts a value typed into the server’s HTML before hydration when asked, and leaves it to the form otherwise', () => {
    for (const adoptTyped of [true, false]) {
      const container = document.createElement('div');
      document.body.appendChild(container);
      container.innerHTML = renderToString(<Controlled adoptTyped={adoptTyped} />);
      container.querySelector('input')!.value = 'ada@example.com';
      act(() => {
        hydrateRoot(container, <Controlled adoptTyped={adoptTyped} />);
      });
      expect(container.querySelector('output')).toHaveTextContent(adoptTyped ? 'ada@example.com' : '');
      container.remove();
    }
  });
});

describe('TextAreaField and SelectField', () => {
  it('are labelled, invalid with their message, and the select offers its empty choice first', () => {
    const onChange = jest.fn();
    render(
      <>
        <TextAreaField label="Message" value="" onChange={() => undefined} error="Please enter a message." />
        <SelectField label="Property type" value="" onChange={onChange} placeholder="Select…" options={[{ value: 'Condo', label: 'Condominium' }]} />
      </>,
    );
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription('Please enter a message.');
    const type = screen.getByRole('combobox', { name: 'Property type' });
    expect(Array.from((type as HTMLSelectElement).options).map((o) => [o.value, o.text])).toEqual([
      ['', 'Select…'],
      ['Condo', 'Condominium'],
    ]);
    fireEvent.change(type, { target: { value: 'Condo' } });
    expect(onChange).toHaveBeenCalledWith('Condo');
  });
});

describe('the one SelectField', () => {
  it('takes numbers (the calculators): the chosen option is handed back as its number', () => {
    const onChange = jest.fn();
    render(<SelectField label="Amortization" value={25} onChange={onChange} options={[20, 25, 30].map((y) => ({ value: y, label: `${y} years` }))} />);
    const select = screen.getByRole('combobox', { name: 'Amortization' });
    expect(select).toHaveValue('25');
    fireEvent.change(select, { target: { value: '30' } });
    expect(onChange).toHaveBeenCalledWith(30);
  });

  it.each(['next', 'under'] as const)("reveals its free field while the 'custom' option is chosen (%s)", (place) => {
    function Choice() {
      const [value, setValue] = useState('');
      const [custom, setCustom] = useState('');
      return (
        <SelectField
          label="Price"
          placeholder="Any price"
          value={value}
          onChange={setValue}
          options={[
            { value: '1000000', label: '$1M' },
            { value: 'custom', label: 'Custom…' },
          ]}
          custom={{ option: 'custom', place, label: 'Maximum price (CAD)', type: 'number', value: custom, onChange: setCustom, required: true }}
        />
      );
    }
    const { container } = render(<Choice />);
    expect(screen.queryByRole('spinbutton', { name: 'Maximum price (CAD)' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: 'custom' } });
    const free = screen.getByRole('spinbutton', { name: 'Maximum price (CAD)' });
    expect(free).toBeRequired();
    // next: the grid's next field; under: in the select's own cell
    expect(container.querySelectorAll(':scope > [data-field]')).toHaveLength(place === 'next' ? 2 : 0);
    fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: '' } });
    expect(screen.queryByRole('spinbutton', { name: 'Maximum price (CAD)' })).toBeNull();
  });
});

describe('CheckboxField and RadioGroup', () => {
  it('name their controls and describe them', () => {
    const onPick = jest.fn();
    render(
      <>
        <CheckboxField label="First-time buyer" checked={false} onChange={() => undefined} hint="Rebates apply." />
        <RadioGroup
          legend="How often"
          value="daily"
          onChange={onPick}
          error="Choose how often."
          options={[
            { value: 'daily', label: 'Daily', hint: 'At most one email a day' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
      </>,
    );
    expect(screen.getByRole('checkbox', { name: 'First-time buyer' })).toHaveAccessibleDescription('Rebates apply.');
    const group = screen.getByRole('group', { name: 'How often' });
    expect(group).toHaveAccessibleDescription('Choose how often.');
    expect(screen.getByRole('radio', { name: 'Daily — At most one email a day' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(onPick).toHaveBeenCalledWith('weekly');
  });

  it('a segmented group hides its radios from sight, not from the keyboard, and can hide its legend', () => {
    render(
      <RadioGroup
        legend="Down payment as"
        hideLegend
        variant="segmented"
        value="percent"
        onChange={() => undefined}
        options={[
          { value: 'percent', label: '%' },
          { value: 'amount', label: '$' },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Down payment as' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '%' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '$' })).not.toBeChecked();
  });
});
