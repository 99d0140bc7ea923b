import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeBackend, installFakeBackend, record, type FakeBackend } from '../test/fakeBackend';
import AdminPage from './AdminPage';

function tables(): FakeBackend['tables'] {
  return {
    'List With Us': [
      record('recL1', { name: 'Older Owner', email: 'older@example.com', phone: '905-555-0101', 'Received At': '2026-01-10T15:00:00.000Z' }),
      // a later record has fields the first one does not: they must become columns too
      record('recL2', { name: 'Newer Owner', email: 'newer@example.com', PropertyAddress: '12 Lakeshore Rd', 'Received At': '2026-01-20T15:00:00.000Z' }),
      record('recL3', { name: '=HYPERLINK("x")', email: 'zed@example.com', squareFootage: 2400, 'Received At': '2026-01-15T15:00:00.000Z' }),
    ],
    'Website Submissions': [
      record('recW1', { name: 'Ada Contact', email: 'ada@example.com', subject: 'Viewing', message: 'Hello, I would like a viewing', source: 'about-us', 'Received At': '2026-01-05T10:00:00.000Z' }),
    ],
    'New Development': [],
    'Property Finder': [record('recP1', { name: 'Finder', interested_location: 'Oakville' })],
    'Home Evaluations': [],
    'Property Inquiries': [],
  };
}

async function signInThroughUi(password = 'right-password') {
  await userEvent.type(await screen.findByLabelText('Staff password'), `${password}{Enter}`);
  return screen.findByRole('tablist', { name: 'Submission tables' });
}

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

function columnHeaders(): string[] {
  return within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((th) => within(th).getByRole('button').textContent!.replace(/[▲▼↕]/g, '').trim());
}

