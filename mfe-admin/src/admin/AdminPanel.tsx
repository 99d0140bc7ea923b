/**
 * The signed-in admin: one tab per staff table (an ARIA tablist: arrow keys, Home and End move between tabs).
 * A tab change shows that table from its first page again (SubmissionsTable reads it a page at a time). Each tab
 * shows its row count, asked from the server's count API once (never by reading the tables); the shown table keeps
 * its own tab's count current. A 401 at any point hands control back to the sign-in.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { mq, theme, visuallyHidden } from '@gta/shared';
import type { StaffTableId } from '@gta/shared/core';
import { ADMIN_TABS, type AdminTab } from './tables';
import { countRecords, RecordsError } from './recordsClient';
import { SubmissionsTable } from './SubmissionsTable';

export interface AdminPanelProps {
  /** The session ended (a 401 from the server). */
  onSessionEnded: () => void;
  /** Move focus to the selected tab once shown (after signing in). */
  focusOnMount?: boolean;
}

export function AdminPanel({ onSessionEnded, focusOnMount }: AdminPanelProps) {
  const [active, setActive] = useState<AdminTab>(ADMIN_TABS[0]!);
  const [counts, setCounts] = useState<Partial<Record<StaffTableId, number | null>>>({});
  const mounted = useRef(true);
  const tabRefs = useRef(new Map<StaffTableId, HTMLButtonElement>());
  const sessionEnded = useRef(onSessionEnded);
  sessionEnded.current = onSessionEnded;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setCount = useCallback((id: StaffTableId, count: number | null) => {
    if (mounted.current) setCounts((prev) => ({ ...prev, [id]: count }));
  }, []);

  // once: every table's count, for the tabs (one small request each)
  useEffect(() => {
    let ended = false;
    for (const tab of ADMIN_TABS) {
      countRecords(tab.name)
        .then((n) => setCount(tab.id, n))
        .catch((err: unknown) => {
          if (err instanceof RecordsError && err.kind === 'unauthorized' && !ended) {
            ended = true;
            sessionEnded.current();
          }
        });
    }
  }, [setCount]);

  const onSessionEndedOnce = useCallback(() => sessionEnded.current(), []);
  const onTotal = useCallback((n: number | null) => setCount(active.id, n), [active.id, setCount]);

  useEffect(() => {
    if (focusOnMount) tabRefs.current.get(active.id)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function select(tab: AdminTab, focus: boolean) {
    setActive(tab);
    if (focus) tabRefs.current.get(tab.id)?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = ADMIN_TABS.findIndex((t) => t.id === active.id);
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % ADMIN_TABS.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ADMIN_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    select(ADMIN_TABS[next]!, true);
  }

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
          const selected = tab.id === active.id;
          const count = counts[tab.id] ?? undefined;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`admin-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`admin-panel-${tab.id}`}
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
              {tab.name}
              {count !== undefined ? (
                <>
                  <span
                    aria-hidden="true"
                    data-testid={`tab-count-${tab.id}`}
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
                    {count.toLocaleString('en-CA')}
                  </span>
                  <span css={visuallyHidden}>
                    , {count.toLocaleString('en-CA')} {count === 1 ? 'record' : 'records'}
                  </span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`admin-panel-${active.id}`} aria-labelledby={`admin-tab-${active.id}`}>
        <SubmissionsTable key={active.id} tab={active} onSessionEnded={onSessionEndedOnce} onTotal={onTotal} />
      </div>
    </div>
  );
}
