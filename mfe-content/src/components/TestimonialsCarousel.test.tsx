import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { TestimonialsCarousel } from './TestimonialsCarousel';
import { TESTIMONIALS, type Testimonial } from '../content/home';
import { setReducedMotion } from '../test/render';

const shownAuthor = () => within(screen.getByTestId('testimonials')).getByRole('figure').querySelector('strong')?.textContent;

beforeEach(() => {
  jest.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => jest.useRealTimers());

test('has four testimonials and advances every 8 s, wrapping to the first', () => {
  expect(TESTIMONIALS).toHaveLength(4);
  render(<TestimonialsCarousel testimonials={TESTIMONIALS} />);
  expect(shownAuthor()).toBe(TESTIMONIALS[0]!.author);
  act(() => jest.advanceTimersByTime(7999));
  expect(shownAuthor()).toBe(TESTIMONIALS[0]!.author);
  act(() => jest.advanceTimersByTime(1));
  expect(shownAuthor()).toBe(TESTIMONIALS[1]!.author);
  for (let i = 0; i < 3; i++) act(() => jest.advanceTimersByTime(8000));
  expect(shownAuthor()).toBe(TESTIMONIALS[0]!.author);
});

test('previous wraps to the last, next wraps to the first, dots jump', () => {
  render(<TestimonialsCarousel testimonials={TESTIMONIALS} />);
  fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
  expect(shownAuthor()).toBe(TESTIMONIALS[3]!.author);
  fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
  expect(shownAuthor()).toBe(TESTIMONIALS[0]!.author);
  fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3 of 4' }));
  expect(shownAuthor()).toBe(TESTIMONIALS[2]!.author);
  expect(screen.getByRole('button', { name: 'Show testimonial 3 of 4' })).toHaveAttribute('aria-current', 'true');
});

test('pauses on hover and on keyboard focus', () => {
  render(<TestimonialsCarousel testimonials={TESTIMONIALS} />);
  const region = screen.getByTestId('testimonials');
  fireEvent.mouseEnter(region);
  act(() => jest.advanceTimersByTime(20000));
  expect(shownAuthor()).toBe(TESTIMONIALS[0]!.author);
  fireEvent.mouseLeave(region);
  fireEvent.focus(screen.getByRole('button', { name: 'Next testimonial' }));
  act(() => jest.advanceTimersByTime(20000));
  expect(shownAuthor()).toBe(TESTIMONIALS[0]!.author);
});

test('stars default to five; an avatar is shown when given, otherwise the first letter of the author', () => {
  const items: Testimonial[] = [
    { id: 'a', text: 'Superb.', author: 'Zoe K.', position: 'Buyer' },
    { id: 'b', rating: 4, text: 'Very good.', author: 'Sam P.', position: 'Seller', avatar: '/sam.png' },
  ];
  render(<TestimonialsCarousel testimonials={items} />);
  expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  expect(screen.getByTestId('avatar-initial')).toHaveTextContent('Z');
  fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
  expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
  expect(document.querySelector('img[src="/sam.png"]')).toBeInTheDocument();
  expect(screen.queryByTestId('avatar-initial')).toBeNull();
});
