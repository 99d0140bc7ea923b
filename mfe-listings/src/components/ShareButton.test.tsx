import { act, fireEvent, render, screen } from '@testing-library/react';
import { ShareButton } from './ShareButton';

type Nav = { share?: unknown; canShare?: unknown; clipboard?: unknown };
const nav = navigator as unknown as Nav;

function setNavigator(values: Nav) {
  for (const key of ['share', 'canShare', 'clipboard'] as const) {
    Object.defineProperty(navigator, key, { configurable: true, writable: true, value: values[key] });
  }
}

afterEach(() => {
  setNavigator({});
  jest.useRealTimers();
});

const press = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
  });
};

describe('ShareButton', () => {
  it("opens the browser's share sheet with the page's title and full link when it has one", async () => {
    const share = jest.fn(() => Promise.resolve());
    setNavigator({ share, clipboard: { writeText: jest.fn() } });
    render(<ShareButton title="Lakeshore Manor" url={() => '/property/lakeshore-manor'} />);
    await press();
    expect(share).toHaveBeenCalledWith({ title: 'Lakeshore Manor', url: 'http://localhost/property/lakeshore-manor' });
    expect(screen.queryByText('Link copied')).toBeNull();
  });

  it("copies the link and says 'Link copied' where there is no share sheet, for a few seconds", async () => {
    jest.useFakeTimers();
    const writeText = jest.fn(() => Promise.resolve());
    setNavigator({ clipboard: { writeText } });
    render(<ShareButton title="Lakeshore Manor" url={() => '/property/lakeshore-manor'} />);
    await press();
    expect(writeText).toHaveBeenCalledWith('http://localhost/property/lakeshore-manor');
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
    act(() => {
      jest.advanceTimersByTime(4000);
    });
    expect(screen.queryByText('Link copied')).toBeNull();
  });

  it('a closed share sheet does nothing more; a refused one copies the link instead', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    setNavigator({ share: jest.fn(() => Promise.reject(abort)), clipboard: { writeText } });
    const { unmount } = render(<ShareButton title="T" url={() => '/x'} />);
    await press();
    expect(writeText).not.toHaveBeenCalled();
    unmount();
    nav.share = jest.fn(() => Promise.reject(Object.assign(new Error('no activation'), { name: 'NotAllowedError' })));
    render(<ShareButton title="T" url={() => '/x'} />);
    await press();
    expect(writeText).toHaveBeenCalledWith('http://localhost/x');
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
  });

  it('shows the link, selected, to copy by hand when the clipboard is refused', async () => {
    setNavigator({ clipboard: { writeText: jest.fn(() => Promise.reject(new Error('denied'))) } });
    render(<ShareButton title="T" url={() => '/favourites?ids=recA,recB'} />);
    await press();
    const field = screen.getByRole('textbox', { name: 'Copy this link:' });
    expect(field).toHaveValue('http://localhost/favourites?ids=recA,recB');
  });
});
