import { act, fireEvent, screen } from '@testing-library/react';
import BlogListPage from './BlogListPage';
import { renderAt } from '../test/render';
import { BLOG_POSTS } from '../content/blog';

const firstCard = () => screen.getAllByTestId('blog-card')[0]!;
const openMenuAt = (x: number, y: number) => {
  fireEvent.contextMenu(firstCard(), { clientX: x, clientY: y });
  // Let the menu register its outside-click listeners (they are added after the opening event).
  act(() => jest.advanceTimersByTime(1));
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('lists the seven posts with category, date, author, summary and Read More', () => {
  renderAt(<BlogListPage />);
  expect(screen.getAllByTestId('blog-card')).toHaveLength(7);
  expect(BLOG_POSTS).toHaveLength(7);
  expect(screen.getAllByText('Read More')).toHaveLength(7);
  expect(screen.getByRole('heading', { name: BLOG_POSTS[0]!.title })).toBeInTheDocument();
});

test('a left click opens the post', () => {
  renderAt(<BlogListPage />, { path: '/blogs' });
  fireEvent.click(screen.getByRole('heading', { name: BLOG_POSTS[0]!.title }));
  expect(screen.getByTestId('post-route')).toBeInTheDocument();
});

test('a right click opens the menu at the pointer with the four actions, focused on the first', () => {
  renderAt(<BlogListPage />);
  openMenuAt(120, 200);
  const menu = screen.getByRole('menu');
  expect(menu).toHaveStyle({ left: '120px', top: '200px' });
  expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Open in new tab', 'Open in new window', 'Copy link address', 'Share link']);
  expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
  fireEvent.keyDown(menu, { key: 'ArrowDown' });
  expect(screen.getAllByRole('menuitem')[1]).toHaveFocus();
});

test('the menu closes on Escape, on a click elsewhere, and on choosing an item', () => {
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  renderAt(<BlogListPage />);
  openMenuAt(10, 10);
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('menu')).toBeNull();

  openMenuAt(10, 10);
  fireEvent.mouseDown(document.body);
  expect(screen.queryByRole('menu')).toBeNull();

  openMenuAt(10, 10);
  fireEvent.click(screen.getByRole('menuitem', { name: 'Open in new tab' }));
  expect(screen.queryByRole('menu')).toBeNull();
  expect(open).toHaveBeenCalledWith(`http://localhost/blog/${BLOG_POSTS[0]!.slug}`, '_blank', expect.stringContaining('noopener'));
});

test('open in new window asks for an 800x600 window', () => {
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  renderAt(<BlogListPage />);
  openMenuAt(10, 10);
  fireEvent.click(screen.getByRole('menuitem', { name: 'Open in new window' }));
  expect(open).toHaveBeenCalledWith(expect.stringContaining('/blog/'), '_blank', expect.stringMatching(/width=800,height=600/));
});

test('share link alerts when the browser cannot share', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
  renderAt(<BlogListPage />);
  openMenuAt(10, 10);
  await act(async () => {
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share link' }));
  });
  expect(alert).toHaveBeenCalledWith('Sharing is not supported in this browser.');
});

test('copy link address puts the post URL on the clipboard and says so', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderAt(<BlogListPage />);
  openMenuAt(10, 10);
  await act(async () => {
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link address' }));
  });
  expect(writeText).toHaveBeenCalledWith(`http://localhost/blog/${BLOG_POSTS[0]!.slug}`);
  expect(screen.getByRole('status')).toHaveTextContent('Link copied');
});

test('keyboard users reach the same menu from a More options button, and Escape returns focus to it', () => {
  renderAt(<BlogListPage />);
  const button = screen.getByRole('button', { name: `More options for ${BLOG_POSTS[1]!.title}` });
  button.focus();
  fireEvent.click(button);
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('menu')).toHaveAccessibleName(`Link options for ${BLOG_POSTS[1]!.title}`);
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('menu')).toBeNull();
  expect(button).toHaveFocus();
});
