import { act, fireEvent, screen } from '@testing-library/react';
import HomeHero from './HomeHero';
import { renderAt, setReducedMotion } from '../test/render';

const activeSlide = () => Number(document.querySelector('img[data-active="true"]')?.getAttribute('data-slide'));
const loadFirstImage = () => fireEvent.load(document.querySelector('img[data-slide="0"]')!);

beforeEach(() => {
  jest.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => jest.useRealTimers());

const mountedSlides = () => [...document.querySelectorAll('img[data-slide]')].map((img) => Number(img.getAttribute('data-slide')));

test('loads the first scene first (eager, high priority), then each next scene one turn ahead of it', () => {
  renderAt(<HomeHero />);
  const imgs = document.querySelectorAll('img[data-slide]');
  expect(imgs).toHaveLength(1);
  expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
  expect(imgs[0]).toHaveAttribute('loading', 'eager');
  loadFirstImage();
  expect(mountedSlides()).toEqual([0, 1]); // the next scene has the whole interval to arrive
  act(() => jest.advanceTimersByTime(3000));
  expect(activeSlide()).toBe(1);
  expect(mountedSlides()).toEqual([0, 1, 2]);
  for (let i = 0; i < 4; i++) act(() => jest.advanceTimersByTime(3000));
  expect(mountedSlides()).toEqual([0, 1, 2, 3, 4, 5]);
  act(() => jest.advanceTimersByTime(3000));
  expect(activeSlide()).toBe(0); // wrapped, and all six stay
  expect(mountedSlides()).toHaveLength(6);
});

test('cross-fades to the next scene every 3 s and wraps from the sixth to the first', () => {
  renderAt(<HomeHero />);
  loadFirstImage();
  expect(activeSlide()).toBe(0);
  act(() => jest.advanceTimersByTime(2999));
  expect(activeSlide()).toBe(0);
  act(() => jest.advanceTimersByTime(1));
  expect(activeSlide()).toBe(1);
  for (let i = 0; i < 5; i++) act(() => jest.advanceTimersByTime(3000));
  expect(activeSlide()).toBe(0);
});

test('a dot jumps straight to its scene and is marked current', () => {
  renderAt(<HomeHero />);
  loadFirstImage();
  const dot = screen.getByRole('button', { name: /Show scene 5 of 6/ });
  fireEvent.click(dot);
  expect(activeSlide()).toBe(4); // added on the jump, with the one after it
  expect(mountedSlides()).toEqual([0, 1, 2, 3, 4, 5]);
  expect(dot).toHaveAttribute('aria-current', 'true');
});

test('pauses while hovered or focused, and resumes after', () => {
  renderAt(<HomeHero />);
  loadFirstImage();
  const hero = screen.getByTestId('home-hero');
  fireEvent.mouseEnter(hero);
  act(() => jest.advanceTimersByTime(9000));
  expect(activeSlide()).toBe(0);
  fireEvent.mouseLeave(hero);
  act(() => jest.advanceTimersByTime(3000));
  expect(activeSlide()).toBe(1);
  fireEvent.focus(screen.getByRole('link', { name: 'Oakville' }));
  act(() => jest.advanceTimersByTime(9000));
  expect(activeSlide()).toBe(1);
});

test('does not move by itself for visitors who ask for reduced motion', () => {
  setReducedMotion(true);
  renderAt(<HomeHero />);
  loadFirstImage();
  act(() => jest.advanceTimersByTime(12000));
  expect(activeSlide()).toBe(0);
});

test('shows the team mark and the three city buttons', () => {
  renderAt(<HomeHero />);
  expect(screen.getByRole('heading', { level: 1, name: 'Meridian Estates Group' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Oakville' })).toHaveAttribute('href', '/listings/oakville');
  expect(screen.getByRole('link', { name: 'Mississauga' })).toHaveAttribute('href', '/listings/mississauga');
  expect(screen.getByRole('link', { name: 'Burlington' })).toHaveAttribute('href', '/listings/burlington');
});
