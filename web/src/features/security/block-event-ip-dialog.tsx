import { type BlockedIp, SECURITY_MESSAGES, type SecurityEvent } from '@switchboard/contract/security';
import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatExactTime } from '@/lib/format.ts';
import { useBlockIp } from './api.ts';
import { eventTypeLabel } from './columns.tsx';
import {
  BLOCK_EXPIRY_LABELS,
  BLOCK_EXPIRY_OPTIONS,
  type BlockExpiry,
  expiresAtFor,
} from './security-url-state.ts';

/** "Block this IP" from an event: a reason (filled from the event) and an optional expiry; the result in place. */
export function BlockEventIpDialog({ event, onClose }: { event: SecurityEvent | null; onClose(): void }) {
  return (
    <ModalDialog
      open={event !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Block this IP"
      description={event?.ip_address ?? ''}
    >
      {event ? <BlockForm key={event.id} event={event} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function BlockForm({ event, onClose }: { event: SecurityEvent; onClose(): void }) {
  const block = useBlockIp();
  const [reason, setReason] = useState(
    `${eventTypeLabel(event.event_type)}: ${event.description}`.slice(0, 500),
  );
  const [expiry, setExpiry] = useState<BlockExpiry>('24h');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<BlockedIp | null>(null);

  if (done)
    return (
      <>
        <p role="status" className="text-sm font-medium">
          {SECURITY_MESSAGES.blocked}: {done.ip_address}
          {done.expires_at ? ` until ${formatExactTime(done.expires_at)}` : ' with no expiry'}
        </p>
        <DialogFooter>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </>
    );
  const submit = async () => {
    if (!reason.trim()) return setError(SECURITY_MESSAGES.reasonRequired);
    try {
      const result = await block.mutateAsync({
        ip: event.ip_address ?? '',
        reason: reason.trim(),
        expires_at: expiresAtFor(expiry),
      });
      setDone(result.data);
    } catch (err) {
      setError(errorMessage(err, SECURITY_MESSAGES.blockFailed));
    }
  };
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor="block-event-reason">Reason</Label>
        <Input
          id="block-event-reason"
          value={reason}
          aria-invalid={error !== null}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      </div>
      <OptionSelect<BlockExpiry>
        label="Expires after"
        value={expiry}
        options={BLOCK_EXPIRY_OPTIONS}
        labels={BLOCK_EXPIRY_LABELS}
        onChange={(next) => setExpiry(next as BlockExpiry)}
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={block.isPending} onClick={() => void submit()}>
          {block.isPending ? 'Blocking...' : 'Block IP'}
        </Button>
      </DialogFooter>
    </>
  );
}
