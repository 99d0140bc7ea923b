import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundPage, RouteErrorBoundary, describeRouteError } from './screens';

describe('404 page', () => {
  it("shows '404', 'Oops! Page not found', a link home, and logs the missing path", () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <Routes>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/no/such/page'));
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });
});

describe('router error screen', () => {
  it("reads 'Unexpected Application Error!' with the error's message", () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('the listings went missing');
    }
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Boom />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('the listings went missing')).toBeInTheDocument();
  });

  it('leaves the error screen when the visitor navigates to another page', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('broken page');
    }
    function Frame() {
      const { pathname } = useLocation();
      return (
        <>
          <Link to="/fine">Elsewhere</Link>
          <RouteErrorBoundary resetKey={pathname}>
            <Routes>
              <Route path="/" element={<Boom />} />
              <Route path="/fine" element={<p>A working page</p>} />
            </Routes>
          </RouteErrorBoundary>
        </>
      );
    }
    render(
      <MemoryRouter>
        <Frame />
      </MemoryRouter>,
    );
    expect(screen.getByText('broken page')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByText('A working page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('describes a response error by status and text', () => {
    expect(describeRouteError({ status: 404, statusText: 'Not Found', internal: true, data: '' })).toBe('404 Not Found');
    expect(describeRouteError('plain')).toBe('plain');
  });
});
