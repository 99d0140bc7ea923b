import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { SortControl } from './SortControl';

describe('the Sort by control', () => {
  it('is a select named "Sort by" with the four orders, and reports the one picked', () => {
    const onChange = jest.fn();
    render(<SortControl value="newest" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(screen.getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['newest', 'Newest first'],
      ['price-desc', 'Price: high to low'],
      ['price-asc', 'Price: low to high'],
      ['size-desc', 'Size: largest first'],
    ]);
    fireEvent.change(select, { target: { value: 'size-desc' } });
    expect(onChange).toHaveBeenCalledWith('size-desc');
  });

  it('takes an order picked in the server’s HTML before the page hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SortControl value="newest" onChange={() => undefined} />);
    document.body.appendChild(container);
    container.querySelector('select')!.value = 'price-asc';
    const onChange = jest.fn();
    await act(async () => {
      hydrateRoot(container, <SortControl value="newest" onChange={onChange} />);
    });
    expect(onChange).toHaveBeenCalledWith('price-asc');
    container.remove();
  });
});
