/**
 * The signed-in admin: one tab per submission table (an ARIA tablist: arrow keys, Home and End move between tabs).
 * A tab change loads that table's records again; the other tables are read once in the background so every tab
 * shows its count. A 401 at any point hands control back to the sign-in.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { mq, theme } from '@gta/shared';
import { ADMIN_TABS, type AdminTab } from './tables';
import { listSubmissions, RecordsError } from './recordsClient';
import { newestFirst } from './submissions';
import { SubmissionsTable, type TableState } from './SubmissionsTable';
import type { WebhookPath } from '@gta/shared/core';
import { srOnly } from './styles';

export interface AdminPanelProps {
  /** The session ended (a 401 from the records API). */
  onSessionEnded: () => void;
  /** Move focus to the selected tab once shown (after signing in). */
  focusOnMount?: boolean;
}

const EMPTY_STATE: TableState = { records: null, loading: false, error: null };

export function AdminPanel({ onSessionEnded, focusOnMount }: AdminPanelProps) {
  const [active, setActive] = useState<AdminTab>(ADMIN_TABS[0]!);
  const [tables, setTables] = useState<Partial<Record<WebhookPath, TableState>>>({});
  const requestIds = useRef(new Map<WebhookPath, number>());
  const mounted = useRef(true);
  const tabRefs = useRef(new Map<WebhookPath, HTMLButtonElement>());
  const sessionEnded = useRef(onSessionEnded);
  sessionEnded.current = onSessionEnded;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((path: WebhookPath, patch: Partial<TableState>) => {
    setTables((prev) => ({ ...prev, [path]: { ...(prev[path] ?? EMPTY_STATE), ...patch } }));
  }, []);

  /** Loads a table; only the newest request for a table may write its state. Resolves false on a 401. */
  const load = useCallback(
    async (tab: AdminTab): Promise<boolean> => {
      const requestId = (requestIds.current.get(tab.path) ?? 0) + 1;
      requestIds.current.set(tab.path, requestId);
      update(tab.path, { loading: true });
      try {
        const records = await listSubmissions(tab.table);
        if (!mounted.current || requestIds.current.get(tab.path) !== requestId) return true;
        update(tab.path, { records: newestFirst(records), loading: false, error: null });
        return true;
      } catch (err) {
        if (!mounted.current || requestIds.current.get(tab.path) !== requestId) return true;
        if (err instanceof RecordsError && err.kind === 'unauthorized') {
          sessionEnded.current();
          return false;
        }
        update(tab.path, { loading: false, error: err instanceof Error ? err.message : 'Unexpected error.' });
        return true;
      }
    },
    [update],
  );

  // a tab change (and the first render) loads that tab's records
  useEffect(() => {
    void load(active);
  }, [active, load]);

  // once, in the background: read the other tables one after another so each tab shows its count
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      for (const tab of ADMIN_TABS) {
        if (cancelled || !mounted.current) return;
        if (tab.path === active.path || requestIds.current.has(tab.path)) continue;
        const ok = await load(tab);
        if (!ok) return;
      }
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusOnMount) tabRefs.current.get(active.path)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function select(tab: AdminTab, focus: boolean) {
    setActive(tab);
    if (focus) tabRefs.current.get(tab.path)?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = ADMIN_TABS.findIndex((t) => t.path === active.path);
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % ADMIN_TABS.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ADMIN_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    select(ADMIN_TABS[next]!, true);
  }

  const activeState = tables[active.path] ?? { ...EMPTY_STATE, loading: true };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Submission tables"
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: `0 ${theme.space.md}`,
          [mq.md]: { gap: `0 ${theme.space.lg}` },
          borderBottom: `1px solid ${theme.color.stone}`,
          marginBottom: theme.space.xl,
        }}
      >
        {ADMIN_TABS.map((tab) => {
          const selected = tab.path === active.path;
          const count = tables[tab.path]?.records?.length;
          return (
            <button
              key={tab.path}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.path, el);
                else tabRefs.current.delete(tab.path);
              }}
              type="button"
              role="tab"
              id={`admin-tab-${tab.path}`}
              aria-selected={selected}
              aria-controls={`admin-panel-${tab.path}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab, false)}
              onKeyDown={onTabKeyDown}
              css={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: theme.space.sm,
                minHeight: 44,
                padding: '0.6rem 0.1rem',
                marginBottom: -1,
                border: 0,
                borderBottom: `2px solid ${selected ? theme.color.bronze : 'transparent'}`,
                background: 'transparent',
                fontFamily: theme.font.body,
                fontSize: theme.fontSize.sm,
                fontWeight: selected ? 600 : 500,
                letterSpacing: '0.04em',
                color: selected ? theme.color.ink : theme.color.muted,
                cursor: 'pointer',
                transition: `color ${theme.motion.fast}, border-color ${theme.motion.fast}`,
                '&:hover': { color: theme.color.ink },
                '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
              }}
            >
              {tab.table}
              {count !== undefined ? (
                <>
                  <span
                    aria-hidden="true"
                    data-testid={`tab-count-${tab.path}`}
                    css={{
                      minWidth: '1.75rem',
                      padding: '0.05rem 0.5rem',
                      borderRadius: theme.radius.pill,
                      background: selected ? theme.color.ink : theme.color.stone,
                      color: selected ? theme.color.ivory : theme.color.inkSoft,
                      fontSize: theme.fontSize.xs,
                      fontWeight: 600,
                      textAlign: 'center',
                    }}
                  >
                    {count}
                  </span>
                  <span css={srOnly}>
                    , {count} {count === 1 ? 'record' : 'records'}
                  </span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`admin-panel-${active.path}`} aria-labelledby={`admin-tab-${active.path}`}>
        <SubmissionsTable key={active.path} tab={active} state={activeState} onReload={() => void load(active)} />
      </div>
    </div>
  );
}
