/**
 * 'Compare' from the cards: a checkbox on each card picks the home (up to COMPARE_MAX), and one bar at the foot of
 * the screen (drawn by the first grid of the page that has picks) says how many are picked and links to /compare.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { theme, visuallyHidden } from '@gta/shared';
import type { Listing } from '../data/listing';
import { COMPARE_MAX, comparePath } from './compare';
import { clearCompare, toggleCompare, useComparePicks } from './compareStore';

export function CompareToggle({ listing }: { listing: Listing }) {
  const picks = useComparePicks();
  const picked = picks.includes(listing.id);
  const full = !picked && picks.length >= COMPARE_MAX;
  return (
    <label
      data-testid="compare-toggle"
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: theme.space.xs,
        fontSize: theme.fontSize.sm,
        color: full ? theme.color.muted : theme.color.ink,
        cursor: full ? 'not-allowed' : 'pointer',
        minHeight: 32,
      }}
    >
      <input
        type="checkbox"
        checked={picked}
        disabled={full}
        onChange={() => toggleCompare(listing.id)}
        css={{ width: 18, height: 18, accentColor: theme.color.ink, margin: 0 }}
      />
      Compare<span css={visuallyHidden}> {listing.name}</span>
      {full ? <span css={visuallyHidden}> ({COMPARE_MAX} homes are picked already)</span> : null}
    </label>
  );
}

/** The one bar of the page: the first mounted grid draws it. */
let owner: string | null = null;
const owners = new Set<() => void>();

export function CompareBar() {
  const me = useId();
  const picks = useComparePicks();
  const [mine, setMine] = useState(false);
  useEffect(() => {
    const claim = () => {
      if (owner === null) owner = me;
      setMine(owner === me);
    };
    owners.add(claim);
    claim();
    return () => {
      owners.delete(claim);
      if (owner === me) {
        owner = null;
        owners.forEach((c) => c());
      }
    };
  }, [me]);
  if (!mine || picks.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Homes to compare"
      data-testid="compare-bar"
      css={{
        position: 'fixed',
        left: '50%',
        bottom: theme.space.md,
        transform: 'translateX(-50%)',
        zIndex: 20,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: theme.space.md,
        padding: `${theme.space.sm} ${theme.space.lg}`,
        maxWidth: 'calc(100vw - 2rem)',
        background: theme.color.ink,
        color: theme.color.ivory,
        borderRadius: theme.radius.md,
        boxShadow: theme.shadow.lifted,
        fontSize: theme.fontSize.sm,
      }}
    >
      <p role="status" css={{ margin: 0 }}>
        {picks.length} of {COMPARE_MAX} homes picked
      </p>
      {picks.length >= 2 ? (
        <Link to={comparePath(picks)} css={{ color: theme.color.gold, fontWeight: 600 }}>
          Compare {picks.length} homes
        </Link>
      ) : (
        <span css={{ color: theme.color.mutedOnDark }}>Pick one more to compare</span>
      )}
      <button
        type="button"
        onClick={clearCompare}
        css={{
          background: 'none',
          border: `1px solid ${theme.color.mutedOnDark}`,
          color: theme.color.ivory,
          borderRadius: theme.radius.sm,
          padding: '0.3rem 0.7rem',
          cursor: 'pointer',
        }}
      >
        Clear
      </button>
    </div>
  );
}
