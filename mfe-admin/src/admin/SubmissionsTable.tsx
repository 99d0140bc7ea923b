/**
 * One table of submissions: a text filter, a count, CSV export of the rows shown, and a table whose columns are the
 * union of the records' fields. Sorting: newest first until staff click a column header (then that column, and
 * clicking again flips it). The table scrolls sideways inside its own frame, never the page.
 */
import { useId, useMemo, useState } from 'react';
import { Button, Skeleton, theme } from '@gta/shared';
import {
  EMPTY_CELL,
  RECEIVED_AT_FIELD,
  cellText,
  columnsOf,
  filterSubmissions,
  nextSortOrder,
  rawText,
  sortSubmissions,
  type SortOrder,
  type Submission,
} from './submissions';
import { csvFileName, toCsv } from './csv';
import { downloadText } from './download';
import type { AdminTab } from './tables';
import { inputCss, labelCss, srOnly } from './styles';

export interface TableState {
  /** null until the first load of this table finished. */
  records: Submission[] | null;
  loading: boolean;
  error: string | null;
}

export interface SubmissionsTableProps {
  tab: AdminTab;
  state: TableState;
  onReload: () => void;
}

function recordsWord(n: number): string {
  return `${n.toLocaleString('en-CA')} ${n === 1 ? 'record' : 'records'}`;
}

function CellContent({ column, value }: { column: string; value: Submission['fields'][string] | undefined }) {
  const text = cellText(value);
  if (text === EMPTY_CELL) return <span css={{ color: theme.color.muted }}>{EMPTY_CELL}</span>;
  const key = column.toLowerCase();
  if (key === 'email' && typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim()))
    return <a href={`mailto:${value.trim()}`}>{text}</a>;
  if (key === 'phone' && typeof value === 'string' && /^[+()\d\s.\-x]+$/i.test(value.trim()))
    return <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{text}</a>;
  return <>{text}</>;
}

