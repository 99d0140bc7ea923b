import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { siteProfile } from '@gta/shared';
import { Footer } from './Footer';

describe('Footer', () => {
  beforeEach(() =>
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    ),
  );

  it('shows the copyright with the current year and a Privacy Policy link', () => {
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} ${siteProfile.teamName}`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('has the Menu, Buying, Selling and Contact columns, with /buying-guide and /contact links', () => {
    for (const name of ['Menu', 'Buying', 'Selling', 'Contact']) expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Buyer's Guide" })).toHaveAttribute('href', '/buying-guide');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('shows three office cards with address and phone', () => {
    const offices = within(screen.getByRole('list', { name: 'Our offices' })).getAllByRole('listitem');
    expect(offices).toHaveLength(3);
    expect(offices.map((o) => within(o).getByRole('heading').textContent)).toEqual(['Don Mills Office', 'Mississauga Office', 'Toronto Office']);
    expect(within(offices[0]!).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^tel:/));
  });

  it('links Facebook, Instagram and LinkedIn in a new tab without opener', () => {
    const social = within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(social).toHaveLength(3);
    for (const link of social) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
