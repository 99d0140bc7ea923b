import { useState, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  useCheckedBeforeHydration,
  useOnLaterChange,
  useRadioPickedBeforeHydration,
  useValueTypedBeforeHydration,
  valueTypedBeforeHydration,
} from './typedBeforeHydration';

/** A small form whose state is shown as text, as a calculator shows its result. */
function Estimate() {
  const [price, setPrice] = useState('900,000');
  const [term, setTerm] = useState('5');
  const [toronto, setToronto] = useState(false);
  const [mode, setMode] = useState('percent');
  const priceRef = useValueTypedBeforeHydration<HTMLInputElement>(price, setPrice);
  const termRef = useValueTypedBeforeHydration<HTMLSelectElement>(term, setTerm);
  const torontoRef = useCheckedBeforeHydration(toronto, setToronto);
  const modeRef = useRadioPickedBeforeHydration<HTMLFieldSetElement>(mode, setMode);
  return (
    <form>
      <label>
        Price <input ref={priceRef} value={price} onChange={(e) => setPrice(e.target.value)} />
      </label>
      <label>
        Term
        <select ref={termRef} value={term} onChange={(e) => setTerm(e.target.value)}>
          <option value="3">3 years</option>
          <option value="5">5 years</option>
        </select>
      </label>
      <label>
        <input ref={torontoRef} type="checkbox" checked={toronto} onChange={(e) => setToronto(e.target.checked)} /> In Toronto
      </label>
      <fieldset ref={modeRef}>
        <legend>Down payment as</legend>
        {['percent', 'amount'].map((m) => (
          <label key={m}>
            <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {m}
          </label>
        ))}
      </fieldset>
      <output data-testid="state">{`${price} | ${term} | ${toronto ? 'Toronto' : 'Ontario'} | ${mode}`}</output>
    </form>
  );
}

/** The server's HTML in the page, changed by `visitor` before the app hydrates it. */
async function hydrateAfter(element: ReactElement, visitor: (page: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  visitor(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (e) => errors.push(e) });
  });
  return { container, errors };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('input given to the server HTML before hydration', () => {
  it('becomes the state of the fields, and stays there on the next render', async () => {
    const { container, errors } = await hydrateAfter(<Estimate />, (page) => {
      (page.querySelector('input:not([type])') as HTMLInputElement).value = '1,400,000';
      (page.querySelector('select') as HTMLSelectElement).value = '3';
      (page.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
      (page.querySelector('input[value="amount"]') as HTMLInputElement).checked = true;
    });
    expect(errors).toEqual([]); // adopted after hydration: no mismatch, nothing drawn again
    expect(screen.getByTestId('state')).toHaveTextContent('1,400,000 | 3 | Toronto | amount');
    // a render caused elsewhere does not write the old values back
    fireEvent.click(screen.getByLabelText('percent'));
    expect(screen.getByTestId('state')).toHaveTextContent('1,400,000 | 3 | Toronto | percent');
    expect(container.querySelector('input:not([type])')).toHaveValue('1,400,000');
    expect(container.querySelector('select')).toHaveValue('3');
  });

  it('changes nothing when the visitor did not touch the page', async () => {
    await hydrateAfter(<Estimate />, () => undefined);
    expect(screen.getByTestId('state')).toHaveTextContent('900,000 | 5 | Ontario | percent');
  });

  it('changes nothing after a render in the browser', () => {
    render(<Estimate />);
    expect(screen.getByTestId('state')).toHaveTextContent('900,000 | 5 | Ontario | percent');
  });
});

describe('valueTypedBeforeHydration', () => {
  it('ignores a select whose rendered value is none of its options (the browser shows the first one itself)', () => {
    const select = document.createElement('select');
    select.innerHTML = '<option value="a">A</option><option value="b">B</option>';
    expect(valueTypedBeforeHydration(select, 'z')).toBeNull();
    select.value = 'b';
    expect(valueTypedBeforeHydration(select, 'a')).toBe('b');
  });

  it('has no typed value for buttons, checkboxes or a missing control', () => {
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(valueTypedBeforeHydration(box, 'x')).toBeNull();
    expect(valueTypedBeforeHydration(null, 'x')).toBeNull();
  });
});

describe('useOnLaterChange', () => {
  function Follower({ price }: { price: number }) {
    const [shown, setShown] = useState(String(price));
    useOnLaterChange(price, () => setShown(String(price)));
    return <input aria-label="Price" value={shown} onChange={(e) => setShown(e.target.value)} />;
  }

  it('follows a later change of its key, not the first render (where the visitor may have typed already)', () => {
    const { rerender } = render(<Follower price={100} />);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '250' } });
    rerender(<Follower price={100} />); // same key: the visitor's text stays
    expect(screen.getByLabelText('Price')).toHaveValue('250');
    rerender(<Follower price={300} />);
    expect(screen.getByLabelText('Price')).toHaveValue('300');
  });
});
