import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';

interface DetailsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes on close; there is no Trigger for Radix to return it to. */
  onCloseAutoFocus(event: Event): void;
  /** A plain header; leave out to put a custom DialogHeader first in the children. */
  title?: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A read-only dialog about one row: its header, the details, and a Close button. */
export function DetailsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  className,
  children,
}: DetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus} showCloseButton={false}>
        {title ? (
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
        ) : null}
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The two-column list of DetailFields. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2.5 text-sm">{children}</dl>;
}
