import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeBackend, installFakeBackend } from '../test/fakeBackend';
import { SignIn } from './SignIn';

describe('SignIn', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('has a labelled password field and signs in with the right password', async () => {
    const backend = createFakeBackend();
    installFakeBackend(backend);
    const onSignedIn = jest.fn();
    render(<SignIn onSignedIn={onSignedIn} />);
    const field = screen.getByLabelText('Staff password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(field, 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(backend.signedIn).toBe(true);
  });

  it('says clearly when the password is wrong, tied to the field', async () => {
    installFakeBackend(createFakeBackend());
    const onSignedIn = jest.fn();
    render(<SignIn onSignedIn={onSignedIn} />);
    const field = screen.getByLabelText('Staff password');
    await userEvent.type(field, 'wrong{Enter}');
    const alert = await screen.findByText('That password is not correct. Please try again.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('asks for the password when it is empty, without calling the server', async () => {
    const backend = createFakeBackend();
    installFakeBackend(backend);
    render(<SignIn onSignedIn={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the staff password.');
    expect(backend.requests).toHaveLength(0);
  });

  it('shows the server’s slow-down as such, counts down, then lets staff try again', async () => {
    jest.useFakeTimers();
    const backend = createFakeBackend({ throttleSeconds: 3 });
    installFakeBackend(backend);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SignIn onSignedIn={jest.fn()} />);
    await user.type(screen.getByLabelText('Staff password'), 'guess{Enter}');
    const visible = await screen.findByText('Too many attempts. Try again in 3 seconds.', { selector: '[aria-hidden="true"]' });
    expect(visible.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    // focus stays in the field; staff can still type while waiting
    expect(screen.getByLabelText('Staff password')).toHaveFocus();
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getByText('Too many attempts. Try again in 1 second.')).toHaveAttribute('aria-hidden', 'true');
    // what a screen reader heard stays the same message, not a new one every second
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 3 seconds.');
    act(() => {
      jest.advanceTimersByTime(1100);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows a notice (e.g. the session ended)', () => {
    installFakeBackend(createFakeBackend());
    render(<SignIn onSignedIn={jest.fn()} notice="Your staff session has ended. Please sign in again." />);
    expect(screen.getByRole('status')).toHaveTextContent('Your staff session has ended.');
  });
});
