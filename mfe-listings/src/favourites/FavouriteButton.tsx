/**
 * The heart: saves a listing to the visitor's favourites or removes it. A toggle button (aria-pressed) whose name
 * stays 'Save {name} to favourites' whichever its state; the filled heart shows a saved one. On a card it is an
 * icon over the photo; on the property page it has a visible 'Save' and, once used, a line saying what happened
 * with a link to the shortlist.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FAVOURITES_PATH, theme } from '@gta/shared';
import { useFavourites } from './favouritesStore';

export interface FavouriteButtonProps {
  id: string;
  name: string;
  variant?: 'card' | 'page';
  className?: string;
}

export function HeartIcon({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.4 4.5 6.9 4.5c2.1 0 3.5 1.2 5.1 3.1 1.6-1.9 3-3.1 5.1-3.1 3.5 0 5.3 3.5 4.2 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </svg>
  );
}

export function favouriteLabel(name: string): string {
  return `Save ${name} to favourites`;
}

export function FavouriteButton({ id, name, variant = 'card', className }: FavouriteButtonProps) {
  const { isSaved, toggle } = useFavourites();
  const saved = isSaved(id);
  // what the last press did, said on the property page (a card says it with the heart alone)
  const [said, setSaid] = useState<'saved' | 'removed' | null>(null);
  const onClick = () => setSaid(toggle(id) ? 'saved' : 'removed');

  if (variant === 'card') {
    return (
      <button
        type="button"
        className={className}
        aria-pressed={saved}
        aria-label={favouriteLabel(name)}
        data-testid="favourite-toggle"
        onClick={onClick}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 44,
          height: 44,
          padding: 0,
          border: 0,
          borderRadius: theme.radius.pill,
          // as dark as the photo-count badge: the heart (ivory, gold once saved) stays clear on a light photo
          background: 'rgba(20,22,26,0.72)',
          color: saved ? theme.color.gold : theme.color.ivory,
          cursor: 'pointer',
          transition: `background ${theme.motion.fast} ${theme.motion.ease}, transform ${theme.motion.fast} ${theme.motion.ease}`,
          '&:hover': { background: 'rgba(20,22,26,0.9)' },
          '&:active': { transform: 'scale(0.92)' },
          '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: 2 },
        }}
      >
        <HeartIcon filled={saved} size={22} />
      </button>
    );
  }

  return (
    <div className={className} css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space.sm }}>
      <button
        type="button"
        aria-pressed={saved}
        aria-label={favouriteLabel(name)}
        data-testid="favourite-toggle"
        onClick={onClick}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: theme.space.sm,
          minHeight: 44,
          padding: '0.6rem 1.1rem',
          border: `1px solid ${saved ? theme.color.bronze : theme.color.stone}`,
          borderRadius: theme.radius.pill,
          background: saved ? theme.color.ivory : theme.color.paper,
          color: saved ? theme.color.bronze : theme.color.ink,
          font: 'inherit',
          fontSize: theme.fontSize.sm,
          fontWeight: 600,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          cursor: 'pointer',
          '&:hover': { borderColor: theme.color.bronze },
          '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: 2 },
        }}
      >
        <HeartIcon filled={saved} />
        Save
      </button>
      <p role="status" css={{ margin: 0, fontSize: theme.fontSize.sm, color: theme.color.muted }}>
        {said === 'saved' && saved ? (
          <>
            Saved to your favourites. <Link to={FAVOURITES_PATH}>View favourites</Link>
          </>
        ) : said === 'removed' && !saved ? (
          'Removed from your favourites.'
        ) : null}
      </p>
    </div>
  );
}
