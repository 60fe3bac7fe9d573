import {
  USER_ACTION_CONFIRMATIONS,
  USER_PROFILE_MESSAGES,
  type UserProfile,
  userProfileEndpoints,
} from '@switchboard/contract/user-profile';
import { usersEndpoints } from '@switchboard/contract/users';
import { ArrowLeftIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCoins, formatCount } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session-context.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { LedgerSection, SessionsSection } from './user-page/account-sections.tsx';
import {
  CallsSection,
  FollowsSection,
  LocationsSection,
  ReportsSection,
  SecurityEventsSection,
} from './user-page/activity-sections.tsx';
import { NotesSection } from './user-page/notes-section.tsx';
import { SuspendDialog } from './user-page/suspend-dialog.tsx';
import { useEraseUser } from './user-page/use-erase-user.ts';
import {
  exportUser,
  useReactivateUser,
  useResetSessions,
  useRestoreUser,
  useSuspendUser,
  useUnlockSignIn,
  useUserProfile,
} from './user-page-api.ts';

type Confirmable = 'reactivate' | 'restore' | 'resetSessions' | 'unlockSignIn' | 'export' | 'erase';
const noFocusMove = () => undefined;

function StatusBadge({ profile }: { profile: UserProfile }) {
  if (profile.status === 'deleted') return <Badge variant="destructive">Deleted</Badge>;
  if (profile.status === 'suspended') return <Badge variant="destructive">Suspended</Badge>;
  return <Badge variant="secondary">Active</Badge>;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** One user's page: who they are, their status, what they did, and every action on them. */
export function UserPage() {
  const { id = '' } = useParams();
  const profile = useUserProfile(id);
  const { user: me } = useSession();
  const can = useCan();
  const suspend = useSuspendUser(id);
  const reactivate = useReactivateUser();
  const restore = useRestoreUser();
  const reset = useResetSessions(id);
  const unlock = useUnlockSignIn(id);
  const erase = useEraseUser();
  const [suspending, setSuspending] = useState(false);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const p = profile.data;
  useDocumentTitle(p ? `${p.username} · Users` : 'Users');

  useEffect(() => {
    if (p) document.title = `${p.username} · Users · Switchboard`;
  }, [p]);

  if (profile.isError)
    return (
      <ErrorPanel
        title="Could not load this user"
        message={errorMessage(profile.error, 'Failed to fetch the user')}
        onRetry={() => profile.refetch()}
      />
    );

  const run = async (action: Confirmable) => {
    try {
      if (action === 'reactivate') {
        await reactivate.mutateAsync(id);
        toast.success(USER_PROFILE_MESSAGES.reactivated);
      }
      if (action === 'restore') {
        await restore.mutateAsync(id);
        toast.success(USER_PROFILE_MESSAGES.restored);
      }
      if (action === 'resetSessions') toast.success((await reset.mutateAsync(undefined)).message);
      if (action === 'unlockSignIn') toast.success((await unlock.mutateAsync(undefined)).message);
      if (action === 'export') {
        await exportUser(id);
        toast.success('Export downloaded');
      }
      if (action === 'erase') toast.success((await erase.mutateAsync(id)).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The action failed'));
    }
  };
  const CONFIRM: Record<Confirmable, { title: string; label: string; pending: string }> = {
    reactivate: { title: 'Reactivate user', label: 'Reactivate', pending: 'Reactivating...' },
    restore: { title: 'Restore user', label: 'Restore', pending: 'Restoring...' },
    resetSessions: { title: 'Reset sessions', label: 'End all sessions', pending: 'Ending...' },
    unlockSignIn: { title: 'Unlock sign-in', label: 'Unlock', pending: 'Unlocking...' },
    export: { title: 'Export user data', label: 'Download', pending: 'Downloading...' },
    erase: { title: 'Erase personal data', label: 'Erase', pending: 'Erasing...' },
  };
  const isSelf = me?.id === id;
  // Another admin's sessions (and the export that holds them) are for admins:manage; root's for root.
  const seesSessions =
    !p ||
    isSelf ||
    (!p.is_admin && !p.is_root_admin) ||
    (p.is_root_admin ? me?.is_root_admin === true : can('admins:manage'));

  return (
    <div className="flex flex-col gap-6">
      <Link to="/users" className="flex items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Users
      </Link>
      <PageHeader
        title={p ? p.full_name || p.username : 'User'}
        description={p ? `@${p.username} · ${p.email}` : 'Loading…'}
        actions={
          p ? (
            <div className="flex flex-wrap gap-2">
              {p.status === 'active' && can(userProfileEndpoints.suspend) && !isSelf && !p.is_root_admin ? (
                <Button variant="destructive" onClick={() => setSuspending(true)}>
                  Suspend
                </Button>
              ) : null}
              {p.status === 'suspended' && can(userProfileEndpoints.reactivate) ? (
                <Button onClick={() => setConfirming('reactivate')}>Reactivate</Button>
              ) : null}
              {p.status === 'deleted' && can(userProfileEndpoints.restore) ? (
                <Button onClick={() => setConfirming('restore')}>Restore</Button>
              ) : null}
              {can(userProfileEndpoints.resetSessions) && seesSessions ? (
                <Button variant="outline" onClick={() => setConfirming('resetSessions')}>
                  Reset sessions
                </Button>
              ) : null}
              {can(userProfileEndpoints.unlockSignIn) ? (
                <Button variant="outline" onClick={() => setConfirming('unlockSignIn')}>
                  Unlock sign-in
                </Button>
              ) : null}
              {can(userProfileEndpoints.export) && seesSessions ? (
                <Button variant="outline" onClick={() => setConfirming('export')}>
                  Export
                </Button>
              ) : null}
              {p.status === 'deleted' && can(usersEndpoints.erase) ? (
                <Button variant="destructive" onClick={() => setConfirming('erase')}>
                  Erase
                </Button>
              ) : null}
            </div>
          ) : undefined
        }
      />
      <TitledCard title="Profile">
        {p ? (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="Status">
              <span className="flex flex-wrap items-center gap-2" data-testid="user-status">
                <StatusBadge profile={p} />
                {p.is_root_admin ? <Badge>Root admin</Badge> : p.is_admin ? <Badge>Admin</Badge> : null}
              </span>
            </Field>
            {p.suspension ? (
              <Field label="Suspension">
                <span data-testid="suspension">
                  {p.suspension.reason ?? 'No reason given'} ·{' '}
                  {p.suspension.until ? (
                    <>
                      until <Time value={p.suspension.until} exact />
                    </>
                  ) : (
                    'until reactivated'
                  )}
                </span>
              </Field>
            ) : null}
            {p.deleted_at ? (
              <Field label="Deleted">
                <Time value={p.deleted_at} />
              </Field>
            ) : null}
            <Field label="User id">
              <span className="flex items-center gap-1">
                <code className="break-all text-xs" data-shows-id>
                  {p.id}
                </code>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label="Copy user id"
                  onClick={async () => {
                    await navigator.clipboard?.writeText(p.id);
                    toast.success('User id copied');
                  }}
                >
                  <CopyIcon aria-hidden="true" />
                </Button>
              </span>
            </Field>
            <Field label="Online now">{p.is_online ? 'Yes' : 'No'}</Field>
            <Field label="Last seen">
              <Time value={p.last_seen_at} missing="Never" />
            </Field>
            <Field label="Last sign-in">
              <Time value={p.last_login} missing="Never" />
            </Field>
            <Field label="Joined">
              <Time value={p.created_at} />
            </Field>
            <Field label="Coin balance">{formatCoins(p.coin_balance)}</Field>
            <Field label="Earned / spent">
              {formatCoins(p.total_earned)} / {formatCoins(p.total_spent)}
            </Field>
            <Field label="Followers / following">
              {formatCount(p.social.followers)} / {formatCount(p.social.following)}
            </Field>
            <Field label="Likes given / contacts">
              {formatCount(p.social.likes_given)} / {formatCount(p.social.contacts)}
            </Field>
            <Field label="Reports filed / against">
              {formatCount(p.reports.filed)} / {formatCount(p.reports.against)}
            </Field>
          </dl>
        ) : (
          <div
            role="status"
            aria-busy="true"
            aria-label="Loading the user"
            className="grid gap-3 sm:grid-cols-4"
          >
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} className="h-10" />
            ))}
          </div>
        )}
      </TitledCard>
      {p ? (
        <div className="grid gap-6 xl:grid-cols-2">
          <NotesSection id={id} />
          <LedgerSection id={id} />
          <CallsSection id={id} />
          <ReportsSection id={id} />
          <FollowsSection id={id} />
          <LocationsSection id={id} />
          {seesSessions ? <SessionsSection id={id} /> : null}
          <SecurityEventsSection id={id} />
        </div>
      ) : null}

      <SuspendDialog
        open={suspending}
        who={p?.username ?? 'user'}
        onOpenChange={setSuspending}
        onSuspend={async (input) => {
          try {
            await suspend.mutateAsync(input);
            toast.success(USER_PROFILE_MESSAGES.suspended);
            return null;
          } catch (error) {
            return errorMessage(error, 'Failed to suspend user');
          }
        }}
      />
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          onCloseAutoFocus={noFocusMove}
          title={CONFIRM[confirming].title}
          description={USER_ACTION_CONFIRMATIONS[confirming]}
          detail={p ? `${p.username} (${p.email})` : undefined}
          confirmLabel={CONFIRM[confirming].label}
          pendingLabel={CONFIRM[confirming].pending}
          variant={confirming === 'erase' ? 'destructive' : 'default'}
          onConfirm={() => run(confirming)}
        />
      ) : null}
    </div>
  );
}
