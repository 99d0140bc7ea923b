import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertMeButton } from './AlertMe';
import { EMPTY_LISTING_SEARCH, type ListingSearchFilters } from '@gta/shared/core';

const filters: ListingSearchFilters = { ...EMPTY_LISTING_SEARCH, location: 'Oakville', beds: '3', keyword: 'pool' };

interface Posted {
  url: string;
  body: { email: string; frequency: string; criteria: ListingSearchFilters };
}

let posted: Posted[];
const originalFetch = global.fetch;

/** The server answers `status` with `body` to every post. */
function answer(status: number, body: unknown): void {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    posted.push({ url: String(url), body: JSON.parse(String(init?.body)) as Posted['body'] });
    return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
  }) as typeof fetch;
}

beforeEach(() => {
  posted = [];
  answer(200, { ok: true, id: 'recX', message: 'Check your inbox to confirm.' });
});
afterEach(() => {
  global.fetch = originalFetch;
});

async function openDialog() {
  const user = userEvent.setup();
  render(<AlertMeButton filters={filters} />);
  await user.click(screen.getByRole('button', { name: 'Alert me' }));
  // the dialog's code is fetched on the first press: it opens once it is here
  const dialog = await screen.findByRole('dialog', { name: 'Alert me about new listings' });
  return { user, dialog };
}

describe('Alert me on the search results', () => {
  it('opens a labelled dialog: the search in words, focus on the email, a frequency radio group', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('In “Oakville”, 3+ beds, with “pool” (for sale)')).toBeInTheDocument();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('type', 'email');
    const group = within(dialog).getByRole('group', { name: 'How often' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['instant', 'daily', 'weekly']);
    expect(within(group).getByRole('radio', { name: /Daily/ })).toBeChecked();
  });

  it('says what is wrong with the email under the field and posts nothing', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example');
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(email).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it('posts the email, the frequency and the search, then says to check the inbox', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), ' ada@example.com ');
    await user.click(within(dialog).getByRole('radio', { name: /Weekly/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByText('Check your inbox to confirm')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('We sent a link to ada@example.com.');
    expect(posted).toEqual([{ url: '/api/alerts', body: { email: 'ada@example.com', frequency: 'weekly', criteria: filters } }]);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s field errors in place, and its other refusals as a message', async () => {
    answer(400, { ok: false, errors: { email: 'Please enter a valid email address.' } });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address.'));

    answer(429, { ok: false, error: 'Too many alert requests from your network, try again in a minute.' });
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many alert requests from your network, try again in a minute.');
    expect(within(dialog).queryByText('Check your inbox to confirm')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog, and Escape closes it, focus back on the button', async () => {
    const { user, dialog } = await openDialog();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const submit = within(dialog).getByRole('button', { name: 'Create alert' });
    submit.focus();
    await user.tab();
    expect(close).toHaveFocus(); // the last control wraps to the first
    await user.tab({ shift: true });
    expect(submit).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alert me' })).toHaveFocus();
  });
});
