import { fireEvent, screen, within } from '@testing-library/react';
import OurOfficesPage from './OurOfficesPage';
import { renderAt } from '../test/render';
import { siteProfile } from '@gta/shared';

test('shows the three offices with address, phone and email links', () => {
  renderAt(<OurOfficesPage />);
  const cards = screen.getAllByTestId('office-card');
  expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Don Mills', 'Mississauga', 'Toronto']);
  expect(within(cards[0]!).getByRole('link', { name: siteProfile.offices[0]!.phone })).toHaveAttribute('href', 'tel:4165550110');
  expect(within(cards[0]!).getByRole('link', { name: siteProfile.offices[0]!.email })).toHaveAttribute('href', `mailto:${siteProfile.offices[0]!.email}`);
});

test('a broken office photo falls back to the local drawing, then to a placeholder', () => {
  renderAt(<OurOfficesPage />);
  const card = screen.getAllByTestId('office-card')[1]!;
  const photo = within(card).getByRole('img', { name: 'The Mississauga office building' });
  expect(photo).toHaveAttribute('src', siteProfile.offices[1]!.image);
  fireEvent.error(photo);
  const fallback = within(card).getByRole('img', { name: 'The Mississauga office building' });
  expect(fallback).toHaveAttribute('data-fallback', 'true');
  fireEvent.error(fallback);
  expect(within(card).getByTestId('office-placeholder')).toBeInTheDocument();
});
