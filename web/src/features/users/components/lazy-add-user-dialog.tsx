import { lazy, Suspense, useState } from 'react';
import type { AddUserDialogProps } from './add-user-dialog.tsx';

/**
 * The Add User form (react-hook-form, and the full zod of its rules in user-create.ts) is not part of the
 * users screen's first download: it loads when the admin points at or focuses the button that opens it,
 * or at the latest when the dialog opens.
 */
const loadAddUserDialog = () => import('./add-user-dialog.tsx');

/** A failed download is left for the dialog's own load to report, when it opens. */
export function preloadAddUserDialog(): void {
  loadAddUserDialog().catch(() => {});
}

const AddUserDialog = lazy(() => loadAddUserDialog().then((m) => ({ default: m.AddUserDialog })));

/** Mounted from the first opening on, so that closing animates and returns focus like any dialog. */
export function LazyAddUserDialog(props: AddUserDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AddUserDialog {...props} />
    </Suspense>
  );
}
