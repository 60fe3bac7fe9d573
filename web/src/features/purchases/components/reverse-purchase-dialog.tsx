import { PROVIDER_LABELS, PURCHASE_MESSAGES, type Purchase } from '@switchboard/contract/purchases';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCoins, formatMoney } from '@/lib/format.ts';
import { useReversePurchase } from '../api.ts';

interface ReversePurchaseDialogProps {
  purchase: Purchase | null;
  /** Whether Stripe is configured here: then a Stripe purchase is refunded through Stripe. */
  stripeConfigured: boolean;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Asks for a reason before a refund through Stripe or a manual "reverse coins"; both are audited. */
export function ReversePurchaseDialog({
  purchase,
  stripeConfigured,
  onClose,
  onCloseAutoFocus,
}: ReversePurchaseDialogProps) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const reverse = useReversePurchase();
  const throughStripe = purchase?.provider === 'stripe' && stripeConfigured;
  const title = throughStripe ? 'Refund through Stripe?' : 'Reverse coins?';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!purchase || !reason.trim()) return;
    try {
      await reverse.mutateAsync({ id: purchase.id, reason: reason.trim() });
      toast.success(throughStripe ? PURCHASE_MESSAGES.refunded : PURCHASE_MESSAGES.reversed, {
        description: `${purchase.username}: -${formatCoins(purchase.coins)} coins`,
      });
      setReason('');
      onClose();
    } catch {
      // Shown from reverse.error.
    }
  };
  return (
    <ModalDialog
      open={purchase !== null}
      onOpenChange={(open) => {
        if (!open && !reverse.isPending) {
          reverse.reset();
          setReason('');
          onClose();
        }
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      description={
        throughStripe
          ? 'Stripe returns the payment to the buyer and the coins are taken back. Coins already spent are recorded as owed.'
          : `The coins are taken back; no money moves here${purchase && purchase.provider !== 'demo' ? ` (a refund at ${PROVIDER_LABELS[purchase.provider]} is made there)` : ''}. Coins already spent are recorded as owed.`
      }
    >
      {purchase ? (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <p className="text-sm">
            {purchase.username}: {purchase.package_name}, {formatCoins(purchase.coins)} coins ·{' '}
            {formatMoney(purchase.price_cents, purchase.currency)} ({PROVIDER_LABELS[purchase.provider]})
          </p>
          {reverse.error ? (
            <FormAlert message={errorMessage(reverse.error, 'Failed to reverse the purchase')} focusOnMount />
          ) : null}
          <FormField id={reasonId} label="Reason">
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Why the purchase is refunded"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={reverse.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!reason.trim() || reverse.isPending}>
              {reverse.isPending ? 'Working...' : throughStripe ? 'Refund' : 'Reverse coins'}
            </Button>
          </DialogFooter>
        </form>
      ) : null}
    </ModalDialog>
  );
}
