import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_TABLES } from '@gta/shared/core';
import { createFakeBackend, installFakeBackend, record, type FakeBackend } from '../test/fakeBackend';
import { SubmissionsTable } from './SubmissionsTable';

// pages of 50 rows in jsdom on a busy 2-core machine take more than jest's 5 s: the preset's 20 s
// (shared/build/jest-preset.cjs) covers them; a 15 s override here would lower it

const listWithUs = STAFF_TABLES.find((t) => t.id === 'list-with-us')!;
const chatLeads = STAFF_TABLES.find((t) => t.id === 'chat-leads')!;

/** n listing requests, one a minute from 2026-01-01 12:00 UTC: Owner 0 is the oldest. */
function listings(n: number) {
  return Array.from({ length: n }, (_, i) =>
    record(`rec${String(i).padStart(5, '0')}`, {
      name: `Owner ${i}`,
      email: `owner${i}@example.com`,
      PropertyAddress: i % 10 === 0 ? `${i} Lakeshore Rd` : `${i} Main St`,
      'Received At': new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
    }),
  );
}

// plain DOM queries for the rows: role queries over 50 rows × 10 cells take seconds in jsdom
function bodyRows(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('table tbody tr')];
}
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll<HTMLElement>('td')];
const names = () => bodyRows().map((r) => cellsOf(r)[1]!.textContent);
const pageReads = (backend: FakeBackend) => backend.requests.filter((r) => r.url.includes('/v0/')).map((r) => new URL(r.url));

function setup(tables: FakeBackend['tables'], tab = listWithUs, init: Partial<FakeBackend> = {}) {
  const backend = createFakeBackend({ signedIn: true, tables, ...init });
  installFakeBackend(backend);
  const onSessionEnded = jest.fn();
  const onTotal = jest.fn();
  render(<SubmissionsTable tab={tab} onSessionEnded={onSessionEnded} onTotal={onTotal} />);
  return { backend, onSessionEnded, onTotal };
}

