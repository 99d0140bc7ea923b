/**
 * List or map: how /active-listings shows its results. The choice is in the URL beside the filters ('view=map'; the
 * list has none), so it is shared with a link, kept by a new search, and Back returns to the list. Two real buttons
 * in a labelled group, the one showing pressed (aria-pressed): keyboard and screen readers get the state.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { theme } from '@gta/shared';

export type ResultsView = 'list' | 'map';

export const VIEW_PARAM = 'view';

export function viewOf(value: string | null): ResultsView {
  return value === 'map' ? 'map' : 'list';
}

/** The query with the view set (the list, the default, leaves no parameter). */
export function withView(params: URLSearchParams, view: ResultsView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view === 'map') next.set(VIEW_PARAM, 'map');
  else next.delete(VIEW_PARAM);
  return next;
}

export function useUrlView(): { view: ResultsView; setView: (view: ResultsView) => void } {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get(VIEW_PARAM));
  // a new history entry: Back returns to the other view
  const setView = useCallback((next: ResultsView) => setParams((current) => withView(current, next), { preventScrollReset: true }), [setParams]);
  return { view, setView };
}

const OPTIONS: readonly { view: ResultsView; label: string; icon: string }[] = [
  { view: 'list', label: 'List', icon: 'M3 5h14M3 10h14M3 15h14' },
  { view: 'map', label: 'Map', icon: 'M2 5l5-2 6 2 5-2v12l-5 2-6-2-5 2zM7 3v12M13 5v12' },
];

export function ViewToggle({ view, onChange }: { view: ResultsView; onChange: (view: ResultsView) => void }) {
  return (
    <div
      role="group"
      aria-label="Show the results as"
      data-testid="view-toggle"
      css={{ display: 'inline-flex', border: `1px solid ${theme.color.stone}`, borderRadius: theme.radius.sm, overflow: 'hidden' }}
    >
      {OPTIONS.map((o) => {
        const pressed = o.view === view;
        return (
          <button
            key={o.view}
            type="button"
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) onChange(o.view);
            }}
            css={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: theme.space.xs,
              minHeight: 44,
              padding: '0.5rem 0.9rem',
              border: 0,
              background: pressed ? theme.color.ink : theme.color.paper,
              color: pressed ? theme.color.paper : theme.color.ink,
              fontFamily: theme.font.body,
              fontSize: theme.fontSize.xs,
              fontWeight: 600,
              letterSpacing: '0.16em',
              textTransform: 'uppercase',
              cursor: pressed ? 'default' : 'pointer',
              '& + &': { borderLeft: `1px solid ${theme.color.stone}` },
              '&:hover': pressed ? {} : { color: theme.color.bronze },
              '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: -3 },
            }}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
              <path d={o.icon} />
            </svg>
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
