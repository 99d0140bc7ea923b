import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Navigation } from './Navigation';

function WhereAmI() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNav(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navigation />
      <Routes>
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

// jsdom does not evaluate media queries, so the desktop menu (display: none under 768 px) counts as hidden here;
// its visibility at 1440 px is checked in the e2e run. Dropdown state is read from the list's `hidden` attribute.
const desktopMenu = () => screen.getByTestId('desktop-menu');
const desktopButton = (name: string) => within(desktopMenu()).getByRole('button', { name, hidden: true });
const dropdownOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;
const mobile = () => within(screen.getByTestId('mobile-menu'));

describe('Navigation', () => {
  it('has the six top-level entries of the spec in order', () => {
    renderNav();
    const labels = Array.from(desktopMenu().children).map((li) => li.firstElementChild!.textContent);
    expect(labels).toEqual(['Our Properties', 'Custom Homes', 'Buying', 'Selling', 'Pre-Construction Condo Guide', 'About']);
  });

  it('links every group to the routes of the spec', () => {
    renderNav();
    const hrefs = Array.from(screen.getByTestId('desktop-menu').querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/active-listings',
      '/new-development',
      '/custom-homes',
      '/buying-resources',
      '/buyers-guide',
      '/mortgage-calculator',
      '/neighbourhood-guide',
      '/list-with-us',
      '/selling-resources',
      '/sellers-guide',
      '/home-evaluation',
      '/preferred-partner',
      '/moving-guide',
      '/pre-construction',
      '/about-us',
      '/contact-us',
      '/our-offices',
      '/blogs',
    ]);
  });

  it('opens dropdowns on click, one at a time, and closes on a click elsewhere', () => {
    renderNav();
    const buying = desktopButton('Buying');
    const selling = desktopButton('Selling');
    expect(dropdownOf(buying)).toHaveAttribute('hidden');
    fireEvent.click(buying);
    expect(buying).toHaveAttribute('aria-expanded', 'true');
    expect(dropdownOf(buying)).not.toHaveAttribute('hidden');
    expect(within(dropdownOf(buying)).getByRole('link', { name: 'Mortgage Calculator', hidden: true })).toHaveAttribute('href', '/mortgage-calculator');
    fireEvent.click(selling);
    expect(buying).toHaveAttribute('aria-expanded', 'false');
    expect(dropdownOf(buying)).toHaveAttribute('hidden');
    expect(selling).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseDown(document.body);
    expect(selling).toHaveAttribute('aria-expanded', 'false');
    expect(dropdownOf(selling)).toHaveAttribute('hidden');
  });

  it('closes an open dropdown on Escape and gives focus back to its button', () => {
    renderNav();
    const about = desktopButton('About');
    about.focus();
    fireEvent.click(about);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(about).toHaveAttribute('aria-expanded', 'false');
    expect(about).toHaveFocus();
  });

  it('ArrowDown opens a group at its first item; ArrowDown/ArrowUp move through the items and wrap (issue 26)', () => {
    renderNav();
    const buying = desktopButton('Buying');
    buying.focus();
    fireEvent.keyDown(buying, { key: 'ArrowDown' });
    expect(buying).toHaveAttribute('aria-expanded', 'true');
    const items = within(dropdownOf(buying)).getAllByRole('link', { hidden: true });
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(items[1]).toHaveFocus();
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(items[items.length - 1]).toHaveFocus();
    fireEvent.keyDown(items[items.length - 1]!, { key: 'ArrowDown' });
    expect(items[0]).toHaveFocus();
  });

  it('tabbing out of an open group closes it (focus on the next group leaves one dropdown, none open) (issue 26)', () => {
    renderNav();
    const buying = desktopButton('Buying');
    const selling = desktopButton('Selling');
    fireEvent.click(buying);
    const items = within(dropdownOf(buying)).getAllByRole('link', { hidden: true });
    items[items.length - 1]!.focus();
    expect(buying).toHaveAttribute('aria-expanded', 'true');
    act(() => selling.focus()); // Tab from the last item
    expect(buying).toHaveAttribute('aria-expanded', 'false');
    expect(dropdownOf(buying)).toHaveAttribute('hidden');
    expect(selling).toHaveAttribute('aria-expanded', 'false');
  });

  it('turns dark once the page is scrolled past 50 px and back at the top', () => {
    renderNav();
    const header = screen.getByTestId('site-nav');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 51, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('mobile menu: toggles, expands one group at a time, and closes when a link is chosen', () => {
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(screen.getByTestId('mobile-menu')).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('mobile-menu')).toBeVisible();
    const buying = mobile().getByRole('button', { name: 'Buying' });
    const selling = mobile().getByRole('button', { name: 'Selling' });
    fireEvent.click(buying);
    expect(buying).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(selling);
    expect(buying).toHaveAttribute('aria-expanded', 'false');
    expect(selling).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(mobile().getByRole('link', { name: 'Home Evaluation' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/home-evaluation');
    expect(screen.getByTestId('mobile-menu')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
