import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';

interface ModalDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A plain header; leave out to put a custom DialogHeader first in the children. */
  title?: ReactNode;
  description?: ReactNode;
  /** Where focus goes on close, for a dialog opened without a Trigger for Radix to return it to. */
  onCloseAutoFocus?(event: Event): void;
  className?: string;
  showCloseButton?: boolean;
  /** The body; rendered only while open, so a form keyed by what it edits starts fresh on each opening. */
  children: ReactNode;
}

/** The one modal shell: a heading, then the body (a form, details, a confirmation) with its own footer. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  onCloseAutoFocus,
  className,
  showCloseButton,
  children,
}: ModalDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={className}
        onCloseAutoFocus={onCloseAutoFocus}
        showCloseButton={showCloseButton}
      >
        {open ? (
          <>
            {title !== undefined ? (
              <DialogHeader>
                <DialogTitle>{title}</DialogTitle>
                {description ? <DialogDescription>{description}</DialogDescription> : null}
              </DialogHeader>
            ) : null}
            {children}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
