import { fireEvent, screen } from '@testing-library/react';
import MovingGuidePage from './MovingGuidePage';
import { renderAt } from '../test/render';
import { CHECKLISTS, MOVING_STORAGE_KEY } from '../content/moving';

beforeEach(() => window.localStorage.clear());

test('shows the six checklists in order, from two months before to moving day', () => {
  renderAt(<MovingGuidePage />);
  expect(screen.getAllByTestId('checklist')).toHaveLength(6);
  expect(CHECKLISTS.map((c) => c.title)).toEqual([
    'Two months before',
    'One month before',
    'Two weeks before',
    'One week before',
    'A few days before',
    'Moving day',
  ]);
});

test('ticked items are still ticked when the visitor comes back', () => {
  const first = renderAt(<MovingGuidePage />);
  const item = screen.getByRole('checkbox', { name: /Book elevators or loading docks/ });
  fireEvent.click(item);
  expect(item).toBeChecked();
  expect(screen.getByTestId('moving-progress')).toHaveTextContent(/^1 of/);
  first.unmount();

  renderAt(<MovingGuidePage />);
  expect(screen.getByRole('checkbox', { name: /Book elevators or loading docks/ })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Defrost and clean/ })).not.toBeChecked();
  fireEvent.click(screen.getByRole('button', { name: 'Clear all ticks' }));
  expect(JSON.parse(window.localStorage.getItem(MOVING_STORAGE_KEY)!)).toEqual([]);
});

test('survives unreadable saved data', () => {
  window.localStorage.setItem(MOVING_STORAGE_KEY, '{not json');
  renderAt(<MovingGuidePage />);
  expect(screen.getAllByRole('checkbox').every((c) => !(c as HTMLInputElement).checked)).toBe(true);
});
