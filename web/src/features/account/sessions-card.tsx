import { LaptopIcon, SmartphoneIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { FormAlert } from '@/components/form-alert.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useReturnFocus } from '@/lib/use-return-focus.ts';
import { useEndOtherSessions, useEndSession, useSessions } from './api.ts';

const CONFIRM_END_OTHERS = 'End every other session? Those devices will have to sign in again.';

export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLUListElement>(null);
  const returnFocus = useReturnFocus(heading);

  let body: React.ReactNode;
  if (sessions.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading...
      </p>
    );
  } else if (sessions.isError) {
    body = (
      <ErrorPanel
        message={errorMessage(sessions.error, 'Failed to load your sessions')}
        onRetry={() => void sessions.refetch()}
      />
    );
  } else if (sessions.data.length === 0) {
    body = <EmptyState title="No sessions" description="No device is signed in as you." />;
  } else {
    const others = sessions.data.filter((s) => !s.current).length;
    body = (
      <div className="space-y-4">
        {(endOne.isError || endOthers.isError) && (
          <FormAlert message={errorMessage(endOne.error ?? endOthers.error, 'Could not end the session')} />
        )}
        <ul
          ref={heading}
          tabIndex={-1}
          className="divide-y rounded-lg border outline-none"
          aria-label="Signed-in sessions"
        >
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              {session.app ? (
                <SmartphoneIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              ) : (
                <LaptopIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {session.device}
                  {session.current && <Badge variant="secondary">This device</Badge>}
                  {session.app && <Badge variant="outline">App</Badge>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {session.ip_address ?? 'Unknown address'} · Signed in <Time value={session.signed_in_at} />{' '}
                  · Last seen <Time value={session.last_seen_at} missing="Never" />
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => endOne.mutate(session.id)}
                  disabled={endOne.isPending}
                  aria-label={`End session on ${session.device}`}
                >
                  End
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Button
          variant="outline"
          disabled={others === 0 || endOthers.isPending}
          onClick={(event) => {
            returnFocus.remember(event.currentTarget);
            setConfirming(true);
          }}
        >
          End all other sessions
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          title="End all other sessions"
          description={CONFIRM_END_OTHERS}
          confirmLabel="End sessions"
          pendingLabel="Ending..."
          onConfirm={() => endOthers.mutateAsync()}
        />
      </div>
    );
  }
  return (
    <TitledCard title="Sessions" className="space-y-4">
      {body}
    </TitledCard>
  );
}