describe('AdminPage', () => {
  it('shows the sign-in without a session, sets noindex, and reads no table', async () => {
    const backend = createFakeBackend({ tables: tables() });
    installFakeBackend(backend);
    render(<AdminPage />);
    expect(await screen.findByLabelText('Staff password')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(backend.requests.some((r) => r.url.includes('/v0/'))).toBe(false);
  });

  it('after sign-in shows the six tabs, loads the first table, columns are the union of all records, newest first', async () => {
    const backend = createFakeBackend({ tables: tables() });
    installFakeBackend(backend);
    render(<AdminPage />);
    const tablist = await signInThroughUi();
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent!.replace(/\d+|,.*$/g, '').trim())).toEqual([
      'List With Us', 'Website Submissions', 'New Development', 'Property Finder', 'Home Evaluations', 'Property Inquiries',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveFocus();
    await screen.findByRole('table');
    expect(columnHeaders()).toEqual(['Received At', 'name', 'email', 'phone', 'PropertyAddress', 'squareFootage']);
    const rows = bodyRows();
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Newer Owner', '=HYPERLINK("x")', 'Older Owner']);
    // '—' where a record lacks a field
    expect(within(rows[0]!).getAllByRole('cell')[3]).toHaveTextContent('—');
    expect(within(rows[2]!).getByRole('link', { name: 'older@example.com' })).toHaveAttribute('href', 'mailto:older@example.com');
    expect(screen.getByTestId('record-count')).toHaveTextContent('3 records');
    // the default order is announced on the Received At header
    expect(screen.getByRole('columnheader', { name: /Received At/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('a tab change loads that table; arrow keys move between tabs; every tab gets its count', async () => {
    const backend = createFakeBackend({ tables: tables() });
    installFakeBackend(backend);
    render(<AdminPage />);
    const tablist = await signInThroughUi();
    await screen.findByRole('table');
    // the other tables are read in the background for their counts
    await waitFor(() => expect(screen.getByTestId('tab-count-property-inquiry')).toHaveTextContent('0'));
    expect(screen.getByTestId('tab-count-list-with-us')).toHaveTextContent('3');
    expect(screen.getByTestId('tab-count-property-finder')).toHaveTextContent('1');
    const reads = () => backend.requests.filter((r) => r.url.includes('/Website%20Submissions')).length;
    const before = reads();
    await userEvent.click(within(tablist).getByRole('tab', { name: /Website Submissions/ }));
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(within(tablist).getByRole('tab', { name: /Website Submissions/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(columnHeaders()).toEqual(['Received At', 'name', 'email', 'subject', 'message', 'source']));
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'admin-tab-contact-form');

    await userEvent.keyboard('{ArrowRight}');
    const nd = within(tablist).getByRole('tab', { name: /New Development/ });
    expect(nd).toHaveAttribute('aria-selected', 'true');
    expect(nd).toHaveFocus();
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(within(tablist).getByRole('tab', { name: /Property Inquiries/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(within(tablist).getByRole('tab', { name: /List With Us/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('filters the rows by text and updates the count', async () => {
    installFakeBackend(createFakeBackend({ signedIn: true, tables: tables() }));
    render(<AdminPage />);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Filter rows'), 'lakeshore');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 1 of 3 records');
    await userEvent.clear(screen.getByLabelText('Filter rows'));
    await userEvent.type(screen.getByLabelText('Filter rows'), 'nobody-like-this');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No records match “nobody-like-this”.')).toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked, with aria-sort', async () => {
    installFakeBackend(createFakeBackend({ signedIn: true, tables: tables() }));
    render(<AdminPage />);
    await screen.findByRole('table');
    const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    await userEvent.click(screen.getByRole('button', { name: /^email/ }));
    expect(screen.getByRole('columnheader', { name: /email/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Received At/ })).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Newer Owner', 'Older Owner', '=HYPERLINK("x")']);
    await userEvent.click(screen.getByRole('button', { name: /^email/ }));
    expect(screen.getByRole('columnheader', { name: /email/ })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['=HYPERLINK("x")', 'Older Owner', 'Newer Owner']);
  });

  it('exports the shown rows as CSV, neutralising formulas', async () => {
    installFakeBackend(createFakeBackend({ signedIn: true, tables: tables() }));
    let saved: Blob | null = null;
    const createObjectURL = jest.fn((blob: Blob) => {
      saved = blob;
      return 'blob:admin-export';
    });
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicks: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    render(<AdminPage />);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Filter rows'), 'owner');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.download).toMatch(/^list-with-us-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe(
      [
        'Received At,name,email,phone,PropertyAddress,squareFootage',
        '2026-01-20T15:00:00.000Z,Newer Owner,newer@example.com,,12 Lakeshore Rd,',
        '2026-01-10T15:00:00.000Z,Older Owner,older@example.com,905-555-0101,,',
        '',
      ].join('\r\n'),
    );
    await userEvent.clear(screen.getByLabelText('Filter rows'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const all = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    expect(all).toContain(`'=HYPERLINK(""x"")`);
    click.mockRestore();
  });

  it('a load failure shows a message with Retry, and Retry loads again', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: tables(), failures: { 'List With Us': 503 } });
    installFakeBackend(backend);
    render(<AdminPage />);
    expect(await screen.findByText('Could not load List With Us.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/HTTP 503/);
    backend.failures['List With Us'] = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table');
    expect(screen.queryByText('Could not load List With Us.')).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
  });

  it('a 401 while working returns to the sign-in', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: tables() });
    installFakeBackend(backend);
    render(<AdminPage />);
    await screen.findByRole('table');
    await act(async () => {
      backend.signedIn = false; // the session expired on the server
    });
    await userEvent.click(screen.getByRole('tab', { name: /Website Submissions/ }));
    expect(await screen.findByLabelText('Staff password')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your staff session has ended. Please sign in again.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('signs out', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: tables() });
    installFakeBackend(backend);
    render(<AdminPage />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Staff password')).toBeInTheDocument();
    expect(backend.signedIn).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('You have signed out.');
  });
});
