import { coinsEndpoints } from '@switchboard/contract/coins';
import { USER_ACTION_CONFIRMATIONS, userProfileEndpoints } from '@switchboard/contract/user-profile';
import { useState } from 'react';
import { toast } from 'sonner';
import { Can } from '@/components/can.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { PagedSection, useCursorPages } from '@/components/paged-section.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCoins } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { useAdjustCoins, useEndUserSession, useUserLedger, useUserSessions } from '../user-page-api.ts';

const noFocusMove = () => undefined;

export function SessionsSection({ id }: { id: string }) {
  const sessions = useUserSessions(id);
  const end = useEndUserSession(id);
  const can = useCan();
  const [ending, setEnding] = useState<string | null>(null);
  return (
    <TitledCard title="Sessions and devices" className="flex flex-col gap-2">
      {sessions.isError ? (
        <p className="text-sm text-destructive">Could not load sessions.</p>
      ) : sessions.data === undefined ? (
        <p className="text-sm text-muted-foreground">Loading sessions…</p>
      ) : sessions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No live sessions</p>
      ) : (
        <ul className="divide-y text-sm">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="font-medium">{s.device}</span>
              <span className="text-muted-foreground">{s.app ? 'App' : 'Console'}</span>
              <span className="text-muted-foreground">{s.ip_address ?? 'Unknown address'}</span>
              <span className="text-xs text-muted-foreground">
                last seen <Time value={s.last_seen_at} missing="never" />
              </span>
              {can(userProfileEndpoints.endSession) ? (
                <Button size="sm" variant="outline" className="ml-auto" onClick={() => setEnding(s.id)}>
                  End session
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        onCloseAutoFocus={noFocusMove}
        title="End session"
        description={USER_ACTION_CONFIRMATIONS.endSession}
        confirmLabel="End session"
        pendingLabel="Ending..."
        onConfirm={async () => {
          if (!ending) return;
          try {
            toast.success((await end.mutateAsync(ending)).message);
          } catch (e) {
            toast.error(errorMessage(e, 'Failed to end the session'));
          }
        }}
      />
    </TitledCard>
  );
}

export function LedgerSection({ id }: { id: string }) {
  const can = useCan();
  const pages = useCursorPages();
  const readable = can(coinsEndpoints.userLedger);
  const ledger = useUserLedger(id, pages.cursor, readable);
  const adjust = useAdjustCoins(id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!readable) return null;
  return (
    <div className="flex flex-col gap-3">
      <PagedSection
        title="Coin ledger"
        controls={
          <Can needed={coinsEndpoints.add}>
            <form
              aria-label="Adjust coins"
              className="flex flex-wrap items-end gap-2"
              onSubmit={async (event) => {
                event.preventDefault();
                try {
                  await adjust.mutateAsync({ amount: Number(amount), description: reason });
                  setAmount('');
                  setReason('');
                  setError(null);
                  pages.reset();
                  toast.success('Coins adjusted');
                } catch (e) {
                  setError(errorMessage(e, 'Failed to adjust coins'));
                }
              }}
            >
              <div className="flex flex-col gap-1">
                <Label htmlFor="adjust-amount">Adjust by</Label>
                <Input
                  id="adjust-amount"
                  type="number"
                  className="w-28"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </div>
              <div className="flex min-w-48 flex-1 flex-col gap-1">
                <Label htmlFor="adjust-reason">Reason (required)</Label>
                <Input id="adjust-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
              </div>
              <Button type="submit" size="sm" disabled={adjust.isPending || !amount || !reason.trim()}>
                Adjust
              </Button>
              {error ? <p className="basis-full text-sm text-destructive">{error}</p> : null}
            </form>
          </Can>
        }
        rows={ledger.data?.transactions}
        error={ledger.isError}
        empty="No coin transactions"
        nextCursor={ledger.data?.next_cursor}
        pages={pages}
        rowKey={(t) => t.id}
        render={(t) => (
          <div className="flex flex-wrap items-center gap-x-3">
            <span className={t.amount < 0 ? 'text-destructive' : 'text-success'}>
              {t.amount > 0 ? '+' : ''}
              {formatCoins(t.amount)}
            </span>
            <span className="text-muted-foreground">{t.transaction_type}</span>
            <span className="min-w-0 flex-1 truncate">{t.description}</span>
            <span className="text-xs text-muted-foreground">
              <Time value={t.created_at} />
            </span>
          </div>
        )}
      />
    </div>
  );
}
