import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_LISTING_SEARCH } from '@gta/shared/core';
import { AlertMeButton } from './AlertMe';

// the dialog's code is a chunk of its own: its fetches fail while `offline` (a dropped connection)
let offline = true;
let fetches = 0;
jest.mock('./AlertDialog', () => {
  fetches += 1;
  if (offline) throw new Error('ChunkLoadError: Loading chunk alert-dialog failed.');
  return jest.requireActual<typeof import('./AlertDialog')>('./AlertDialog');
});

describe('Alert me when the dialog cannot be fetched', () => {
  it('says so under the button and opens the dialog on the next press', async () => {
    const user = userEvent.setup();
    render(<AlertMeButton filters={{ ...EMPTY_LISTING_SEARCH, location: 'Oakville' }} />);
    const button = screen.getByRole('button', { name: 'Alert me' });
    await user.click(button); // pointing at it fetches too: both fail
    expect(await screen.findByRole('alert')).toHaveTextContent('The alert form could not be loaded. Please check your connection and try again.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const failedFetches = fetches;

    offline = false;
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Alert me about new listings' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(fetches).toBe(failedFetches + 1);
  });
});
