/**
 * One staff table, a page at a time: 50 rows per page read from the records API (pageSize, offset), newest first
 * until staff click a column header (then that column, clicking again flips it; the API sorts the whole table).
 * The text filter becomes a filterByFormula, so it searches every row, not only the page shown. A count line says
 * which rows of how many ("Showing 1–50 of 22,000 records"); Previous and Next move between pages. CSV export reads
 * every matching row. The table scrolls sideways inside its own frame, never the page.
 */
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { Button, Skeleton, theme, visuallyHidden } from '@gta/shared';
import type { FieldValue, StaffColumn } from '@gta/shared/core';
import {
  EMPTY_CELL,
  PAGE_SIZE,
  apiSort,
  cellText,
  columnsFor,
  filterFormula,
  nextSortOrder,
  pageSummary,
  rawText,
  valueOf,
  type SortOrder,
  type Submission,
} from './submissions';
import { countRecords, listAll, listPage, RecordsError } from './recordsClient';
import { csvFileName, toCsv } from './csv';
import { downloadText } from './download';
import { TRANSCRIPT_FIELDS, type AdminTab } from './tables';
import { ConversationCell } from './ConversationCell';
import { inputCss, labelCss } from './styles';

export interface SubmissionsTableProps {
  tab: AdminTab;
  /** A 401 from the server: the staff session ended. */
  onSessionEnded: () => void;
  /** The table's row count (unfiltered) once known; null when the server cannot count. */
  onTotal?: (total: number | null) => void;
}

interface PageView {
  /** null until the first page arrived. */
  records: Submission[] | null;
  pageIndex: number;
  /** offsets[i] reads page i (none for the first); the last one reads the page after the one shown. */
  offsets: (string | undefined)[];
  hasNext: boolean;
  loading: boolean;
  error: string | null;
  notice: string | null;
}

const FIRST_PAGE: PageView = { records: null, pageIndex: 0, offsets: [undefined], hasNext: false, loading: true, error: null, notice: null };
const FILTER_DELAY_MS = 300;

function CellContent({ field, value }: { field: string; value: FieldValue | undefined }) {
  const text = cellText(value);
  if (text === EMPTY_CELL) return <span css={emptyCss}>{EMPTY_CELL}</span>;
  const key = field.toLowerCase();
  if (key === 'email' && typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim())) return <a href={`mailto:${value.trim()}`}>{text}</a>;
  if (key === 'phone' && typeof value === 'string' && /^[+()\d\s.\-x]+$/i.test(value.trim())) return <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{text}</a>;
  return <>{text}</>;
}

const smallButton = { minHeight: 44, padding: '0.6rem 1.1rem' } as const;

