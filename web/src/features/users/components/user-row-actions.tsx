import { type AdminUserRow, USER_RULE_MESSAGES } from '@switchboard/contract/users';
import {
  BanIcon,
  EyeIcon,
  RotateCcwIcon,
  ShieldMinusIcon,
  ShieldPlusIcon,
  Trash2Icon,
  UserCheckIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { IconButton } from '@/components/icon-button.tsx';
import { Button } from '@/components/ui/button.tsx';

interface UserRowActionsProps {
  user: AdminUserRow;
  isSelf: boolean;
  busy: boolean;
  /** Not offered when absent (the admin's role may not do it). */
  onToggleAdmin?: (user: AdminUserRow, opener: HTMLElement) => void;
  onDelete?: (user: AdminUserRow, opener: HTMLElement) => void;
  onSuspend?: (user: AdminUserRow, opener: HTMLElement) => void;
  onReactivate?: (user: AdminUserRow, opener: HTMLElement) => void;
  onRestore?: (user: AdminUserRow, opener: HTMLElement) => void;
}

/** Why the admin toggle is off for this row, or null when it is allowed. */
function adminToggleBlocked(user: AdminUserRow, isSelf: boolean): string | null {
  if (isSelf) return USER_RULE_MESSAGES.cannotDemoteSelf;
  if (user.is_root_admin) return USER_RULE_MESSAGES.rootAdminIsAlwaysAdmin;
  return null;
}

const SIZE = 'size-8 sm:size-9';

export function UserRowActions(props: UserRowActionsProps) {
  const { user, isSelf, busy, onToggleAdmin, onDelete, onSuspend, onReactivate, onRestore } = props;
  const toggleLabel = user.is_admin ? 'Remove Admin' : 'Make Admin';
  const toggleBlocked = adminToggleBlocked(user, isSelf);
  const deleteBlocked = isSelf ? USER_RULE_MESSAGES.cannotDeleteSelf : null;
  const deleted = user.deleted_at !== null;

  return (
    <div className="flex items-center justify-end gap-0.5 sm:gap-1">
      <Button asChild variant="ghost" size="icon" className={SIZE}>
        <Link to={`/users/${user.id}`} aria-label={`View ${user.username}`} title="Open the user page">
          <EyeIcon aria-hidden="true" />
        </Link>
      </Button>
      {/* A deleted user is restored first; nothing else is offered on their row. */}
      {deleted && onRestore ? (
        <IconButton
          icon={RotateCcwIcon}
          className={SIZE}
          label={`Restore ${user.username}`}
          title="Restore user"
          disabled={busy}
          onClick={(event) => onRestore(user, event.currentTarget)}
        />
      ) : null}
      {!deleted && user.is_active && onSuspend && !isSelf && !user.is_root_admin ? (
        <IconButton
          icon={BanIcon}
          className={SIZE}
          label={`Suspend ${user.username}`}
          title="Suspend user"
          disabled={busy}
          onClick={(event) => onSuspend(user, event.currentTarget)}
        />
      ) : null}
      {!deleted && !user.is_active && onReactivate ? (
        <IconButton
          icon={UserCheckIcon}
          className={SIZE}
          label={`Reactivate ${user.username}`}
          title="Reactivate user"
          disabled={busy}
          onClick={(event) => onReactivate(user, event.currentTarget)}
        />
      ) : null}
      {!deleted && onToggleAdmin ? (
        <IconButton
          icon={user.is_admin ? ShieldMinusIcon : ShieldPlusIcon}
          className={SIZE}
          label={`${toggleLabel}: ${user.username}`}
          title={toggleBlocked ?? toggleLabel}
          disabled={busy || toggleBlocked !== null}
          onClick={(event) => onToggleAdmin(user, event.currentTarget)}
        />
      ) : null}
      {!deleted && onDelete ? (
        <IconButton
          icon={Trash2Icon}
          className={`${SIZE} text-destructive hover:text-destructive`}
          label={`Delete ${user.username}`}
          title={deleteBlocked ?? 'Delete user'}
          disabled={busy || deleteBlocked !== null}
          onClick={(event) => onDelete(user, event.currentTarget)}
        />
      ) : null}
    </div>
  );
}
