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

test("a logo that failed in the server's HTML before the page hydrated shows the emoji too (issue 26)", async () => {
  const { renderToString } = await import('react-dom/server');
  const { hydrateRoot } = await import('react-dom/client');
  const { act } = await import('@testing-library/react');
  const { MemoryRouter } = await import('react-router-dom');
  const ui = (
    <MemoryRouter>
      <PreferredPartnersPage />
    </MemoryRouter>
  );
  const page = document.createElement('div');
  page.innerHTML = renderToString(ui);
  document.body.appendChild(page);
  // every logo answered 404 while the scripts were still loading: the browser marks them complete with no pixels
  for (const img of Array.from(page.querySelectorAll('img'))) {
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'currentSrc', { value: img.src });
    Object.defineProperty(img, 'naturalWidth', { value: 0 });
  }
  const logos = page.querySelectorAll('img').length;
  expect(logos).toBeGreaterThan(0);
  await act(async () => {
    hydrateRoot(page, ui);
  });
  expect(page.querySelectorAll('img')).toHaveLength(0);
  expect(within(page).getAllByTestId('partner-emoji').length).toBe(PARTNERS.length);
  page.remove();
});