export function SubmissionsTable({ tab, state, onReload }: SubmissionsTableProps) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder | null>(null);
  const id = useId();
  const records = state.records;

  const columns = useMemo(() => columnsOf(records ?? [], tab.path), [records, tab.path]);
  const defaultSort: SortOrder | null = columns.includes(RECEIVED_AT_FIELD) ? { column: RECEIVED_AT_FIELD, direction: 'descending' } : null;
  const shownSort = sort ?? defaultSort;
  const rows = useMemo(() => {
    const filtered = filterSubmissions(records ?? [], columns, query);
    // records arrive newest first; an explicit column sort replaces that order
    return sort ? sortSubmissions(filtered, sort) : filtered;
  }, [records, columns, query, sort]);

  const total = records?.length ?? 0;
  const filtering = query.trim() !== '';
  const countText = filtering ? `Showing ${rows.length.toLocaleString('en-CA')} of ${recordsWord(total)}` : recordsWord(total);

  function exportCsv() {
    const csv = toCsv(
      columns,
      rows.map((r) => columns.map((c) => rawText(r.fields[c]))),
    );
    downloadText(csvFileName(tab.table), csv);
  }

  const sortDescription = shownSort
    ? `sorted by ${shownSort.column}, ${shownSort.direction}${sort ? '' : ' (newest first)'}`
    : 'newest first';

  return (
    <div>
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          gap: theme.space.md,
          marginBottom: theme.space.lg,
        }}
      >
        <div css={{ flex: '1 1 260px', maxWidth: 420 }}>
          <label htmlFor={`${id}-filter`} css={labelCss}>
            Filter rows
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Name, email, city…"
            autoComplete="off"
            disabled={!records || total === 0}
            css={inputCss}
          />
        </div>
        <p
          aria-live="polite"
          data-testid="record-count"
          css={{ flex: '1 1 auto', margin: 0, paddingBottom: '0.8rem', color: theme.color.muted, fontSize: theme.fontSize.sm }}
        >
          {records ? countText : ''}
          {state.loading && records ? <span> · Refreshing…</span> : null}
        </p>
        <div css={{ display: 'flex', gap: theme.space.sm, flexWrap: 'wrap' }}>
          <Button type="button" variant="outline" onClick={onReload} disabled={state.loading} css={{ minHeight: 44, padding: '0.6rem 1.1rem' }}>
            Refresh
          </Button>
          <Button type="button" onClick={exportCsv} disabled={rows.length === 0} css={{ minHeight: 44, padding: '0.6rem 1.1rem' }}>
            Export CSV
          </Button>
        </div>
      </div>

      {state.error ? (
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
            <strong>Could not load {tab.table}.</strong> {state.error}
          </p>
          <Button type="button" variant="outline" onClick={onReload} disabled={state.loading} css={{ minHeight: 44, padding: '0.6rem 1.1rem' }}>
            {state.loading ? 'Retrying…' : 'Retry'}
          </Button>
        </div>
      ) : null}

      {!records && state.loading ? (
        <div role="status" aria-label={`Loading ${tab.table}`} css={{ display: 'grid', gap: theme.space.sm }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : null}

      {records && total === 0 ? (
        <p css={{ padding: `${theme.space.xl} 0`, textAlign: 'center', color: theme.color.muted }}>No records found.</p>
      ) : null}

      {records && total > 0 && rows.length === 0 ? (
        <p css={{ padding: `${theme.space.xl} 0`, textAlign: 'center', color: theme.color.muted }}>
          No records match “{query.trim()}”.
        </p>
      ) : null}

      {records && rows.length > 0 ? (
        <div
          role="region"
          aria-labelledby={`${id}-caption`}
          tabIndex={0}
          data-testid="table-scroll"
          css={{
            overflowX: 'auto',
            border: `1px solid ${theme.color.stone}`,
            borderRadius: theme.radius.lg,
            background: theme.color.paper,
            boxShadow: theme.shadow.card,
            '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
          }}
        >
          <table css={{ width: 'max-content', minWidth: '100%', borderCollapse: 'collapse', fontSize: theme.fontSize.sm, lineHeight: 1.5 }}>
            <caption id={`${id}-caption`} css={srOnly}>
              {tab.table}, {sortDescription}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const sorted = shownSort?.column === column ? shownSort.direction : undefined;
                  return (
                    <th
                      key={column}
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
                        onClick={() => setSort(nextSortOrder(shownSort, column))}
                        css={{
                          display: 'inline-flex',
                          alignItems: 'center',
                          gap: theme.space.xs,
                          width: '100%',
                          padding: '0.85rem 1rem',
                          border: 0,
                          background: 'transparent',
                          font: 'inherit',
                          fontSize: theme.fontSize.xs,
                          fontWeight: 600,
                          letterSpacing: '0.08em',
                          textTransform: 'uppercase',
                          color: sorted ? theme.color.ink : theme.color.inkSoft,
                          cursor: 'pointer',
                          '&:hover': { color: theme.color.bronze },
                          '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: -2 },
                        }}
                      >
                        {column}
                        <span aria-hidden="true" css={{ color: sorted ? theme.color.bronze : theme.color.stone, fontSize: '0.9em' }}>
                          {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((record) => (
                <tr
                  key={record.id}
                  css={{
                    '&:nth-of-type(even)': { background: '#fbfaf7' },
                    '&:hover': { background: theme.color.ivory },
                  }}
                >
                  {columns.map((column) => (
                    <td
                      key={column}
                      css={{
                        padding: '0.75rem 1rem',
                        borderBottom: `1px solid ${theme.color.stone}`,
                        verticalAlign: 'top',
                      }}
                    >
                      {/* the cell grows with its text up to a readable measure, then wraps */}
                      <div css={{ minWidth: column === RECEIVED_AT_FIELD ? '10rem' : '5rem', maxWidth: '24rem', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                        <CellContent column={column} value={record.fields[column]} />
                      </div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
