import type { ComponentProps, ReactNode } from 'react';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '@/components/ui/dialog.tsx';

type DetailsDialogProps = Omit<ComponentProps<typeof ModalDialog>, 'showCloseButton'> & {
  /** Where focus goes on close; there is no Trigger for Radix to return it to. */
  onCloseAutoFocus(event: Event): void;
};

/** A read-only dialog about one row: its header, the details, and a Close button. */
export function DetailsDialog({ children, ...shell }: DetailsDialogProps) {
  return (
    <ModalDialog {...shell} showCloseButton={false}>
      {children}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      </DialogFooter>
    </ModalDialog>
  );
}

/** The two-column list of DetailFields. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2.5 text-sm">{children}</dl>;
}
