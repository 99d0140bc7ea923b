/**
 * 'Alert me' on the search results: a button that opens the alert dialog (AlertDialog.tsx). The dialog, its form
 * fields and the alert rules are not part of the page's first load: they are fetched when the visitor points at,
 * focuses or presses the button, and the dialog opens once they are here. If they cannot be fetched, a message under
 * the button says so and the next press tries again.
 */
import { useState, type ComponentType } from 'react';
import { Button, theme } from '@gta/shared';
import type { ListingSearchFilters } from '@gta/shared/listing-search';

type AlertDialogComponent = ComponentType<{ filters: ListingSearchFilters; onClose: () => void }>;

let loaded: AlertDialogComponent | null = null;
let loading: Promise<AlertDialogComponent> | null = null;

/** Fetches the dialog's code once; a failed fetch is forgotten so that the next call tries again. */
export function loadAlertDialog(): Promise<AlertDialogComponent> {
  loading ??= import(/* webpackChunkName: "alert-dialog" */ './AlertDialog').then(
    (module) => (loaded = module.AlertDialog),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const preload = () => void loadAlertDialog().catch(() => undefined);

/** The 'Alert me' button of the search results, and its dialog. */
export function AlertMeButton({ filters }: { filters: ListingSearchFilters }) {
  const [open, setOpen] = useState(false);
  const [AlertDialog, setAlertDialog] = useState<AlertDialogComponent | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const openDialog = () => {
    setFailed(false);
    if (AlertDialog) {
      setOpen(true);
      return;
    }
    loadAlertDialog().then(
      (component) => {
        setAlertDialog(() => component);
        setOpen(true);
      },
      () => setFailed(true),
    );
  };
  return (
    <>
      <Button type="button" variant="outline" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={openDialog} css={{ minHeight: 44 }}>
        Alert me
      </Button>
      {failed ? (
        <p role="alert" css={{ margin: 0, fontSize: theme.fontSize.sm, color: theme.color.danger }}>
          The alert form could not be loaded. Please check your connection and try again.
        </p>
      ) : null}
      {open && AlertDialog ? <AlertDialog filters={filters} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
