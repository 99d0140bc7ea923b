import { fireEvent, screen, within } from '@testing-library/react';
import PreferredPartnersPage from './PreferredPartnersPage';
import { renderAt } from '../test/render';
import { PARTNERS, titleEmoji } from '../content/partners';

test('shows about 29 partners with phone and email links and websites in a new tab', () => {
  renderAt(<PreferredPartnersPage />);
  const cards = screen.getAllByTestId('partner-card');
  expect(cards).toHaveLength(PARTNERS.length);
  expect(PARTNERS.length).toBeGreaterThanOrEqual(27);
  const first = within(cards[0]!);
  expect(first.getByRole('link', { name: '(416) 555-0201' })).toHaveAttribute('href', 'tel:4165550201');
  expect(first.getByRole('link', { name: 'build@example.com' })).toHaveAttribute('href', 'mailto:build@example.com');
  const site = first.getByRole('link', { name: /builder\.example\.com/ });
  expect(site).toHaveAttribute('target', '_blank');
  expect(site).toHaveAttribute('rel', expect.stringContaining('noopener'));
});

test("a broken logo falls back to the title's emoji", () => {
  renderAt(<PreferredPartnersPage />);
  const card = screen.getAllByTestId('partner-card')[0]!;
  const logo = within(card).getByRole('img', { name: /logo$/ });
  fireEvent.error(logo);
  expect(within(card).getByTestId('partner-emoji')).toHaveTextContent(titleEmoji(PARTNERS[0]!.title));
  expect(titleEmoji('🏗️ Custom Home Builder')).toBe('🏗️');
});