// row and cell styles made once (a page is 50 rows × every column: serialising them per cell is slow)
const rowCss = css({ '&:nth-of-type(even)': { background: '#fbfaf7' }, '&:hover': { background: theme.color.ivory } });
const cellCss = css({ padding: '0.75rem 1rem', borderBottom: `1px solid ${theme.color.stone}`, verticalAlign: 'top' });
/** The cell grows with its text up to a readable measure, then wraps. */
const cellTextCss = css({ minWidth: '5rem', maxWidth: '24rem', whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
const receivedTextCss = css(cellTextCss, { minWidth: '11rem' });
const transcriptTextCss = css(cellTextCss, { whiteSpace: 'normal' });
const emptyCss = css({ color: theme.color.muted });

interface RecordsTableProps {
  tab: AdminTab;
  records: Submission[];
  columns: StaffColumn[];
  sort: SortOrder;
  onSort: (field: string) => void;
  caption: string;
  dimmed: boolean;
}

/** The table of one page (memoised: typing in the filter does not draw 50 rows again). */
const RecordsTable = memo(function RecordsTable({ tab, records, columns, sort, onSort, caption, dimmed }: RecordsTableProps) {
  const captionId = useId();
  const nameField = tab.columns.find((c) => c.label === 'Name')?.field;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must take focus so keyboards can scroll it
      tabIndex={0}
      data-testid="table-scroll"
      css={{
        overflowX: 'auto',
        border: `1px solid ${theme.color.stone}`,
        borderRadius: theme.radius.lg,
        background: theme.color.paper,
        boxShadow: theme.shadow.card,
        opacity: dimmed ? 0.6 : 1,
        transition: `opacity ${theme.motion.fast}`,
        '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
      }}
    >
      <table css={{ width: 'max-content', minWidth: '100%', borderCollapse: 'collapse', fontSize: theme.fontSize.sm, lineHeight: 1.5 }}>
        <caption id={captionId} css={visuallyHidden}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort.column === column.field ? sort.direction : undefined;
              return (
                <th
                  key={column.field}
                  scope="col"
                  aria-sort={sorted}
                  css={{
                    position: 'sticky',
                    top: 0,
                    padding: 0,
                    textAlign: 'left',
                    background: theme.color.ivory,
                    borderBottom: `1px solid ${theme.color.stone}`,
                    whiteSpace: 'nowrap',
                  }}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.field)}
                    css={{
                      display: 'inline-flex',
                      alignItems: 'center',
                      gap: theme.space.xs,
                      width: '100%',
                      padding: '0.85rem 1rem',
                      border: 0,
                      background: 'transparent',
                      font: 'inherit',
                      fontSize: theme.fontSize.sm,
                      fontWeight: 600,
                      letterSpacing: '0.01em',
                      color: sorted ? theme.color.ink : theme.color.inkSoft,
                      cursor: 'pointer',
                      '&:hover': { color: theme.color.bronze },
                      '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: -2 },
                    }}
                  >
                    {column.label}
                    <span aria-hidden="true" css={{ color: sorted ? theme.color.bronze : theme.color.stone, fontSize: '0.8em' }}>
                      {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} css={rowCss}>
              {columns.map((column) => {
                const value = valueOf(tab, record, column.field);
                const transcript = TRANSCRIPT_FIELDS.has(column.field) && typeof value === 'string' && value.trim() !== '';
                return (
                  <td key={column.field} css={cellCss}>
                    <div css={transcript ? transcriptTextCss : column.field === tab.receivedField ? receivedTextCss : cellTextCss}>
                      {transcript ? (
                        <ConversationCell
                          transcript={value}
                          who={nameField ? rawText(record.fields[nameField]) : ''}
                          received={cellText(valueOf(tab, record, tab.receivedField))}
                        />
                      ) : (
                        <CellContent field={column.field} value={value} />
                      )}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

export function SubmissionsTable({ tab, onSessionEnded, onTotal }: SubmissionsTableProps) {
  const [queryInput, setQueryInput] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder | null>(null);
  const [view, setView] = useState<PageView>(FIRST_PAGE);
  const [total, setTotal] = useState<number | null | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const id = useId();
  const requestId = useRef(0);
  const countId = useRef(0);
  const mounted = useRef(true);
  const sessionEnded = useRef(onSessionEnded);
  sessionEnded.current = onSessionEnded;
  const reportTotal = useRef(onTotal);
  reportTotal.current = onTotal;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // typing filters after a short pause (Enter filters at once)
  useEffect(() => {
    const timer = setTimeout(() => setQuery(queryInput.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [queryInput]);

  const shownSort: SortOrder = useMemo(() => sort ?? { column: tab.receivedField, direction: 'descending' }, [sort, tab.receivedField]);
  const onSort = useCallback(
    (field: string) => setSort((current) => nextSortOrder(current ?? { column: tab.receivedField, direction: 'descending' }, field)),
    [tab.receivedField],
  );
  const searchFields = useMemo(() => tab.columns.map((c) => c.field).filter((f) => f !== tab.receivedField), [tab]);
  const formula = useMemo(() => filterFormula(query, searchFields), [query, searchFields]);
  const listQuery = useMemo(() => ({ sort: apiSort(shownSort, tab.receivedField), filterByFormula: formula }), [shownSort, tab.receivedField, formula]);

  const failed = useCallback((err: unknown): string | null => {
    if (err instanceof RecordsError && err.kind === 'unauthorized') {
      sessionEnded.current();
      return null;
    }
    return err instanceof Error ? err.message : 'Unexpected error.';
  }, []);

  /** Reads page `index` with `offsets[index]`; only the newest request may write the view. */
  const loadPage = useCallback(
    async (index: number, offsets: (string | undefined)[], notice: string | null = null): Promise<void> => {
      const request = ++requestId.current;
      setView((v) => ({ ...v, loading: true, error: null }));
      try {
        const page = await listPage(tab.name, { pageSize: PAGE_SIZE, offset: offsets[index], ...listQuery });
        if (!mounted.current || request !== requestId.current) return;
        const next = offsets.slice(0, index + 1);
        if (page.offset) next.push(page.offset);
        setView({ records: page.records, pageIndex: index, offsets: next, hasNext: Boolean(page.offset), loading: false, error: null, notice });
      } catch (err) {
        if (!mounted.current || request !== requestId.current) return;
        if (err instanceof RecordsError && err.kind === 'expired' && index > 0) {
          // rows arrived since the first page was read: the offsets no longer point where they did
          void loadPage(0, [undefined], 'New submissions arrived while you were paging: showing the newest again.');
          return;
        }
        const message = failed(err);
        if (message !== null) setView((v) => ({ ...v, loading: false, error: message }));
      }
    },
    [tab.name, listQuery, failed],
  );

  const count = useCallback(async () => {
    const request = ++countId.current;
    setTotal(undefined);
    try {
      const n = await countRecords(tab.name, formula);
      if (!mounted.current || request !== countId.current) return;
      setTotal(n);
      if (!formula) reportTotal.current?.(n);
    } catch (err) {
      if (mounted.current && request === countId.current) failed(err);
    }
  }, [tab.name, formula, failed]);

  // first render, and every change of order or filter: back to the first page
  useEffect(() => {
    void loadPage(0, [undefined]);
  }, [loadPage]);
  useEffect(() => {
    void count();
  }, [count]);

  function refresh() {
    void loadPage(0, [undefined]);
    void count();
  }

  function onFilterSubmit(event: FormEvent) {
    event.preventDefault();
    setQuery(queryInput.trim());
  }

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const rows = await listAll(tab.name, listQuery);
      if (!mounted.current) return;
      const columns = columnsFor(tab, rows);
      const csv = toCsv(
        columns.map((c) => c.label),
        rows.map((r) => columns.map((c) => rawText(valueOf(tab, r, c.field)))),
      );
      downloadText(csvFileName(tab.name), csv);
    } catch (err) {
      const message = failed(err);
      if (message !== null && mounted.current) setExportError(`The export failed: ${message}`);
    } finally {
      if (mounted.current) setExporting(false);
    }
  }

  const records = view.records;
  const columns = useMemo(() => columnsFor(tab, records ?? []), [tab, records]);
  const filtering = query !== '';
  const first = view.pageIndex * PAGE_SIZE + 1;
  const summary = records ? pageSummary({ first, shown: records.length, total: total ?? null, hasMore: view.hasNext, filtered: filtering }) : '';
  const sortLabel = columns.find((c) => c.field === shownSort.column)?.label ?? shownSort.column;
  const sortDescription = sort ? `sorted by ${sortLabel}, ${shownSort.direction}` : 'newest first';
  const paged = view.pageIndex > 0 || view.hasNext;
  return (
    <div>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: theme.space.md, marginBottom: theme.space.lg }}>
        <form role="search" aria-label={`Filter ${tab.name}`} onSubmit={onFilterSubmit} css={{ flex: '1 1 260px', maxWidth: 420 }}>
          <label htmlFor={`${id}-filter`} css={labelCss}>
            Filter rows
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={queryInput}
            onChange={(e) => setQueryInput(e.target.value)}
            placeholder="Name, email, city…"
            autoComplete="off"
            disabled={!records && !filtering}
            css={inputCss}
          />
        </form>
        <p
          aria-live="polite"
          data-testid="record-count"
          css={{ flex: '1 1 auto', margin: 0, paddingBottom: '0.8rem', color: theme.color.muted, fontSize: theme.fontSize.sm }}
        >
          {summary}
          {view.loading && records ? <span> · Loading…</span> : null}
        </p>
        <div css={{ display: 'flex', gap: theme.space.sm, flexWrap: 'wrap' }}>
          <Button type="button" variant="outline" onClick={refresh} disabled={view.loading} css={smallButton}>
            Refresh
          </Button>
          <Button
            type="button"
            onClick={() => void exportCsv()}
            disabled={exporting || !records || records.length === 0}
            aria-describedby={`${id}-export-hint`}
            css={smallButton}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
          <span id={`${id}-export-hint`} css={visuallyHidden}>
            Every {filtering ? 'matching ' : ''}record, not only this page.
          </span>
        </div>
      </div>

      {exportError ? (
        <p role="alert" css={{ margin: `0 0 ${theme.space.lg}`, color: theme.color.danger }}>
          {exportError}
        </p>
      ) : null}

      {view.notice ? (
        <p role="status" css={{ margin: `0 0 ${theme.space.lg}`, color: theme.color.inkSoft }}>
          {view.notice}
        </p>
      ) : null}

      {view.error ? (
        <div
          role="alert"
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: theme.space.md,
            padding: theme.space.md,
            marginBottom: theme.space.lg,
            border: `1px solid ${theme.color.danger}`,
            borderLeftWidth: 4,
            borderRadius: theme.radius.md,
            background: theme.color.paper,
          }}
        >
          <p css={{ margin: 0 }}>
            <strong>Could not load {tab.name}.</strong> {view.error}
          </p>
          <Button type="button" variant="outline" onClick={() => void loadPage(view.pageIndex, view.offsets)} disabled={view.loading} css={smallButton}>
            {view.loading ? 'Retrying…' : 'Retry'}
          </Button>
        </div>
      ) : null}

      {!records && view.loading ? (
        <div role="status" aria-label={`Loading ${tab.name}`} css={{ display: 'grid', gap: theme.space.sm }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : null}

      {records && records.length === 0 && !filtering && view.pageIndex === 0 ? (
        <p css={{ padding: `${theme.space.xl} 0`, textAlign: 'center', color: theme.color.muted }}>No records found.</p>
      ) : null}

      {records && records.length === 0 && filtering ? (
        <p css={{ padding: `${theme.space.xl} 0`, textAlign: 'center', color: theme.color.muted }}>No records match “{query}”.</p>
      ) : null}

      {records && records.length > 0 ? (
        <RecordsTable
          tab={tab}
          records={records}
          columns={columns}
          sort={shownSort}
          onSort={onSort}
          caption={`${tab.name}, ${sortDescription}${paged ? `, page ${view.pageIndex + 1}` : ''}`}
          dimmed={view.loading}
        />
      ) : null}

      {records && paged ? (
        <nav
          aria-label={`Pages of ${tab.name}`}
          css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: theme.space.md, marginTop: theme.space.lg }}
        >
          <Button
            type="button"
            variant="outline"
            onClick={() => void loadPage(view.pageIndex - 1, view.offsets)}
            disabled={view.loading || view.pageIndex === 0}
            css={smallButton}
          >
            <span aria-hidden="true">←</span> Previous
          </Button>
          <span css={{ color: theme.color.muted, fontSize: theme.fontSize.sm }}>
            Page {(view.pageIndex + 1).toLocaleString('en-CA')}
            {typeof total === 'number' ? ` of ${Math.max(1, Math.ceil(total / PAGE_SIZE)).toLocaleString('en-CA')}` : ''}
          </span>
          <Button
            type="button"
            variant="outline"
            onClick={() => void loadPage(view.pageIndex + 1, view.offsets)}
            disabled={view.loading || !view.hasNext}
            css={smallButton}
          >
            Next <span aria-hidden="true">→</span>
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
