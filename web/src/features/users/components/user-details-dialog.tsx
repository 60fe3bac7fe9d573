import type { AdminUserRow } from '@switchboard/contract/users';
import { Link } from 'react-router';
import { DetailField } from '@/components/detail-field.tsx';
import { DetailList, DetailsDialog } from '@/components/details-dialog.tsx';
import { Time } from '@/components/time.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCoins } from '@/lib/format.ts';
import { displayName } from '@/lib/user-display.ts';
import { useUser } from '../api.ts';
import { AdminSignInSection } from './admin-sign-in-section.tsx';
import { UserRoleBadges, UserStatusBadges } from './user-badges.tsx';

interface UserDetailsDialogProps {
  /** The row that was clicked; shown at once while the fresh copy loads. */
  user: AdminUserRow | null;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus(event: Event): void;
}

export function UserDetailsDialog({ user, onOpenChange, onCloseAutoFocus }: UserDetailsDialogProps) {
  const { data: fresh, error } = useUser(user?.id ?? null);
  // The server's current copy once it arrives; the clicked row until then.
  const shown = fresh && fresh.id === user?.id ? fresh : user;

  return (
    <DetailsDialog open={user !== null} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus}>
      {shown ? (
        <>
          <DialogHeader>
            <div className="flex items-center gap-3">
              <UserAvatar user={shown} className="size-11 text-base" />
              <div className="min-w-0">
                <DialogTitle>{displayName(shown)}</DialogTitle>
                <DialogDescription>User details</DialogDescription>
              </div>
            </div>
          </DialogHeader>
          <DetailList>
            <DetailField label="ID">
              {/* The user's own id, shown on purpose (the no-uuids e2e skips it). */}
              <span className="font-mono text-xs break-all" data-shows-id>
                {shown.id}
              </span>
            </DetailField>
            <DetailField label="Username">{shown.username}</DetailField>
            <DetailField label="Email">
              <span className="break-all">{shown.email}</span>
            </DetailField>
            <DetailField label="Full name">{shown.full_name || '—'}</DetailField>
            <DetailField label="Status">
              <UserStatusBadges user={shown} />
            </DetailField>
            <DetailField label="Account">{shown.is_active ? 'Active' : 'Inactive'}</DetailField>
            <DetailField label="Role">
              <UserRoleBadges user={shown} />
            </DetailField>
            <DetailField label="Coin balance">
              {formatCoins(shown.coin_balance)}{' '}
              <Link
                to={`/coin-management?user=${shown.id}`}
                className="text-primary text-xs underline-offset-4 hover:underline"
              >
                View ledger
              </Link>
            </DetailField>
            <DetailField label="Total earned">{formatCoins(shown.total_earned)}</DetailField>
            <DetailField label="Total spent">{formatCoins(shown.total_spent)}</DetailField>
            <DetailField label="Joined">
              <Time value={shown.created_at} />
            </DetailField>
            <DetailField label="Last login">
              <Time value={shown.last_login} missing="Never" />
            </DetailField>
          </DetailList>
          {shown.is_admin && <AdminSignInSection adminId={shown.id} isRoot={shown.is_root_admin} />}
          {error ? (
            <p role="status" className="text-xs text-muted-foreground">
              Could not refresh these details: {errorMessage(error, 'Failed to load user')}
            </p>
          ) : null}
        </>
      ) : (
        <DialogTitle className="sr-only">User details</DialogTitle>
      )}
    </DetailsDialog>
  );
}
