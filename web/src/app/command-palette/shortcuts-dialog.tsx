import { ModalDialog } from '@/components/modal-dialog.tsx';
import { KEYBOARD_SHORTCUTS } from './palette-commands.ts';

interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The console's keyboard shortcuts, opened with '?'. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Work through the console without the mouse."
    >
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {KEYBOARD_SHORTCUTS.map(({ keys, does }) => (
          <div key={does} className="contents">
            <dt className="flex gap-1">
              {keys.map((key) => (
                <kbd key={key} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{does}</dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
