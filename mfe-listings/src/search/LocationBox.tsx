/**
 * The location box of the search (issue 38): one text box that finds an address, a street, a neighbourhood, a city,
 * a postal code (or its first three characters) or a property ID, with suggestions from the listings' own values
 * as the visitor types (locationSuggestions.ts). The ARIA 1.2 combobox pattern with a list popup: Down and Up move
 * through the suggestions (the box keeps the focus; aria-activedescendant names the one), Enter takes the one
 * chosen, Escape closes the list, and a click takes one too. Taking a suggestion runs the search with it. Enter
 * with none chosen submits the form as typed.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { mq, theme, useValueTypedBeforeHydration, visuallyHidden } from '@gta/shared';
import { Field, fieldControlCss } from '@gta/shared/fields';
import type { LocationSuggestion } from './locationSuggestions';

export interface LocationBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion taken: the box holds it and the search runs. */
  onPick: (value: string) => void;
  /** The suggestions for a text (none until the listings' values are read). */
  suggest: (typed: string) => LocationSuggestion[];
  /** The visitor turned to the box: time to read the listings' values. */
  onWanted?: () => void;
  label?: string;
  placeholder?: string;
}

export const LOCATION_PLACEHOLDER = 'Address, street, neighbourhood, city, postal code or ID';

export function LocationBox({ value, onChange, onPick, suggest, onWanted, label = 'Location', placeholder = LOCATION_PLACEHOLDER }: LocationBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const adopted = useValueTypedBeforeHydration<HTMLInputElement>(value, onChange);
  const items = open ? suggest(value) : [];
  const expanded = items.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (item: LocationSuggestion) => {
    setOpen(false);
    setActive(-1);
    onPick(item.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const all = suggest(value);
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (all.length === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!open) {
          setOpen(true);
          setActive(down ? 0 : all.length - 1);
          return;
        }
        setActive((i) => (down ? (i + 1 >= all.length ? 0 : i + 1) : i <= 0 ? all.length - 1 : i - 1));
        return;
      }
      case 'Enter': {
        const chosen = open && active >= 0 ? all[active] : undefined;
        if (!chosen) {
          setOpen(false);
          return;
        }
        event.preventDefault();
        pick(chosen);
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
      default:
    }
  };

  return (
    <Field id={id} label={label} reserveMessageLine={false}>
      <div css={{ position: 'relative' }}>
        <input
          ref={adopted}
          id={id}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 && active < items.length ? optionId(active) : undefined}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => onWanted?.()}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          css={{ ...fieldControlCss(false), textOverflow: 'ellipsis' }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          css={{
            position: 'absolute',
            zIndex: 20,
            top: 'calc(100% + 4px)',
            left: 0,
            // as wide as the box; from 640 px at least 24rem (the bar's column can be narrower)
            width: '100%',
            [mq.sm]: { minWidth: '24rem' },
            margin: 0,
            padding: `${theme.space.xs} 0`,
            listStyle: 'none',
            background: theme.color.paper,
            border: `1px solid ${theme.color.stone}`,
            borderRadius: theme.radius.md,
            boxShadow: theme.shadow.card,
            maxHeight: 360,
            overflowY: 'auto',
          }}
        >
          {items.map((item, i) => (
            // the keyboard works through the box (Down, Up, Enter: aria-activedescendant), as the combobox pattern says
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${item.kind}:${item.value}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // the box keeps the focus: a press on a suggestion must not blur it first
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
              onMouseMove={() => setActive(i)}
              css={{
                display: 'grid',
                gap: 2,
                padding: `${theme.space.sm} ${theme.space.md}`,
                cursor: 'pointer',
                background: i === active ? theme.color.ivory : 'transparent',
                borderLeft: `3px solid ${i === active ? theme.color.bronze : 'transparent'}`,
              }}
            >
              <span css={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{item.value}</span>
              <span css={{ color: theme.color.muted, fontSize: theme.fontSize.sm }}>
                {item.kind} · {item.count} {item.count === 1 ? 'home' : 'homes'}
              </span>
            </li>
          ))}
        </ul>
        <p aria-live="polite" css={visuallyHidden}>
          {expanded ? `${items.length} ${items.length === 1 ? 'suggestion' : 'suggestions'}, Up and Down to choose` : ''}
        </p>
      </div>
    </Field>
  );
}
