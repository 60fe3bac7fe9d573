import { useState } from 'react';
import { Time } from '@/components/time.tsx';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session-context.tsx';
import { useAdminSessions, useEndAdminSession, useResetTwoFactor } from '../api.ts';

/**
 * Another admin's sign-in, in their details: their sessions (for an admin with `admins:manage`), each
 * of which can be ended, and root's reset of their second factor (a lost phone).
 */
export function AdminSignInSection({ adminId, isRoot }: { adminId: string; isRoot: boolean }) {
  const can = useCan();
  const { user } = useSession();
  const mayManage = can('admins:manage') && (!isRoot || Boolean(user?.is_root_admin));
  const mayReset = Boolean(user?.is_root_admin) && user?.id !== adminId;
  if (!mayManage && !mayReset) return null;
  return (
    <section aria-labelledby="admin-sign-in-title" className="space-y-3 border-t pt-4">
      <h3 id="admin-sign-in-title" className="text-sm font-semibold">
        Sign-in
      </h3>
      {mayManage && <AdminSessions adminId={adminId} />}
      {mayReset && <ResetTwoFactor adminId={adminId} />}
    </section>
  );
}

function AdminSessions({ adminId }: { adminId: string }) {
  const sessions = useAdminSessions(adminId, true);
  const end = useEndAdminSession(adminId);
  if (sessions.isPending) return <p className="text-sm text-muted-foreground">Loading sessions...</p>;
  if (sessions.isError)
    return (
      <p className="text-sm text-destructive">{errorMessage(sessions.error, 'Failed to load sessions')}</p>
    );
  if (sessions.data.length === 0)
    return <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>;
  return (
    <ul className="space-y-2" aria-label="Sessions">
      {sessions.data.map((s) => (
        <li key={s.id} className="flex items-center gap-2 text-sm">
          <span className="min-w-0 flex-1">
            {s.device}
            {s.app ? ' (app)' : ''} · {s.ip_address ?? 'unknown address'} · last seen{' '}
            <Time value={s.last_seen_at} missing="Never" />
          </span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => end.mutate(s.id)}
            disabled={end.isPending}
            aria-label={`End session on ${s.device}`}
          >
            End
          </Button>
        </li>
      ))}
    </ul>
  );
}

function ResetTwoFactor({ adminId }: { adminId: string }) {
  const reset = useResetTwoFactor();
  const [asking, setAsking] = useState(false);
  if (reset.isSuccess)
    return (
      <p className="text-sm" role="status">
        {reset.data.message}
      </p>
    );
  return (
    <div className="space-y-2">
      {reset.isError && (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(reset.error, 'Could not reset two-factor sign-in')}
        </p>
      )}
      {asking ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>Remove this admin’s authenticator and recovery codes?</span>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => reset.mutate(adminId)}
            disabled={reset.isPending}
          >
            Reset
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
          Reset two-factor
        </Button>
      )}
    </div>
  );
}
