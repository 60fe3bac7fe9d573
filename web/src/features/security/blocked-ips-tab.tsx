import {
  type BlockedIp,
  BlockIpRequest,
  SECURITY_MESSAGES,
  securityEndpoints,
} from '@switchboard/contract/security';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { listError } from '@/lib/list-error.ts';
import { useCan } from '@/lib/permissions.ts';
import { useBlockedIps, useBlockIp, useUnblockIp } from './api.ts';
import { blockedColumns } from './columns.tsx';
import {
  BLOCK_EXPIRY_LABELS,
  BLOCK_EXPIRY_OPTIONS,
  type BlockExpiry,
  expiresAtFor,
} from './security-url-state.ts';

const BLOCK_FIELDS = [
  { key: 'ip', id: 'block-ip', label: 'IP Address', placeholder: 'e.g. 203.0.113.7 or 203.0.113.0/24' },
  { key: 'reason', id: 'block-reason', label: 'Reason', placeholder: 'Why this address is blocked' },
] as const;

/** Blocked IPs: the block form for an admin who may block, the paged list, and unblocking after a confirmation. */
export function BlockedIpsTab({ page, onPageChange }: { page: number; onPageChange(page: number): void }) {
  const blocked = useBlockedIps(page);
  const data = blocked.data;
  const block = useBlockIp();
  const unblock = useUnblockIp();
  const [form, setForm] = useState({ ip: '', reason: '' });
  const [expiry, setExpiry] = useState<BlockExpiry>('never');
  const [errors, setErrors] = useState<{ ip?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<BlockedIp | null>(null);
  const can = useCan();
  const location = useLocation();

  // `#block-ip` (the command palette's "Block an IP") lands in the address field, ready to type.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (a new location key) focuses again, even at the same URL.
  useEffect(() => {
    if (location.hash !== '#block-ip') return;
    const field = document.getElementById('block-ip');
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus();
  }, [location.hash, location.key]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = BlockIpRequest.safeParse({ ...form, expires_at: expiresAtFor(expiry) });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'ip' | 'reason'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await block.mutateAsync(parsed.data);
      toast.success(SECURITY_MESSAGES.blocked);
      setForm({ ip: '', reason: '' });
    } catch (error) {
      toast.error(errorMessage(error, SECURITY_MESSAGES.blockFailed));
    }
  };

  return (
    <>
      {can(securityEndpoints.block) && (
        <TitledCard title="Block IP Address">
          <form
            onSubmit={submit}
            className="grid gap-4 md:grid-cols-[1fr_2fr_auto_auto] md:items-start"
            noValidate
          >
            {BLOCK_FIELDS.map(({ key, id, label, placeholder }) => (
              <FormField key={key} id={id} label={label} error={errors[key]}>
                <Input
                  id={id}
                  placeholder={placeholder}
                  value={form[key]}
                  aria-invalid={Boolean(errors[key])}
                  aria-describedby={errors[key] ? fieldMessageId(id) : undefined}
                  onChange={(e) => setForm({ ...form, [key]: e.target.value })}
                />
              </FormField>
            ))}
            <OptionSelect<BlockExpiry>
              label="Expires after"
              value={expiry}
              options={BLOCK_EXPIRY_OPTIONS}
              labels={BLOCK_EXPIRY_LABELS}
              onChange={setExpiry}
            />
            <Button type="submit" className="md:mt-7" disabled={block.isPending}>
              {block.isPending ? 'Blocking...' : 'Block IP'}
            </Button>
          </form>
        </TitledCard>
      )}
      <DataTable
        label="Blocked IPs"
        columns={blockedColumns(can(securityEndpoints.unblock) ? setConfirming : undefined)}
        rows={data?.blocked_ips}
        getRowId={(row) => row.ip_address}
        stale={blocked.isPlaceholderData}
        error={listError(blocked, 'Error', SECURITY_MESSAGES.fetchFailed)}
        empty={<EmptyState title="No blocked IPs" description="Addresses you block appear here." />}
        pager={{ label: 'Blocked IPs pages', noun: 'addresses', page, result: data, onPageChange }}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Unblock IP address?"
        description="Requests from this address will be accepted again."
        detail={confirming?.ip_address}
        confirmLabel="Unblock"
        pendingLabel="Unblocking..."
        onOpenChange={(open) => !open && setConfirming(null)}
        onCloseAutoFocus={() => undefined}
        onConfirm={async () => {
          if (!confirming) return;
          try {
            await unblock.mutateAsync(confirming.ip_address);
            toast.success(SECURITY_MESSAGES.unblocked);
            setConfirming(null);
          } catch (error) {
            toast.error(errorMessage(error, SECURITY_MESSAGES.unblockFailed));
          }
        }}
      />
    </>
  );
}
