import { type AdminUserRow, USER_RULE_MESSAGES } from '@switchboard/contract/users';
import { EyeIcon, ShieldMinusIcon, ShieldPlusIcon, Trash2Icon } from 'lucide-react';
import { IconButton } from '@/components/icon-button.tsx';

interface UserRowActionsProps {
  user: AdminUserRow;
  isSelf: boolean;
  busy: boolean;
  /** `opener` is the clicked button, for focus to return to when the dialog closes. */
  onView(user: AdminUserRow, opener: HTMLElement): void;
  /** Not offered when absent (the admin's role may not do it). */
  onToggleAdmin?: (user: AdminUserRow) => void;
  onDelete?: (user: AdminUserRow, opener: HTMLElement) => void;
}

/** Why the admin toggle is off for this row, or null when it is allowed. */
function adminToggleBlocked(user: AdminUserRow, isSelf: boolean): string | null {
  if (isSelf) return USER_RULE_MESSAGES.cannotDemoteSelf;
  if (user.is_root_admin) return USER_RULE_MESSAGES.rootAdminIsAlwaysAdmin;
  return null;
}

export function UserRowActions({ user, isSelf, busy, onView, onToggleAdmin, onDelete }: UserRowActionsProps) {
  const toggleLabel = user.is_admin ? 'Remove Admin' : 'Make Admin';
  const toggleBlocked = adminToggleBlocked(user, isSelf);
  const deleteBlocked = isSelf ? USER_RULE_MESSAGES.cannotDeleteSelf : null;

  return (
    <div className="flex items-center justify-end gap-0.5 sm:gap-1">
      <IconButton
        icon={EyeIcon}
        className="size-8 sm:size-9"
        label={`View ${user.username}`}
        title="View details"
        onClick={(event) => onView(user, event.currentTarget)}
      />
      {onToggleAdmin ? (
        <IconButton
          icon={user.is_admin ? ShieldMinusIcon : ShieldPlusIcon}
          className="size-8 sm:size-9"
          label={`${toggleLabel}: ${user.username}`}
          title={toggleBlocked ?? toggleLabel}
          disabled={busy || toggleBlocked !== null}
          onClick={() => onToggleAdmin(user)}
        />
      ) : null}
      {onDelete ? (
        <IconButton
          icon={Trash2Icon}
          className="size-8 text-destructive hover:text-destructive sm:size-9"
          label={`Delete ${user.username}`}
          title={deleteBlocked ?? 'Delete user'}
          disabled={busy || deleteBlocked !== null}
          onClick={(event) => onDelete(user, event.currentTarget)}
        />
      ) : null}
    </div>
  );
}
