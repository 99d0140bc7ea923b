import { fireEvent, screen, within } from '@testing-library/react';
import HomeSections from './HomeSections';
import CallToAction from './CallToAction';
import { renderAt, setReducedMotion } from '../test/render';

beforeEach(() => setReducedMotion(false));

test('Industry Recognition: five awards with their year badges and four tiles', () => {
  renderAt(<HomeSections />);
  const awards = within(screen.getByRole('list', { name: 'Awards' })).getAllByRole('img');
  expect(awards).toHaveLength(5);
  expect(screen.getAllByTestId('award-year').map((b) => b.textContent)).toEqual(['2020', '2021', '2023', '2023', '2024']);
  for (const tile of ['Excellence Awards', 'Top Sales', 'Industry Recognition', 'Client Satisfaction']) {
    expect(screen.getAllByRole('heading', { name: tile }).length).toBeGreaterThan(0);
  }
  expect(screen.getByText(/Over 98%/)).toBeInTheDocument();
});

test('six service tiles link to their pages; eight statistics carry the spec figures', () => {
  renderAt(<HomeSections />);
  expect(screen.getAllByTestId('service-tile').map((a) => a.getAttribute('href'))).toEqual([
    '/list-with-us',
    '/interactive-maps',
    '/our-offices',
    '/neighbourhood-guide',
    '/home-evaluation',
    '/new-development',
  ]);
  expect(screen.getAllByTestId('stat-number').map((n) => n.textContent)).toEqual(['41M', '#1', '100', '2.7B', '18K', '$90B', '35%', '$29M']);
});

test('SPEAK TO THE TEAM scrolls smoothly to the call-to-action section', () => {
  const scroll = jest.fn();
  renderAt(
    <>
      <HomeSections />
      <CallToAction>
        <p>form</p>
      </CallToAction>
    </>,
  );
  const target = document.getElementById('call-to-action')!;
  target.scrollIntoView = scroll;
  fireEvent.click(screen.getByRole('button', { name: 'SPEAK TO THE TEAM' }));
  expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  expect(within(target).getByRole('heading', { name: 'Join Our Network' })).toBeInTheDocument();
  // focus moves with the scroll (issue 26): to the section's heading, from which Tab reaches the form
  expect(document.activeElement).toBe(within(target).getByRole('heading', { name: 'Join Our Network' }));
  expect(within(target).getByText('form')).toBeInTheDocument();
});

test('the testimonials side panel shows the happy clients and the average rating; the Instagram button is disabled', () => {
  renderAt(<HomeSections />);
  expect(screen.getByText('Happy Clients').textContent).toMatch(/50\+\s*Happy Clients/);
  expect(screen.getByText('Average Rating').textContent).toMatch(/5★\s*Average Rating/);
  expect(screen.getByRole('button', { name: 'Follow on Instagram' })).toBeDisabled();
});

test('sections wait to animate in until seen, and do not animate at all under reduced motion', () => {
  const observed: Element[] = [];
  const original = window.IntersectionObserver;
  const options: (IntersectionObserverInit | undefined)[] = [];
  window.IntersectionObserver = class {
    constructor(_cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      options.push(init);
    }
    observe(el: Element) {
      observed.push(el);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  try {
    const { unmount } = renderAt(<HomeSections />);
    expect(document.querySelectorAll('[data-reveal="waiting"]').length).toBeGreaterThan(5);
    expect(options.every((o) => o?.threshold === 0.1)).toBe(true);
    unmount();
    setReducedMotion(true);
    renderAt(<HomeSections />);
    expect(document.querySelectorAll('[data-reveal="waiting"]')).toHaveLength(0);
    expect(document.querySelectorAll('[data-reveal="static"]').length).toBeGreaterThan(5);
  } finally {
    window.IntersectionObserver = original;
  }
});
