import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';

export const UNSAVED_CHANGES = {
  title: 'Leave without saving?',
  description: 'Your changes have not been saved. If you leave now, they are lost.',
  stay: 'Stay',
  leave: 'Leave without saving',
} as const;

/**
 * While `when` holds, leaving the screen asks first: a link or Back inside the console opens this
 * dialog (react-router's useBlocker; a change of search params on the same screen, such as a tab, is
 * not leaving), and closing or reloading the browser tab gets the browser's own question.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  // Leave closes the dialog too; that close must not then cancel the navigation it let through.
  const leaving = useRef(false);
  const blocked = blocker.state === 'blocked';
  if (blocked) leaving.current = false;
  return (
    <AlertDialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocked && !leaving.current) blocker.reset();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{UNSAVED_CHANGES.title}</AlertDialogTitle>
          <AlertDialogDescription>{UNSAVED_CHANGES.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{UNSAVED_CHANGES.stay}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              leaving.current = true;
              if (blocked) blocker.proceed();
            }}
          >
            {UNSAVED_CHANGES.leave}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
