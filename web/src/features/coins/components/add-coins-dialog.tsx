import { COIN_MESSAGES } from '@switchboard/contract/coins';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useAddCoins } from '../api.ts';
import { signedCoins } from '../columns.tsx';
import { type PickedUser, UserPicker } from './user-picker.tsx';

interface AddCoinsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The amount as typed, as a number (1e12 too: the server then names the range it is outside of, where
 * reading it as "not a number" made it say "whole number"); NaN when it is not a number at all.
 */
const parseAmount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function AddCoinsDialog({ open, onOpenChange }: AddCoinsDialogProps) {
  const ids = { user: useId(), amount: useId(), description: useId() };
  const [user, setUser] = useState<PickedUser | null>(null);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  // A fresh key per form: resubmitting the same form after a timeout cannot add twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const addCoins = useAddCoins();

  const reset = () => {
    setUser(null);
    setAmount('');
    setDescription('');
    setIdempotencyKey(crypto.randomUUID());
    addCoins.reset();
  };
  const close = (next: boolean) => {
    if (addCoins.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const parsed = parseAmount(amount);
  const ready = user !== null && amount.trim() !== '' && description.trim() !== '';
  const fieldError = (field: string) =>
    addCoins.error instanceof ApiRequestError
      ? addCoins.error.fieldErrors.find((e) => e.field === field)?.message
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !user) return;
    try {
      await addCoins.mutateAsync({
        body: { user_id: user.id, amount: parsed, description: description.trim() },
        idempotencyKey,
      });
      toast.success(COIN_MESSAGES.added, {
        description: `${signedCoins(parsed)} coins for ${user.username}`,
      });
      reset();
      onOpenChange(false);
    } catch {
      // Shown from addCoins.error.
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      title="Add Coins to User"
      description="A negative amount takes coins away as a penalty."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {addCoins.error && !['user_id', 'amount', 'description'].some(fieldError) ? (
          <FormAlert message={errorMessage(addCoins.error, COIN_MESSAGES.addFailed)} focusOnMount />
        ) : null}
        <FormField id={ids.user} label="User" error={fieldError('user_id')}>
          <UserPicker id={ids.user} value={user} onChange={setUser} />
        </FormField>
        <FormField id={ids.amount} label="Amount" error={fieldError('amount')}>
          <Input
            id={ids.amount}
            type="number"
            inputMode="numeric"
            step={1}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            placeholder="100"
          />
        </FormField>
        <FormField id={ids.description} label="Description" error={fieldError('description')}>
          <Input
            id={ids.description}
            value={description}
            maxLength={500}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="Reason for the adjustment"
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={addCoins.isPending} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || addCoins.isPending}>
            {addCoins.isPending ? 'Adding...' : 'Add Coins'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
