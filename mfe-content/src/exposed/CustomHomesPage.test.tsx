import { fireEvent, screen, within } from '@testing-library/react';
import CustomHomesPage from './CustomHomesPage';
import { renderAt } from '../test/render';

const questions = () => within(screen.getByTestId('faq')).getAllByRole('button');

test('the material switcher has six tabs, precast first and selected', () => {
  renderAt(<CustomHomesPage />);
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((t) => t.textContent)).toEqual(['Precast', 'Limestone', 'Stucco', 'Vinyl', 'Brick', 'Manmade stone']);
  expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  expect(within(screen.getByRole('tabpanel')).getByRole('heading')).toHaveTextContent('Precast concrete');
});

test('choosing a tab shows its material; arrow keys, Home and End move the selection', () => {
  renderAt(<CustomHomesPage />);
  fireEvent.click(screen.getByRole('tab', { name: 'Brick' }));
  expect(screen.getByRole('tab', { name: 'Brick' })).toHaveAttribute('aria-selected', 'true');
  expect(within(screen.getByRole('tabpanel')).getByRole('heading')).toHaveTextContent('Clay brick');
  const tablist = screen.getByRole('tablist');
  fireEvent.keyDown(tablist, { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'Manmade stone' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Manmade stone' })).toHaveFocus();
  fireEvent.keyDown(tablist, { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'Precast' })).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(tablist, { key: 'ArrowLeft' });
  expect(screen.getByRole('tab', { name: 'Manmade stone' })).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(tablist, { key: 'Home' });
  expect(screen.getByRole('tab', { name: 'Precast' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getAllByRole('tab').filter((t) => t.getAttribute('tabindex') === '0')).toHaveLength(1);
});

test('the FAQ has five questions with one answer open at a time, and the open one collapses', () => {
  renderAt(<CustomHomesPage />);
  const q = questions();
  expect(q).toHaveLength(5);
  expect(q.filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);
  fireEvent.click(q[3]!);
  expect(q[3]).toHaveAttribute('aria-expanded', 'true');
  expect(q[0]).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByText(/12 to 18 months/)).toBeVisible();
  fireEvent.click(q[3]!);
  expect(q.every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
  expect(screen.getByText(/12 to 18 months/)).not.toBeVisible();
});

test('the FAQ is keyboard operable: arrows move between questions, the button toggles its answer', () => {
  renderAt(<CustomHomesPage />);
  const q = questions();
  q[0]!.focus();
  fireEvent.keyDown(q[0]!, { key: 'ArrowDown' });
  expect(q[1]).toHaveFocus();
  fireEvent.keyDown(q[1]!, { key: 'End' });
  expect(q[4]).toHaveFocus();
  fireEvent.keyDown(q[4]!, { key: 'ArrowDown' });
  expect(q[0]).toHaveFocus();
  // Native buttons: Enter and Space produce a click.
  fireEvent.click(q[2]!);
  const answer = document.getElementById(q[2]!.getAttribute('aria-controls')!)!;
  expect(answer).toBeVisible();
  expect(within(answer).getAllByRole('listitem')).toHaveLength(9);
});

test('states the facts of the spec: costs, timeline, heated floors', () => {
  renderAt(<CustomHomesPage />);
  fireEvent.click(screen.getByRole('button', { name: /How much does a custom home cost/ }));
  expect(screen.getByText(/\$300,000 to \$1 million or more/)).toBeVisible();
  expect(screen.getAllByText(/\$8 to \$20 per square foot/).length).toBeGreaterThan(0);
  expect(screen.getByRole('heading', { name: 'Our Process' })).toBeInTheDocument();
  expect(document.title).toMatch(/^Custom Homes \|/);
});
