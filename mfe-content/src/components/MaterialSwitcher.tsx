/** The exterior-material switcher: an accessible tablist (arrow keys, Home, End), one material shown at a time. */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { theme, mq } from '@gta/shared';

export interface Material {
  id: string;
  label: string;
  title: string;
  description: string;
  image: string;
  alt: string;
}

export function MaterialSwitcher({ materials }: { materials: readonly Material[] }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  const select = (i: number) => {
    const n = (i + materials.length) % materials.length;
    setSelected(n);
    tabs.current[n]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => select(selected + 1),
      ArrowDown: () => select(selected + 1),
      ArrowLeft: () => select(selected - 1),
      ArrowUp: () => select(selected - 1),
      Home: () => select(0),
      End: () => select(materials.length - 1),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const current = materials[selected];
  if (!current) return null;
  return (
    <div>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs inside are the focusable elements (roving tabindex); the list handles their arrow keys */}
      <div
        role="tablist"
        aria-label="Exterior materials"
        onKeyDown={onKeyDown}
        css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.sm, marginBottom: theme.space.lg }}
      >
        {materials.map((m, i) => (
          <button
            key={m.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${m.id}`}
            aria-selected={i === selected}
            aria-controls={`${base}-panel`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            css={{
              minHeight: 44,
              padding: '0.55rem 1.1rem',
              border: `1px solid ${i === selected ? theme.color.ink : theme.color.stone}`,
              background: i === selected ? theme.color.ink : theme.color.paper,
              color: i === selected ? theme.color.ivory : theme.color.ink,
              fontSize: theme.fontSize.sm,
              letterSpacing: '0.08em',
              cursor: 'pointer',
            }}
          >
            {m.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${current.id}`}
        tabIndex={0}
        data-testid="material-panel"
        css={{
          display: 'grid',
          gap: theme.space.xl,
          background: theme.color.paper,
          border: `1px solid ${theme.color.stone}`,
          padding: theme.space.lg,
          [mq.md]: { gridTemplateColumns: '1fr 1fr', alignItems: 'center', padding: theme.space.xl },
        }}
      >
        <img src={current.image} alt={current.alt} width={800} height={500} loading="lazy" css={{ width: '100%', aspectRatio: '8 / 5', objectFit: 'cover' }} />
        <div>
          <h3>{current.title}</h3>
          <p css={{ color: theme.color.inkSoft, margin: 0, lineHeight: 1.8 }}>{current.description}</p>
        </div>
      </div>
    </div>
  );
}
