/**
 * The blog's link menu: opens at the pointer on right click (or under the 'More options' button for keyboard and
 * touch), offers open in new tab, open in a new 800x600 window, copy link address and share link; closes on any
 * other click, on Escape, on scroll and on choosing an item. Arrow keys move between items.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { theme } from '@gta/shared';

export interface MenuTarget {
  url: string;
  title: string;
  x: number;
  y: number;
  /** Where focus goes back to when the menu closes from the keyboard. */
  returnFocus?: HTMLElement | null;
}

export const SHARE_UNSUPPORTED = 'Sharing is not supported in this browser.';
export const NEW_WINDOW_FEATURES = 'width=800,height=600,noopener,noreferrer';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the selection fallback */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand?.('copy') ?? false;
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export function PostMenu({ target, onClose, onStatus }: { target: MenuTarget; onClose: (restoreFocus: boolean) => void; onStatus: (message: string) => void }) {
  const ref = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState({ left: target.x, top: target.y });

  // Keep the menu inside the viewport, then focus its first item.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    const left = Math.max(8, Math.min(target.x, window.innerWidth - width - 8));
    const top = Math.max(8, Math.min(target.y, window.innerHeight - height - 8));
    setPosition({ left, top });
    el.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [target]);

  useEffect(() => {
    // The opening right click is still on its way up to the document when this runs (React runs the effects of a
    // click at once): events from before this moment are that click, and are ignored.
    const openedAt = performance.now();
    const onPointer = (event: MouseEvent) => {
      if (event.timeStamp < openedAt) return;
      if (!ref.current?.contains(event.target as Node)) onClose(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose(true);
      }
    };
    const onScroll = (event: Event) => {
      if (event.timeStamp >= openedAt) onClose(false);
    };
    // Registered at once, not after a timer: a click that comes while the page is busy (input runs before timers)
    // would otherwise find no listener and leave the menu open.
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('contextmenu', onPointer);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('contextmenu', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [onClose]);

  const run = (action: () => void | Promise<void>) => () => {
    onClose(true);
    void action();
  };
  const actions: { label: string; act: () => void | Promise<void> }[] = [
    { label: 'Open in new tab', act: () => void window.open(target.url, '_blank', 'noopener,noreferrer') },
    { label: 'Open in new window', act: () => void window.open(target.url, '_blank', NEW_WINDOW_FEATURES) },
    {
      label: 'Copy link address',
      act: async () => onStatus((await copyText(target.url)) ? 'Link copied to the clipboard.' : 'The link could not be copied.'),
    },
    {
      label: 'Share link',
      act: async () => {
        if (typeof navigator.share === 'function') {
          try {
            await navigator.share({ title: target.title, url: target.url });
          } catch {
            /* the visitor closed the share sheet */
          }
        } else {
          window.alert(SHARE_UNSUPPORTED);
        }
      },
    },
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') onClose(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <ul
      ref={ref}
      role="menu"
      aria-label={`Link options for ${target.title}`}
      data-testid="post-menu"
      onKeyDown={onKeyDown}
      css={{
        position: 'fixed',
        left: position.left,
        top: position.top,
        zIndex: theme.layer.popover,
        minWidth: 230,
        listStyle: 'none',
        margin: 0,
        padding: '0.4rem 0',
        background: theme.color.paper,
        border: `1px solid ${theme.color.stone}`,
        borderRadius: theme.radius.md,
        boxShadow: theme.shadow.lifted,
      }}
    >
      {actions.map((action) => (
        <li key={action.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={run(action.act)}
            css={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              padding: '0.6rem 1rem',
              border: 0,
              background: 'transparent',
              cursor: 'pointer',
              fontSize: theme.fontSize.sm,
              '&:hover, &:focus-visible': { background: theme.color.ivory, color: theme.color.bronze, outline: 'none' },
            }}
          >
            {action.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
