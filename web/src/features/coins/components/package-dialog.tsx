import { type CoinPackage, CoinPackageInput } from '@switchboard/contract/coin-packages';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useSavePackage } from '../api.ts';

interface PackageDialogProps {
  /** The package to edit; null adds one. Undefined: closed. */
  pack: CoinPackage | null | undefined;
  onOpenChange(open: boolean): void;
}

type Draft = Record<
  'name' | 'coins' | 'price_cents' | 'currency' | 'store_product_id' | 'sort_order',
  string
> & {
  is_active: boolean;
};

const draftOf = (pack: CoinPackage | null): Draft => ({
  name: pack?.name ?? '',
  coins: pack ? String(pack.coins) : '',
  price_cents: pack ? String(pack.price_cents) : '',
  currency: pack?.currency ?? 'USD',
  store_product_id: pack?.store_product_id ?? '',
  sort_order: String(pack?.sort_order ?? 0),
  is_active: pack?.is_active ?? true,
});

/** A number field as typed: NaN when it is empty or not a number, so the rule's own message names it. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

const FIELDS = ['name', 'coins', 'price_cents', 'currency', 'store_product_id', 'sort_order'] as const;

/** Add or edit a coin package: its coins, price, and the product id the app stores sell it under. */
export function PackageDialog({ pack, onOpenChange }: PackageDialogProps) {
  const open = pack !== undefined;
  return open ? <PackageForm key={pack?.id ?? 'new'} pack={pack} onOpenChange={onOpenChange} /> : null;
}

function PackageForm({
  pack,
  onOpenChange,
}: {
  pack: CoinPackage | null;
  onOpenChange(open: boolean): void;
}) {
  const baseId = useId();
  const id = (field: string) => `${baseId}-${field}`;
  const [draft, setDraft] = useState(() => draftOf(pack));
  const [localErrors, setLocalErrors] = useState<Partial<Record<string, string>>>({});
  const save = useSavePackage();

  const set = (field: keyof Draft) => (value: string | boolean) =>
    setDraft((d) => ({ ...d, [field]: value }));
  const fieldError = (field: string) =>
    localErrors[field] ??
    (save.error instanceof ApiRequestError
      ? save.error.fieldErrors.find((e) => e.field === field)?.message
      : undefined);
  const close = (next: boolean) => {
    if (!save.isPending) onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CoinPackageInput.safeParse({
      name: draft.name,
      coins: numberOf(draft.coins),
      price_cents: numberOf(draft.price_cents),
      currency: draft.currency,
      store_product_id: draft.store_product_id,
      is_active: draft.is_active,
      sort_order: numberOf(draft.sort_order),
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        errors[field] ??= issue.message;
      }
      setLocalErrors(errors);
      return;
    }
    setLocalErrors({});
    try {
      await save.mutateAsync({ id: pack?.id ?? null, body: parsed.data });
      toast.success(pack ? 'Coin package saved' : 'Coin package added');
      onOpenChange(false);
    } catch {
      // Shown from save.error.
    }
  };

  const input = (field: (typeof FIELDS)[number], props: ComponentProps<typeof Input> = {}) => (
    <Input
      id={id(field)}
      value={draft[field]}
      onChange={(event) => set(field)(event.target.value)}
      aria-invalid={fieldError(field) ? true : undefined}
      aria-describedby={fieldMessageId(id(field))}
      {...props}
    />
  );

  return (
    <ModalDialog
      open
      onOpenChange={close}
      title={pack ? 'Edit Coin Package' : 'Add Coin Package'}
      description="What the apps offer: coins for a price, sold in the stores under its product id."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {save.error && !FIELDS.some((f) => fieldError(f)) ? (
          <FormAlert message={errorMessage(save.error, 'Failed to save the coin package')} focusOnMount />
        ) : null}
        <FormField id={id('name')} label="Name" error={fieldError('name')}>
          {input('name', { maxLength: 100 })}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('coins')} label="Coins" error={fieldError('coins')}>
            {input('coins', { type: 'number', inputMode: 'numeric', step: 1, min: 1 })}
          </FormField>
          <FormField
            id={id('price_cents')}
            label="Price in cents"
            error={fieldError('price_cents')}
            hint="In the currency's smallest unit: 99 is 0.99."
          >
            {input('price_cents', { type: 'number', inputMode: 'numeric', step: 1, min: 0 })}
          </FormField>
          <FormField id={id('currency')} label="Currency" error={fieldError('currency')}>
            {input('currency', { maxLength: 3 })}
          </FormField>
          <FormField id={id('sort_order')} label="Sort order" error={fieldError('sort_order')}>
            {input('sort_order', { type: 'number', inputMode: 'numeric', step: 1, min: 0 })}
          </FormField>
        </div>
        <FormField
          id={id('store_product_id')}
          label="Store product id"
          error={fieldError('store_product_id')}
          hint="The App Store product id or the Stripe price id this package is sold under; empty: not sold there."
        >
          {input('store_product_id', { maxLength: 200, placeholder: 'com.example.coins_100' })}
        </FormField>
        <div className="flex items-center gap-2">
          <Checkbox
            id={id('is_active')}
            checked={draft.is_active}
            onCheckedChange={(checked) => set('is_active')(checked === true)}
          />
          <Label htmlFor={id('is_active')}>On sale</Label>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : pack ? 'Save Package' : 'Add Package'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
