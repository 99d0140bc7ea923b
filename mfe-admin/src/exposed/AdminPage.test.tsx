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
      record('recW1', {
        name: 'Ada Contact',
        email: 'ada@example.com',
        subject: 'Viewing',
        message: 'Hello, I would like a viewing',
        source: 'about-us',
        'Received At': '2026-01-05T10:00:00.000Z',
      }),
    ],
    'New Development': [],
    'Property Finder': [record('recP1', { name: 'Finder', interested_location: 'Oakville' })],
    'Home Evaluations': [record('recH1', { name: 'Hana Owner', postalCode: 'L6J 1H2', propertySize: 2400, 'Received At': '2026-07-01T03:30:00.000Z' })],
    'Property Inquiries': [],
    'Chat Leads': [
      record('recC1', {
        Name: 'Chloe Chat',
        Email: 'chloe@example.com',
        Question: 'Condos in Oakville?',
        Source: 'chat',
        'Session ID': 's-1',
        Conversation: 'Visitor: Condos in Oakville?\nAssistant: Happy to help.\nVisitor: I am Chloe, chloe@example.com',
        'Submitted At': '2026-01-22T16:45:00.000Z',
      }),
    ],
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

  it('after sign-in shows the tabs (Chat Leads last), loads the first table under the form’s labels, newest first', async () => {
    const backend = createFakeBackend({ signedIn: false, tables: tables() });
    installFakeBackend(backend);
    render(<AdminPage />);
    const tablist = await signInThroughUi();
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent!.replace(/\d+|,.*$/g, '').trim())).toEqual([
      'List With Us',
      'Website Submissions',
      'New Development',
      'Property Finder',
      'Home Evaluations',
      'Property Inquiries',
      'Listing Alerts',
      'Chat Leads',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveFocus();
    await screen.findByRole('table');
    // labels, in the form's order (the property type before the address), the time received first; no raw keys
    expect(columnHeaders()).toEqual([
      'Received',
      'Name',
      'Email',
      'Phone',
      'Property type',
      'Property address',
      'Bedrooms',
      'Bathrooms',
      'Square footage',
      'Property description',
    ]);
    const rows = bodyRows();
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Newer Owner', '=HYPERLINK("x")', 'Older Owner']);
    // the time received in Toronto time, readable
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('Jan 20, 2026, 10:00 a.m. EST');
    // '—' where a record lacks a field
    expect(within(rows[0]!).getAllByRole('cell')[3]).toHaveTextContent('—');
    expect(within(rows[2]!).getByRole('link', { name: 'older@example.com' })).toHaveAttribute('href', 'mailto:older@example.com');
    await waitFor(() => expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 1–3 of 3 records'));
    // the default order is announced on the Received header
    expect(screen.getByRole('columnheader', { name: /Received/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('Home Evaluations reads “Postal code” and “Property size”, not the stored keys', async () => {
    installFakeBackend(createFakeBackend({ signedIn: true, tables: tables() }));
    render(<AdminPage />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('tab', { name: /Home Evaluations/ }));
    await waitFor(() => expect(columnHeaders()).toContain('Postal code'));
    expect(columnHeaders()).toEqual([
      'Received',
      'Name',
      'Email',
      'Phone',
      'Address',
      'City',
      'Postal code',
      'Bedrooms',
      'Bathrooms',
      'Property size',
      'Additional information',
    ]);
    expect(screen.queryByText(/POSTALCODE|postalCode|propertySize/)).not.toBeInTheDocument();
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Jun 30, 2026, 11:30 p.m. EDT');
    expect(cells[6]).toHaveTextContent('L6J 1H2');
    expect(cells[9]).toHaveTextContent('2400');
  });

  it('a tab change loads that table; arrow keys move between tabs; every tab gets its count without reading the tables', async () => {
    const backend = createFakeBackend({ signedIn: true, tables: tables() });
    installFakeBackend(backend);
    render(<AdminPage />);
    const tablist = await screen.findByRole('tablist', { name: 'Submission tables' });
    await screen.findByRole('table');
    // counts come from the count API: no other table's rows are read
    await waitFor(() => expect(screen.getByTestId('tab-count-property-inquiry')).toHaveTextContent('0'));
    expect(screen.getByTestId('tab-count-list-with-us')).toHaveTextContent('3');
    expect(screen.getByTestId('tab-count-property-finder')).toHaveTextContent('1');
    expect(screen.getByTestId('tab-count-chat-leads')).toHaveTextContent('1');
    expect(backend.requests.filter((r) => r.url.includes('/v0/')).map((r) => decodeURIComponent(new URL(r.url).pathname.split('/').pop()!))).toEqual([
      'List With Us',
    ]);
    const reads = () => backend.requests.filter((r) => r.url.includes('/Website%20Submissions')).length;
    await userEvent.click(within(tablist).getByRole('tab', { name: /Website Submissions/ }));
    await waitFor(() => expect(reads()).toBe(1));
    expect(within(tablist).getByRole('tab', { name: /Website Submissions/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(columnHeaders()).toEqual(['Received', 'Name', 'Email', 'Phone', 'Subject', 'Message', 'Source']));
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'admin-tab-contact-form');

    await userEvent.keyboard('{ArrowRight}');
    const nd = within(tablist).getByRole('tab', { name: /New Development/ });
    expect(nd).toHaveAttribute('aria-selected', 'true');
    expect(nd).toHaveFocus();
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(within(tablist).getByRole('tab', { name: /Chat Leads/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(within(tablist).getByRole('tab', { name: /List With Us/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('the Chat Leads tab shows the leads the assistant kept, under their labels', async () => {
    installFakeBackend(createFakeBackend({ signedIn: true, tables: tables() }));
    render(<AdminPage />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('tab', { name: /Chat Leads/ }));
    await waitFor(() => expect(columnHeaders()).toEqual(['Received', 'Name', 'Email', 'Phone', 'Question', 'Conversation', 'Source', 'Session ID']));
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Jan 22, 2026, 11:45 a.m. EST');
    expect(cells[1]).toHaveTextContent('Chloe Chat');
    expect(within(cells[2]!).getByRole('link', { name: 'chloe@example.com' })).toHaveAttribute('href', 'mailto:chloe@example.com');
    expect(within(cells[5]!).getByRole('button', { name: 'Read the conversation with Chloe Chat' })).toBeInTheDocument();
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
