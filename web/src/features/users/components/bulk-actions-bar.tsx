import type { BulkUserActionName } from '@switchboard/contract/users';
import { ShieldMinusIcon, ShieldPlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

interface BulkActionsBarProps {
  count: number;
  /** The action being sent, if any; every button waits for it. */
  pendingAction: BulkUserActionName | null;
  onAction(action: Exclude<BulkUserActionName, 'delete'>): void;
  onDelete(): void;
  onClear(): void;
}

export function BulkActionsBar({ count, pendingAction, onAction, onDelete, onClear }: BulkActionsBarProps) {
  const busy = pendingAction !== null;
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2"
    >
      <span className="mr-auto text-sm font-medium" aria-live="polite">
        {count} selected
      </span>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => onAction('make_admin')}>
        <ShieldPlusIcon aria-hidden="true" />
        {pendingAction === 'make_admin' ? 'Making admin...' : 'Make Admin'}
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => onAction('remove_admin')}>
        <ShieldMinusIcon aria-hidden="true" />
        {pendingAction === 'remove_admin' ? 'Removing admin...' : 'Remove Admin'}
      </Button>
      <Button variant="destructive" size="sm" disabled={busy} onClick={onDelete}>
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={onClear}>
        <XIcon aria-hidden="true" />
        Clear selection
      </Button>
    </section>
  );
}
