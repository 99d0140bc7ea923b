import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { NotFoundPage, RouteErrorScreen, describeRouteError } from './screens';

describe('404 page', () => {
  it("shows '404', 'Oops! Page not found', a link home, and logs the missing path", () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], { initialEntries: ['/no/such/page'] });
    render(<RouterProvider router={router} />);
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
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('the listings went missing')).toBeInTheDocument();
  });

  it('describes a response error by status and text', () => {
    expect(describeRouteError({ status: 404, statusText: 'Not Found', internal: true, data: '' })).toBe('404 Not Found');
    expect(describeRouteError('plain')).toBe('plain');
  });
});
