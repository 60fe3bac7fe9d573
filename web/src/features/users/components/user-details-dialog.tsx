import type { AdminUserRow } from '@switchboard/contract/users';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
import { errorMessage } from '@/lib/error-message.ts';
import { useUser } from '../api.ts';
import { displayName, formatCoins, formatDateTime } from '../user-format.ts';
import { UserAvatar } from './user-avatar.tsx';
import { UserRoleBadges, UserStatusBadges } from './user-badges.tsx';

interface UserDetailsDialogProps {
  /** The row that was clicked; shown at once while the fresh copy loads. */
  user: AdminUserRow | null;
  onOpenChange(open: boolean): void;
  /** Where focus goes on close; there is no Trigger for Radix to return it to. */
  onCloseAutoFocus(event: Event): void;
}

export function UserDetailsDialog({ user, onOpenChange, onCloseAutoFocus }: UserDetailsDialogProps) {
  const { data: fresh, error } = useUser(user?.id ?? null);
  // The server's current copy once it arrives; the clicked row until then.
  const shown = fresh && fresh.id === user?.id ? fresh : user;

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
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
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2.5 text-sm">
              <Field label="ID">
                <span className="font-mono text-xs break-all">{shown.id}</span>
              </Field>
              <Field label="Username">{shown.username}</Field>
              <Field label="Email">
                <span className="break-all">{shown.email}</span>
              </Field>
              <Field label="Full name">{shown.full_name || '—'}</Field>
              <Field label="Status">
                <UserStatusBadges user={shown} />
              </Field>
              <Field label="Account">{shown.is_active ? 'Active' : 'Inactive'}</Field>
              <Field label="Role">
                <UserRoleBadges user={shown} />
              </Field>
              <Field label="Coin balance">
                {formatCoins(shown.coin_balance)}{' '}
                <Link
                  to={`/coin-management?user=${shown.id}`}
                  className="text-primary text-xs underline-offset-4 hover:underline"
                >
                  View ledger
                </Link>
              </Field>
              <Field label="Total earned">{formatCoins(shown.total_earned)}</Field>
              <Field label="Total spent">{formatCoins(shown.total_spent)}</Field>
              <Field label="Joined">{formatDateTime(shown.created_at)}</Field>
              <Field label="Last login">{formatDateTime(shown.last_login)}</Field>
            </dl>
            {error ? (
              <p role="status" className="text-xs text-muted-foreground">
                Could not refresh these details: {errorMessage(error, 'Failed to load user')}
              </p>
            ) : null}
          </>
        ) : (
          <DialogTitle className="sr-only">User details</DialogTitle>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