async function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('SubmissionsTable: pages', () => {
  it('shows 50 rows at a time, newest first, with a count and Next/Previous; never asks for more than a page', async () => {
    const { backend, onTotal } = setup({ 'List With Us': listings(120) });
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(50);
    expect(names()[0]).toBe('Owner 119');
    expect(names()[49]).toBe('Owner 70');
    await waitFor(() => expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 1–50 of 120 records'));
    expect(onTotal).toHaveBeenCalledWith(120);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();

    await userEvent.click(next);
    await waitFor(() => expect(names()[0]).toBe('Owner 69'));
    expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 51–100 of 120 records');
    await userEvent.click(next);
    await waitFor(() => expect(names()[0]).toBe('Owner 19'));
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 101–120 of 120 records');
    expect(next).toBeDisabled();
    await userEvent.click(previous);
    await waitFor(() => expect(names()[0]).toBe('Owner 69'));

    const reads = pageReads(backend);
    expect(reads.every((u) => u.searchParams.get('pageSize') === '50')).toBe(true);
    expect(reads.map((u) => u.searchParams.get('sort[0][field]'))).toEqual(reads.map(() => 'Received At'));
    expect(reads.map((u) => u.searchParams.get('sort[0][direction]'))).toEqual(reads.map(() => 'desc'));
    // the first page has no offset; each later page passes the one the server gave
    expect(reads[0]!.searchParams.get('offset')).toBeNull();
    expect(reads[1]!.searchParams.get('offset')).toMatch(/^itr50\//);
  });

  it('22,000 rows: the first screen reads one page of 50 and counts them on the server', async () => {
    const { backend } = setup({ 'List With Us': listings(22000) });
    await screen.findByRole('table');
    await waitFor(() => expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 1–50 of 22,000 records'));
    expect(bodyRows()).toHaveLength(50);
    expect(pageReads(backend)).toHaveLength(1);
    expect(screen.getByText('Page 1 of 440')).toBeInTheDocument();
  });

  it('without a count from the server (Airtable mode) says “more than” until the last page', async () => {
    setup({ 'List With Us': listings(60) }, listWithUs, { countUnavailable: true });
    await screen.findByRole('table');
    await waitFor(() => expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 1–50 of more than 50 records'));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 51–60 of 60 records'));
  });

  it('when new rows make the page’s offset stale, goes back to the newest page and says why', async () => {
    const { backend } = setup({ 'List With Us': listings(120) });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Owner 69'));
    backend.tables['List With Us']!.push(record('recNewest', { name: 'Just Arrived', 'Received At': '2026-02-01T00:00:00.000Z' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Just Arrived'));
    expect(screen.getByText('New submissions arrived while you were paging: showing the newest again.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a 401 on a page hands back to the sign-in', async () => {
    const { backend, onSessionEnded } = setup({ 'List With Us': listings(60) });
    await screen.findByRole('table');
    backend.signedIn = false;
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalled());
  });
});

describe('SubmissionsTable: filter and sort on the server', () => {
  it('filters every row of the table (not only the page shown) and counts the matches', async () => {
    const { backend } = setup({ 'List With Us': listings(120) });
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Filter rows'), 'LAKESHORE{Enter}');
    await waitFor(() => expect(bodyRows()).toHaveLength(12));
    // Owner 0 and Owner 10 are on no page of 50 newest: the server filtered the whole table
    expect(names()).toContain('Owner 0');
    await waitFor(() => expect(screen.getByTestId('record-count')).toHaveTextContent('Showing 1–12 of 12 matching records'));
    const formula = pageReads(backend).at(-1)!.searchParams.get('filterByFormula');
    expect(formula).toContain('SEARCH("lakeshore", {PropertyAddress})');
    expect(formula).not.toContain('{Received At}');
    expect(screen.queryByRole('navigation', { name: /Pages of/ })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Filter rows'));
    await userEvent.type(screen.getByLabelText('Filter rows'), 'nobody-like-this');
    expect(await screen.findByText('No records match “nobody-like-this”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts the whole table by a column when its header is clicked, with aria-sort', async () => {
    const { backend } = setup({ 'List With Us': listings(120) });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() => expect(names()[0]).toBe('Owner 0'));
    expect(names().slice(1, 3)).toEqual(['Owner 1', 'Owner 2']);
    expect(screen.getByRole('columnheader', { name: /Received/ })).not.toHaveAttribute('aria-sort');
    const last = pageReads(backend).at(-1)!;
    expect(last.searchParams.get('sort[0][field]')).toBe('email');
    expect(last.searchParams.get('sort[0][direction]')).toBe('asc');
    expect(last.searchParams.get('sort[1][field]')).toBe('Received At');
    await userEvent.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(names()[0]).toBe('Owner 119'));
  });
});

describe('SubmissionsTable: CSV export', () => {
  it('exports every matching row under the labels, not only the page shown, neutralising formulas', async () => {
    const rows = listings(120);
    rows[5]!.fields.name = '=HYPERLINK("x")';
    setup({ 'List With Us': rows });
    let saved: Blob | null = null;
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        saved = blob;
        return 'blob:admin-export';
      }),
      revokeObjectURL: jest.fn(),
    });
    const clicks: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toMatch(/^list-with-us-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readBlob(saved!))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Received,Name,Email,Phone,Property type,Property address,Bedrooms,Bathrooms,Square footage,Property description');
    expect(lines).toHaveLength(121);
    expect(lines[1]).toBe('2026-01-01T13:59:00.000Z,Owner 119,owner119@example.com,,,119 Main St,,,,');
    expect(lines.some((l) => l.includes(`'=HYPERLINK(""x"")`))).toBe(true);

    // with a filter: the matching rows only
    await userEvent.type(screen.getByLabelText('Filter rows'), 'lakeshore{Enter}');
    await waitFor(() => expect(bodyRows()).toHaveLength(12));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect((await readBlob(saved!)).trimEnd().split('\r\n')).toHaveLength(13);
    click.mockRestore();
  });
});

describe('SubmissionsTable: Chat Leads conversations', () => {
  const conversation = [
    'Visitor: Do you have condos in Oakville? <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
    'Assistant: Yes, several.',
    'Which budget do you have in mind?',
    'Visitor: <b>About</b> $900k. I am Chloe, chloe@example.com',
  ].join('\n');

  it('opens the whole conversation in a dialog from the keyboard, as text (no HTML from the visitor), and closes with Escape', async () => {
    setup(
      {
        'Chat Leads': [
          record('recC1', { Name: 'Chloe Chat', Email: 'chloe@example.com', Conversation: conversation, 'Submitted At': '2026-01-22T16:45:00.000Z' }),
        ],
      },
      chatLeads,
    );
    await screen.findByRole('table');
    const open = screen.getByRole('button', { name: 'Read the conversation with Chloe Chat' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Conversation with Chloe Chat' });
    expect(dialog).toHaveTextContent('Jan 22, 2026, 11:45 a.m. EST');
    const turns = within(within(dialog).getByTestId('conversation')).getAllByRole('listitem');
    expect(turns.map((t) => t.textContent)).toEqual([
      'VisitorDo you have condos in Oakville? <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
      'AssistantYes, several.\nWhich budget do you have in mind?',
      'Visitor<b>About</b> $900k. I am Chloe, chloe@example.com',
    ]);
    expect(document.querySelector('img, script, b')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // focus moved into the dialog; Escape closes it and focus returns to the button
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows the start of the conversation in the cell, and — when there is none', async () => {
    setup(
      {
        'Chat Leads': [
          record('recC2', { Name: 'No Talk', Conversation: '', 'Submitted At': '2026-01-23T16:45:00.000Z' }),
          record('recC1', { Name: 'Chloe Chat', Conversation: conversation, 'Submitted At': '2026-01-22T16:45:00.000Z' }),
        ],
      },
      chatLeads,
    );
    await screen.findByRole('table');
    const [empty, full] = bodyRows().map((r) => cellsOf(r)[5]!);
    expect(empty).toHaveTextContent('—');
    expect(within(empty!).queryByRole('button')).not.toBeInTheDocument();
    expect(full).toHaveTextContent(/^Visitor: Do you have condos in Oakville\? <img src=x/);
    expect(full!.querySelector('img')).toBeNull();
  });
});
