import { type AdminUserRow, type BulkUserActionName, USER_RULE_MESSAGES } from '@switchboard/contract/users';
import { BanIcon, ShieldMinusIcon, ShieldPlusIcon, Trash2Icon, UserCheckIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';

interface BulkActionsBarProps {
  count: number;
  /** The action being sent, if any; every button waits for it. */
  pendingAction: BulkUserActionName | null;
  /** True while the rows on screen are about to be replaced; nothing can be sent for them. */
  disabled: boolean;
  /** Why Remove Admin would be refused for this selection, or null when it may be sent. */
  removeAdminBlocked: string | null;
  /** Whether the admin's role may make and remove admins; those buttons are not offered otherwise. */
  canManageAdmins: boolean;
  onAction(action: Exclude<BulkUserActionName, 'delete'>): void;
  /** Whether the admin's role may suspend and reactivate users. */
  canChangeStatus?: boolean;
  /** `opener` is the clicked button, for focus to return to when the confirmation closes. */
  onDelete(opener: HTMLElement): void;
  onClear(): void;
}

const ADMIN_ACTIONS = [
  { action: 'make_admin', label: 'Make Admin', pendingLabel: 'Making admin...', Icon: ShieldPlusIcon },
  { action: 'remove_admin', label: 'Remove Admin', pendingLabel: 'Removing admin...', Icon: ShieldMinusIcon },
] as const;

const STATUS_ACTIONS = [
  { action: 'suspend', label: 'Suspend', pendingLabel: 'Suspending...', Icon: BanIcon },
  { action: 'reactivate', label: 'Reactivate', pendingLabel: 'Reactivating...', Icon: UserCheckIcon },
] as const;

export function BulkActionsBar(props: BulkActionsBarProps) {
  const { count, pendingAction, disabled, removeAdminBlocked, canManageAdmins, onAction, onDelete, onClear } =
    props;
  const statusActions = props.canChangeStatus ? STATUS_ACTIONS : [];
  const blockedId = useId();
  const busy = pendingAction !== null || disabled;
  return (
    <section
      aria-label="Bulk actions"
      data-bulk-actions
      className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2"
    >
      <span className="mr-auto text-sm font-medium" aria-live="polite">
        {count} selected
      </span>
      {(canManageAdmins ? ADMIN_ACTIONS : []).map(({ action, label, pendingLabel, Icon }) => {
        const blocked = action === 'remove_admin' ? removeAdminBlocked : null;
        return (
          <Button
            key={action}
            variant="outline"
            size="sm"
            disabled={busy || blocked !== null}
            title={blocked ?? undefined}
            aria-describedby={blocked ? blockedId : undefined}
            onClick={() => onAction(action)}
          >
            <Icon aria-hidden="true" />
            {pendingAction === action ? pendingLabel : label}
          </Button>
        );
      })}
      {statusActions.map(({ action, label, pendingLabel, Icon }) => (
        <Button key={action} variant="outline" size="sm" disabled={busy} onClick={() => onAction(action)}>
          <Icon aria-hidden="true" />
          {pendingAction === action ? pendingLabel : label}
        </Button>
      ))}
      <Button
        variant="destructive"
        size="sm"
        disabled={busy}
        onClick={(event) => onDelete(event.currentTarget)}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={onClear}>
        <XIcon aria-hidden="true" />
        Clear selection
      </Button>
      {/* Shown, not only a tooltip: phones have no hover to reveal a title. */}
      {canManageAdmins && removeAdminBlocked ? (
        <p id={blockedId} className="basis-full text-xs text-muted-foreground">
          {removeAdminBlocked}
        </p>
      ) : null}
    </section>
  );
}

/** Why Remove Admin would be refused for these selected rows, or null when it may be sent. */
export function removeAdminRefusal(selected: readonly AdminUserRow[]): string | null {
  const roots = selected.filter((row) => row.is_root_admin).map((row) => row.username);
  if (roots.length === 0) return null;
  const who =
    roots.length === 1
      ? `${roots[0]} is a root administrator`
      : `${roots.join(', ')} are root administrators`;
  return `Cannot remove admin: ${who}. ${USER_RULE_MESSAGES.rootAdminIsAlwaysAdmin}.`;
}
