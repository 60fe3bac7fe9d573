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
  title: string;
  description: string;
  /** The body; rendered only while open, so a form keyed by what it edits starts fresh on each opening. */
  children: ReactNode;
}

/** A modal with a heading and a body that scrolls when the window is short. */
export function ModalDialog({ open, onOpenChange, title, description, children }: ModalDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            {children}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
