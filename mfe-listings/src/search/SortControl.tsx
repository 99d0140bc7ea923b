/**
 * The order of the results: a labelled native select (keyboard and screen readers get the platform's own control),
 * drawn in the site's type and colours instead of the browser's default box.
 */
import { useId } from 'react';
import { theme, useValueTypedBeforeHydration } from '@gta/shared';
import { fieldLabelCss, selectArrowCss } from '@gta/shared/fields';
import { SORT_OPTIONS, sortOf, type SortKey } from './sort';

export interface SortControlProps {
  value: SortKey;
  onChange: (sort: SortKey) => void;
  disabled?: boolean;
}

export function SortControl({ value, onChange, disabled = false }: SortControlProps) {
  const id = useId();
  // an order picked in the server's HTML before the page hydrated is taken, not put back
  const ref = useValueTypedBeforeHydration<HTMLSelectElement>(value, (picked) => onChange(sortOf(picked)));
  return (
    <div css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space.sm }}>
      <label
        htmlFor={id}
        // the field kit's label, beside its control in the results' toolbar
        css={{ ...fieldLabelCss, marginBottom: 0, whiteSpace: 'nowrap' }}
      >
        Sort by
      </label>
      <select
        ref={ref}
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(sortOf(e.target.value))}
        css={{
          ...selectArrowCss,
          minHeight: 44,
          padding: '0.55rem 2.5rem 0.55rem 0.9rem',
          border: `1px solid ${theme.color.stone}`,
          borderRadius: theme.radius.sm,
          backgroundColor: theme.color.paper,
          color: theme.color.ink,
          fontFamily: theme.font.body,
          fontSize: theme.fontSize.sm,
          fontWeight: 500,
          letterSpacing: '0.02em',
          transition: `border-color ${theme.motion.fast} ${theme.motion.ease}`,
          '&:hover': { borderColor: theme.color.bronze },
          '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2, borderColor: theme.color.ink },
          '&:disabled': { cursor: 'progress', opacity: 0.7 },
        }}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
