import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ScrollToTop } from './scrollPosition';

function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <h1>{name}</h1>
      <button onClick={() => navigate('/property/12-lakeshore')}>Open a property</button>
      <button onClick={() => navigate('/active-listings?sort=price-desc')}>Sort by price</button>
      <button onClick={() => navigate(-1)}>Back</button>
    </div>
  );
}

function renderSite() {
  return render(
    <MemoryRouter initialEntries={['/active-listings']}>
      <ScrollToTop />
      <Routes>
        <Route path="/active-listings" element={<Page name="Active listings" />} />
        <Route path="/property/:slug" element={<Page name="Property" />} />
      </Routes>
    </MemoryRouter>,
  );
}

function scrollPageTo(top: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollToTop: where a route change leaves the page', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    sessionStorage.clear();
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 6000 });
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('starts a new page at the top and returns to the results’ position on Back', async () => {
    const user = userEvent.setup();
    renderSite();
    scrollPageTo(1800);
    // the position is saved in the next frame
    await waitFor(() => expect(sessionStorage.getItem('gta:scroll-positions')).toContain('1800'));

    await user.click(screen.getByRole('button', { name: 'Open a property' }));
    expect(await screen.findByRole('heading', { name: 'Property' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'auto' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Active listings' })).toBeInTheDocument();
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith({ top: 1800, left: 0, behavior: 'auto' }));
  });

  it('does not move the page when only the query string changes (a new sort or filter)', async () => {
    const user = userEvent.setup();
    renderSite();
    await user.click(screen.getByRole('button', { name: 'Sort by price' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
