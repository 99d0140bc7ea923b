/**
 * The heart in the navigation: a link to /favourites with how many listings the visitor saved, shown once there is
 * at least one. The count is the listings remote's list (localStorage, shared FAVOURITES_STORAGE_KEY), read after
 * hydration (the server's HTML has none), then kept up to date by the bus ('favourites/changed', this tab) and the
 * storage event (other tabs).
 */
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { FAVOURITES_PATH, FAVOURITES_STORAGE_KEY, parseFavourites, theme, useSiteEvent } from '@gta/shared';

function storedCount(): number {
  try {
    return parseFavourites(window.localStorage.getItem(FAVOURITES_STORAGE_KEY)).length;
  } catch {
    return 0;
  }
}

export function useFavouritesCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(storedCount());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === FAVOURITES_STORAGE_KEY) setCount(storedCount());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  useSiteEvent('favourites/changed', (event) => setCount(event.count));
  return count;
}

export function FavouritesLink({ onNavigate }: { onNavigate?: () => void }) {
  const count = useFavouritesCount();
  if (count === 0) return null;
  return (
    <NavLink
      to={FAVOURITES_PATH}
      onClick={onNavigate}
      aria-label={`Favourites (${count})`}
      data-testid="nav-favourites"
      css={{
        position: 'relative',
        display: 'inline-grid',
        placeItems: 'center',
        width: 44,
        height: 44,
        flex: 'none',
        color: theme.color.ivory,
        borderBottom: '1px solid transparent',
        '&:hover, &.active': { color: theme.color.gold },
      }}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.4 4.5 6.9 4.5c2.1 0 3.5 1.2 5.1 3.1 1.6-1.9 3-3.1 5.1-3.1 3.5 0 5.3 3.5 4.2 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
      <span
        aria-hidden="true"
        css={{
          position: 'absolute',
          top: 4,
          right: 2,
          minWidth: 18,
          height: 18,
          padding: '0 4px',
          borderRadius: theme.radius.pill,
          background: theme.color.gold,
          color: theme.color.ink,
          fontSize: '0.68rem',
          fontWeight: 700,
          lineHeight: '18px',
          textAlign: 'center',
        }}
      >
        {count > 99 ? '99+' : count}
      </span>
    </NavLink>
  );
}
