import { coinsEndpoints } from '@switchboard/contract/coins';
import { USER_ACTION_CONFIRMATIONS, userProfileEndpoints } from '@switchboard/contract/user-profile';
import { useState } from 'react';
import { toast } from 'sonner';
import { Can } from '@/components/can.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCoins, formatDurationClock } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import {
  useAddNote,
  useAdjustCoins,
  useEndUserSession,
  useUserLedger,
  useUserSection,
  useUserSessions,
} from '../user-page-api.ts';
import { PagedSection, useCursorPages } from './paged-section.tsx';

const noFocusMove = () => undefined;

function Switch<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
}) {
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <Button
          key={o.value}
          size="sm"
          variant={o.value === value ? 'default' : 'outline'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </fieldset>
  );
}

export function CallsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'calls', pages.cursor ? { cursor: pages.cursor } : {});
  return (
    <PagedSection
      title="Calls"
      rows={q.data?.items}
      error={q.isError}
      empty="No calls yet"
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(c) => c.id}
      render={(c) => (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{c.direction === 'outgoing' ? 'To' : 'From'}</span>
          <UserLink id={c.other_party_id} username={c.other_party_username} />
          <span className="text-muted-foreground">
            {c.type} · {c.status} · {formatDurationClock(c.duration)}
          </span>
          <span className="text-muted-foreground">
            Quality {c.quality === null ? '—' : c.quality.toFixed(1)}
          </span>
          <span className="ml-auto text-xs text-muted-foreground">
            <Time value={c.started_at} />
          </span>
        </div>
      )}
    />
  );
}

export function ReportsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const [side, setSide] = useState<'against' | 'filed'>('against');
  const q = useUserSection(id, 'reports', { side, ...(pages.cursor ? { cursor: pages.cursor } : {}) });
  return (
    <PagedSection
      title="Reports"
      controls={
        <Switch
          label="Which reports"
          value={side}
          options={[
            { value: 'against', label: 'Against the user' },
            { value: 'filed', label: 'Filed by the user' },
          ]}
          onChange={(next) => {
            pages.reset();
            setSide(next);
          }}
        />
      }
      rows={q.data?.items}
      error={q.isError}
      empty={side === 'against' ? 'No reports against this user' : 'No reports filed by this user'}
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(r) => r.id}
      render={(r) => (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium">#{r.id}</span>
          <span>{r.report_type.replaceAll('_', ' ')}</span>
          <span className="text-muted-foreground">{r.status}</span>
          <UserLink id={r.other_party_id} username={r.other_party_username} />
          <span className="basis-full text-muted-foreground">{r.reason}</span>
        </div>
      )}
    />
  );
}

export function FollowsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const [direction, setDirection] = useState<'followers' | 'following'>('followers');
  const q = useUserSection(id, 'follows', { direction, ...(pages.cursor ? { cursor: pages.cursor } : {}) });
  return (
    <PagedSection
      title="Social"
      controls={
        <Switch
          label="Which follows"
          value={direction}
          options={[
            { value: 'followers', label: 'Followers' },
            { value: 'following', label: 'Following' },
          ]}
          onChange={(next) => {
            pages.reset();
            setDirection(next);
          }}
        />
      }
      rows={q.data?.items}
      error={q.isError}
      empty={direction === 'followers' ? 'No followers' : 'Follows nobody'}
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(f) => f.id}
      render={(f) => (
        <div className="flex items-center gap-3">
          <UserLink id={f.user_id} username={f.username} />
          <span className="ml-auto text-xs text-muted-foreground">
            since <Time value={f.since} />
          </span>
        </div>
      )}
    />
  );
}

/** Recent fixes as points on an equirectangular map, beside the list. */
export function LocationsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'locations', pages.cursor ? { cursor: pages.cursor } : {});
  const items = q.data?.items ?? [];
  return (
    <div className="flex flex-col gap-3">
      {items.length > 0 ? (
        <svg
          viewBox="-180 -90 360 180"
          role="img"
          aria-label={`Map of ${items.length} recent locations`}
          className="h-40 w-full rounded-md border bg-muted/40"
        >
          {items.map((l) => (
            <circle key={l.id} cx={l.longitude} cy={-l.latitude} r={3} className="fill-primary">
              <title>
                {l.city}, {l.country}
              </title>
            </circle>
          ))}
        </svg>
      ) : null}
      <PagedSection
        title="Recent locations"
        rows={q.data?.items}
        error={q.isError}
        empty="No locations recorded"
        nextCursor={q.data?.next_cursor}
        pages={pages}
        rowKey={(l) => l.id}
        render={(l) => (
          <div className="flex items-center gap-3">
            <span>
              {l.city}, {l.country}
            </span>
            <span className="text-muted-foreground">{l.location_type}</span>
            <span className="ml-auto text-xs text-muted-foreground">
              <Time value={l.created_at} />
            </span>
          </div>
        )}
      />
    </div>
  );
}

export function SecurityEventsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'securityEvents', pages.cursor ? { cursor: pages.cursor } : {});
  return (
    <PagedSection
      title="Security events from the user's addresses"
      rows={q.data?.items}
      error={q.isError}
      empty="No security events from this user's addresses"
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(e) => e.id}
      render={(e) => (
        <div className="flex flex-wrap items-center gap-x-3">
          <span className="font-medium">{e.event_type.replaceAll('_', ' ')}</span>
          <span className="text-muted-foreground">{e.severity}</span>
          <span className="text-muted-foreground">{e.ip_address}</span>
          <span className="ml-auto text-xs text-muted-foreground">
            <Time value={e.created_at} />
          </span>
          <span className="basis-full text-muted-foreground">{e.description}</span>
        </div>
      )}
    />
  );
}

export function NotesSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'notes', pages.cursor ? { cursor: pages.cursor } : {});
  const add = useAddNote(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <PagedSection
        title="Admin notes"
        controls={
          <Can needed={userProfileEndpoints.addNote}>
            <form
              className="flex flex-col gap-2"
              onSubmit={async (event) => {
                event.preventDefault();
                try {
                  await add.mutateAsync(body);
                  setBody('');
                  setError(null);
                  pages.reset();
                  toast.success('Note added');
                } catch (e) {
                  setError(errorMessage(e, 'Failed to add the note'));
                }
              }}
            >
              <Label htmlFor="admin-note">New note</Label>
              <Textarea
                id="admin-note"
                value={body}
                maxLength={2000}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setBody(event.target.value)}
              />
              {error ? <p className="text-sm text-destructive">{error}</p> : null}
              <Button type="submit" size="sm" className="self-end" disabled={add.isPending || !body.trim()}>
                Add note
              </Button>
            </form>
          </Can>
        }
        rows={q.data?.items}
        error={q.isError}
        empty="No notes yet"
        nextCursor={q.data?.next_cursor}
        pages={pages}
        rowKey={(n) => n.id}
        render={(n) => (
          <div className="flex flex-col gap-1">
            <p className="whitespace-pre-wrap">{n.body}</p>
            <p className="text-xs text-muted-foreground">
              <UserLink id={n.author_id} username={n.author_username} /> · <Time value={n.created_at} />
            </p>
          </div>
        )}
      />
    </div>
  );
}

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
