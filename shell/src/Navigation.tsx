/**
 * The fixed top navigation (spec section 2): transparent over the page's hero, then dark and blurred past 50 px of
 * scroll (dark from the start on a page with no hero, such as one whose region failed to load); on wide
 * screens click-open dropdowns, one at a time, closing on an outside click or Escape; under 768 px a menu button
 * opens a stacked menu with one expandable group at a time that closes when a link is chosen.
 */
import { useEffect, useId, useRef, useState, type FocusEvent as ReactFocusEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { HERO_SELECTOR, theme, mq } from '@gta/shared';
import { Logo } from './Logo';
import { FavouritesLink } from './FavouritesLink';
import { NAVIGATION, NAV_SCROLL_THRESHOLD, dropdownTarget, isGroup, type NavGroup } from './siteLinks';

export function useScrolled(threshold = NAV_SCROLL_THRESHOLD): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/** The header at the top of a page over a hero: no background, blur or rule. */
const TRANSPARENT_HEADER = { background: 'transparent', backdropFilter: 'none', WebkitBackdropFilter: 'none', borderBottomColor: 'transparent' };
const DARK_HEADER = {
  background: 'rgba(20,22,26,0.86)',
  backdropFilter: 'blur(12px)',
  WebkitBackdropFilter: 'blur(12px)',
  borderBottomColor: 'rgba(200,171,120,0.25)',
};

const itemText = {
  fontSize: '0.78rem',
  fontWeight: 500,
  letterSpacing: '0.14em',
  textTransform: 'uppercase' as const,
};

const topItem = {
  ...itemText,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 44,
  padding: '0 0.35rem',
  background: 'none',
  border: 'none',
  color: theme.color.ivory,
  textDecoration: 'none',
  cursor: 'pointer',
  textAlign: 'left' as const,
  lineHeight: 1.25,
  borderBottom: '1px solid transparent',
  '&:hover, &[aria-expanded="true"], &.active': { borderBottomColor: theme.color.gold, color: '#fff' },
  [mq.xl]: { padding: '0 0.6rem' },
};

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="10"
      height="10"
      viewBox="0 0 10 10"
      css={{ transition: 'transform 200ms', transform: open ? 'rotate(180deg)' : 'none', flexShrink: 0 }}
    >
      <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

function DesktopGroup({
  group,
  open,
  onToggle,
  onClose,
  onOpen,
}: {
  group: NavGroup;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  onOpen: () => void;
}) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  /** The item to focus once the list is shown (an arrow key on the closed group's button). */
  const pendingFocus = useRef<number | null>(null);
  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);
  useEffect(() => {
    if (!open || pendingFocus.current === null) return;
    links()[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  }, [open]);
  // ArrowDown/ArrowUp from the button open the group at its first/last item, and move through the items (wrapping)
  const onKeyDown = (event: ReactKeyboardEvent<HTMLLIElement>) => {
    const items = links();
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    const target = dropdownTarget(event.key, current, group.links.length);
    if (target === null) return;
    event.preventDefault();
    if (open) items[target]?.focus();
    else {
      pendingFocus.current = target;
      onOpen();
    }
  };
  // Tab (or anything else) taking focus out of the group closes it: one dropdown open at a time, the one in use
  const onBlur = (event: ReactFocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !event.currentTarget.contains(next)) onClose();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the group's arrow keys and Escape, for the button and links inside it
    <li css={{ position: 'relative' }} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={onToggle} css={topItem}>
        {group.label}
        <Chevron open={open} />
      </button>
      <ul
        ref={listRef}
        id={id}
        hidden={!open}
        css={{
          position: 'absolute',
          top: 'calc(100% + 14px)',
          left: '50%',
          transform: 'translateX(-50%)',
          minWidth: 240,
          margin: 0,
          padding: '0.75rem 0',
          listStyle: 'none',
          background: 'rgba(20,22,26,0.97)',
          borderTop: `2px solid ${theme.color.gold}`,
          boxShadow: theme.shadow.lifted,
        }}
      >
        {group.links.map((link) => (
          <li key={link.to}>
            <RouterNavLink
              to={link.to}
              onClick={onClose}
              css={{
                display: 'block',
                padding: '0.65rem 1.5rem',
                color: theme.color.ivory,
                textDecoration: 'none',
                fontSize: theme.fontSize.sm,
                letterSpacing: '0.04em',
                '&:hover, &:focus-visible, &.active': { background: 'rgba(200,171,120,0.14)', color: theme.color.gold },
              }}
            >
              {link.label}
            </RouterNavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Navigation() {
  const scrolled = useScrolled();
  const location = useLocation();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileGroup, setMobileGroup] = useState<string | null>(null);
  const desktopRef = useRef<HTMLUListElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mobileMenuId = useId();

  // a route change closes every menu
  useEffect(() => {
    setOpenGroup(null);
    setMobileOpen(false);
    setMobileGroup(null);
  }, [location.pathname]);

  // one dropdown at a time; a click anywhere else closes it; Escape closes it and returns focus to its button
  useEffect(() => {
    if (!openGroup) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (!desktopRef.current?.contains(event.target as Node)) setOpenGroup(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const button = desktopRef.current?.querySelector<HTMLButtonElement>('button[aria-expanded="true"]');
      setOpenGroup(null);
      button?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [openGroup]);

  useEffect(() => {
    if (!mobileOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMobileOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const dark = scrolled || mobileOpen;
  const closeMobile = () => {
    setMobileOpen(false);
    setMobileGroup(null);
  };

  return (
    <header
      data-testid="site-nav"
      data-scrolled={scrolled ? 'true' : 'false'}
      css={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        // viewport-fit=cover: below a phone's status bar or notch, clear of its rounded corners in landscape
        paddingTop: 'env(safe-area-inset-top, 0px)',
        zIndex: theme.layer.nav,
        color: theme.color.ivory,
        ...DARK_HEADER,
        borderBottom: `1px solid ${DARK_HEADER.borderBottomColor}`,
        transition: `background ${theme.motion.base}, border-color ${theme.motion.base}`,
        // transparent at the top only over a dark hero band (HERO_SELECTOR); with none on the page (a page region that
        // failed or is loading) the ivory text keeps its dark ground. In CSS, so the server's first screen is right
        // before any script runs; a browser without :has() drops the rule and shows the dark header everywhere.
        // Without scripts nothing marks the page scrolled (a form sent without them lands on its message, lower down):
        // the header keeps its dark ground there, or its ivory text would vanish over the page.
        ...(dark
          ? {}
          : { [`html:has(${HERO_SELECTOR}) &`]: TRANSPARENT_HEADER, '@media (scripting: none)': { [`html:has(${HERO_SELECTOR}) &`]: DARK_HEADER } }),
      }}
    >
      <a
        href="#main"
        css={{
          position: 'absolute',
          left: 16,
          top: -60,
          padding: '0.5rem 1rem',
          background: theme.color.ivory,
          color: theme.color.ink,
          zIndex: 1,
          '&:focus': { top: 12 },
        }}
      >
        Skip to content
      </a>
      <nav
        aria-label="Main"
        css={{
          maxWidth: theme.layout.navMaxWidth,
          margin: '0 auto',
          minHeight: theme.layout.navHeight,
          padding: '0 calc(1.25rem + env(safe-area-inset-right, 0px)) 0 calc(1.25rem + env(safe-area-inset-left, 0px))',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '1rem',
          [mq.lg]: { padding: '0 calc(2rem + env(safe-area-inset-right, 0px)) 0 calc(2rem + env(safe-area-inset-left, 0px))' },
        }}
      >
        <Logo onNavigate={closeMobile} />
        <ul
          ref={desktopRef}
          data-testid="desktop-menu"
          css={{
            display: 'none',
            listStyle: 'none',
            margin: 0,
            padding: 0,
            alignItems: 'center',
            gap: '0.25rem',
            // to the right, with the heart after it when there is one
            [mq.md]: { display: 'flex', marginLeft: 'auto' },
            [mq.xl]: { gap: '0.75rem' },
          }}
        >
          {NAVIGATION.map((entry) =>
            isGroup(entry) ? (
              <DesktopGroup
                key={entry.label}
                group={entry}
                open={openGroup === entry.label}
                onToggle={() => setOpenGroup((current) => (current === entry.label ? null : entry.label))}
                onClose={() => setOpenGroup(null)}
                onOpen={() => setOpenGroup(entry.label)}
              />
            ) : (
              <li key={entry.to}>
                <RouterNavLink
                  to={entry.to}
                  css={{ ...topItem, maxWidth: entry.label.length > 16 ? '11rem' : undefined, [mq.xl]: { ...topItem[mq.xl], maxWidth: 'none' } }}
                >
                  {entry.label}
                </RouterNavLink>
              </li>
            ),
          )}
        </ul>
        {/* the heart (once something is saved) beside the menu button on a phone, at the end of the menu on wide screens */}
        <div css={{ display: 'flex', alignItems: 'center', gap: '0.5rem', [mq.md]: { display: 'contents' } }}>
          <FavouritesLink onNavigate={closeMobile} />
          <button
            ref={menuButtonRef}
            type="button"
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
            css={{
              width: 48,
              height: 48,
              display: 'grid',
              placeItems: 'center',
              background: 'none',
              border: `1px solid rgba(247,244,238,0.4)`,
              color: theme.color.ivory,
              cursor: 'pointer',
              [mq.md]: { display: 'none' },
            }}
          >
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 22 22">
              {mobileOpen ? (
                <path d="M4 4l14 14M18 4L4 18" stroke="currentColor" strokeWidth="1.6" />
              ) : (
                <path d="M2 6h18M2 11h18M2 16h18" stroke="currentColor" strokeWidth="1.6" />
              )}
            </svg>
          </button>
        </div>
      </nav>
      <div
        id={mobileMenuId}
        data-testid="mobile-menu"
        hidden={!mobileOpen}
        css={{
          maxHeight: `calc(100vh - ${theme.layout.navHeight})`,
          overflowY: 'auto',
          padding: '0.5rem 1.25rem 1.5rem',
          borderTop: '1px solid rgba(200,171,120,0.25)',
          [mq.md]: { display: 'none' },
        }}
      >
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {NAVIGATION.map((entry) => {
            if (!isGroup(entry))
              return (
                <li key={entry.to} css={{ borderBottom: '1px solid rgba(247,244,238,0.1)' }}>
                  <RouterNavLink
                    to={entry.to}
                    onClick={closeMobile}
                    css={{ ...itemText, display: 'block', padding: '1rem 0', color: theme.color.ivory, textDecoration: 'none' }}
                  >
                    {entry.label}
                  </RouterNavLink>
                </li>
              );
            const expanded = mobileGroup === entry.label;
            const panelId = `${mobileMenuId}-${entry.label.replace(/\W+/g, '-')}`;
            return (
              <li key={entry.label} css={{ borderBottom: '1px solid rgba(247,244,238,0.1)' }}>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setMobileGroup((current) => (current === entry.label ? null : entry.label))}
                  css={{
                    ...itemText,
                    width: '100%',
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    padding: '1rem 0',
                    background: 'none',
                    border: 'none',
                    color: theme.color.ivory,
                    cursor: 'pointer',
                  }}
                >
                  {entry.label}
                  <Chevron open={expanded} />
                </button>
                <ul id={panelId} hidden={!expanded} css={{ listStyle: 'none', margin: 0, padding: '0 0 0.75rem 1rem' }}>
                  {entry.links.map((link) => (
                    <li key={link.to}>
                      <RouterNavLink
                        to={link.to}
                        onClick={closeMobile}
                        css={{
                          display: 'block',
                          padding: '0.6rem 0',
                          color: theme.color.mutedOnDark,
                          textDecoration: 'none',
                          '&.active, &:hover': { color: theme.color.gold },
                        }}
                      >
                        {link.label}
                      </RouterNavLink>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </header>
  );
}
