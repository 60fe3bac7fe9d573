import {
  FACTORY_RESET_BACKUPS_WARNING,
  FACTORY_RESET_MESSAGES,
  type FactoryResetRequest,
  FactoryResetRequest as FactoryResetSchema,
} from '@switchboard/contract/factory-reset';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

type Field = keyof FactoryResetRequest;
type Errors = Partial<Record<Field, string>>;

/** The contract's rules: the trimmed payload, or one message per field. */
export function validateResetForm(
  form: FactoryResetRequest,
): { ok: true; value: FactoryResetRequest } | { ok: false; errors: Errors } {
  const parsed = FactoryResetSchema.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { ok: false, errors };
}

interface ResetFormProps {
  /** The server's refusal (wrong password, another admin's name), shown above the form. */
  failure: string | null;
  fieldErrors: Errors;
  pending: boolean;
  onSubmit(form: FactoryResetRequest): void;
}

export function ResetForm({ failure, fieldErrors, pending, onSubmit }: ResetFormProps) {
  const [form, setForm] = useState<FactoryResetRequest>({
    password: '',
    admin_username: '',
    reason: '',
    confirm_reset: false as unknown as true,
    keep_backups: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const shown = { ...fieldErrors, ...errors };
  const edit = <K extends Field>(field: K, value: FactoryResetRequest[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateResetForm(form);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) onSubmit(checked.value);
  };

  const text = (field: 'password' | 'admin_username', label: string, type: string, autoComplete: string) => (
    <FormField id={`reset-${field}`} label={label} error={shown[field]}>
      <Input
        id={`reset-${field}`}
        type={type}
        autoComplete={autoComplete}
        value={form[field]}
        aria-invalid={shown[field] ? true : undefined}
        aria-describedby={shown[field] ? fieldMessageId(`reset-${field}`) : undefined}
        onChange={(e) => edit(field, e.target.value)}
      />
    </FormField>
  );

  return (
    <TitledCard title="Confirm Factory Reset">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && <FormAlert message={failure} focusOnMount />}
        {text('admin_username', 'Admin Username', 'text', 'username')}
        {text('password', 'Password', 'password', 'current-password')}
        <FormField id="reset-reason" label="Reason for Reset" error={shown.reason}>
          <Textarea
            id="reset-reason"
            rows={3}
            value={form.reason}
            aria-invalid={shown.reason ? true : undefined}
            aria-describedby={shown.reason ? fieldMessageId('reset-reason') : undefined}
            onChange={(e) => edit('reason', e.target.value)}
          />
        </FormField>
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-3">
            <Checkbox
              id="reset-keep-backups"
              checked={form.keep_backups === true}
              aria-describedby="reset-keep-backups-warning"
              onCheckedChange={(v) => edit('keep_backups', v === true)}
            />
            <Label htmlFor="reset-keep-backups">Keep existing backups</Label>
          </div>
          <p id="reset-keep-backups-warning" className="text-sm text-muted-foreground">
            {FACTORY_RESET_BACKUPS_WARNING}
          </p>
          {shown.keep_backups && <p className="text-sm text-destructive">{shown.keep_backups}</p>}
        </div>
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-3">
            <Checkbox
              id="reset-confirm"
              checked={form.confirm_reset === true}
              onCheckedChange={(v) => {
                edit('confirm_reset', (v === true) as true);
                // Unticking again says why the button went back to disabled.
                if (v !== true)
                  setErrors((e) => ({ ...e, confirm_reset: FACTORY_RESET_MESSAGES.confirmRequired }));
              }}
            />
            <Label htmlFor="reset-confirm">
              I understand that this deletes all data and cannot be undone
            </Label>
          </div>
          {shown.confirm_reset && <p className="text-sm text-destructive">{shown.confirm_reset}</p>}
        </div>
        <div>
          <Button type="submit" variant="destructive" disabled={pending || form.confirm_reset !== true}>
            {pending ? 'Resetting...' : 'Execute Factory Reset'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
