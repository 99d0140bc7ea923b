/** An accessible modal dialog: focus moves in and back, Tab stays inside, Escape and the backdrop close it, the page behind does not scroll. */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { theme, mq } from './theme';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** 'panel' for forms (white card), 'media' for a full-screen dark viewer. */
  variant?: 'panel' | 'media';
  closeLabel?: string;
  maxWidth?: number;
}

export function Dialog({ open, onClose, title, subtitle, children, variant = 'panel', closeLabel = 'Close', maxWidth = 640 }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstItem || !panel.contains(document.activeElement))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (document.activeElement === lastItem || !panel.contains(document.activeElement))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  const media = variant === 'media';
  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a press on the backdrop closes the dialog, as Escape and the close button do for keyboards
    <div
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: theme.layer.dialog,
        background: media ? 'rgba(10,11,13,0.96)' : 'rgba(20,22,26,0.6)',
        backdropFilter: media ? undefined : 'blur(4px)',
        display: 'flex',
        alignItems: media ? 'stretch' : 'center',
        justifyContent: 'center',
        padding: media ? 0 : theme.space.md,
        overflowY: 'auto',
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        css={{
          position: 'relative',
          width: '100%',
          maxWidth: media ? 'none' : maxWidth,
          background: media ? 'transparent' : theme.color.paper,
          color: media ? theme.color.ivory : theme.color.ink,
          borderRadius: media ? 0 : theme.radius.md,
          boxShadow: media ? 'none' : theme.shadow.lifted,
          padding: media ? theme.space.md : theme.space.lg,
          margin: 'auto',
          outline: 'none',
          [mq.md]: { padding: media ? theme.space.lg : theme.space.xl },
        }}
      >
        <div css={{ paddingRight: '3rem' }}>
          <h2 id={titleId} css={{ fontSize: theme.fontSize.h3, marginBottom: subtitle ? '0.25em' : '0.75em' }}>
            {title}
          </h2>
          {subtitle ? <p css={{ color: media ? theme.color.mutedOnDark : theme.color.muted, marginBottom: theme.space.lg }}>{subtitle}</p> : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          title={closeLabel}
          css={{
            position: 'absolute',
            top: theme.space.md,
            right: theme.space.md,
            width: 44,
            height: 44,
            border: 'none',
            borderRadius: theme.radius.pill,
            background: media ? 'rgba(255,255,255,0.12)' : theme.color.ivory,
            color: 'inherit',
            fontSize: 24,
            lineHeight: 1,
            cursor: 'pointer',
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
