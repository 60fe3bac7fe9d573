import { zodResolver } from '@hookform/resolvers/zod';
import { passwordHint, passwordTooShort, USERNAME_HINT } from '@switchboard/contract/account-rules';
import { CreateUserRequest, StrongPassword } from '@switchboard/contract/user-create';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useAppConfig, useRefreshAppConfig } from '@/lib/app-config-context.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useAssignableRoles } from '../use-assignable-roles.ts';
import { useCreateUser } from '../use-create-user.ts';
import { AdminRoleSelect } from './admin-role-select.tsx';

type FormValues = z.input<typeof CreateUserRequest>;
type FieldName = keyof FormValues;

const EMPTY: FormValues = { username: '', email: '', full_name: '', password: '', is_admin: false };
const FIELDS: readonly string[] = [...Object.keys(EMPTY), 'role_id'];

/** The create request with the live password length (Settings → Security), checked before the server does. */
const requestWithMin = (min: number) =>
  CreateUserRequest.extend({
    password: StrongPassword.refine((p) => p.length >= min, passwordTooShort(min)),
  });

export interface AddUserDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes on close; there is no Trigger for Radix to return it to. */
  onCloseAutoFocus(event: Event): void;
}

export function AddUserDialog({ open, onOpenChange, onCloseAutoFocus }: AddUserDialogProps) {
  const id = useId();
  const createUser = useCreateUser();
  const minLength = useAppConfig().accounts.password_min_length;
  const refreshAppConfig = useRefreshAppConfig();
  // The settings may have changed since the console loaded: read the live length each time it opens.
  useEffect(() => {
    if (open) void refreshAppConfig();
  }, [open, refreshAppConfig]);
  const schema = useMemo(() => requestWithMin(minLength), [minLength]);
  const form = useForm<FormValues, unknown, z.output<typeof CreateUserRequest>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const isAdmin = form.watch('is_admin') === true;
  const assignable = useAssignableRoles(open);

  const close = (next: boolean) => {
    if (createUser.isPending) return;
    if (!next) {
      form.reset(EMPTY);
      createUser.reset();
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      // An admin starts with the role picked here, the least privileged one unless another is picked.
      const { role_id, ...account } = values;
      const roleId = role_id ?? assignable.defaultRoleId;
      const created = await createUser.mutateAsync(
        values.is_admin && roleId ? { ...account, role_id: roleId } : account,
      );
      toast.success(`User ${created.data.username} created`);
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      showServerErrors(error);
    }
  });

  // The server's field errors go under the field they name; anything else goes above the buttons.
  const showServerErrors = (error: unknown) => {
    const message = errorMessage(error, 'Failed to create user');
    const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : [];
    let placed = false;
    for (const fieldError of fieldErrors) {
      if (!FIELDS.includes(fieldError.field)) continue;
      form.setError(fieldError.field as FieldName, { type: 'server', message: fieldError.message });
      placed = true;
    }
    if (!placed) form.setError('root.server', { type: 'server', message });
  };

  /** The ids that tie a control to its label and to the hint or error under it. */
  const control = (name: FieldName, error: string | undefined, hasHint = false) => {
    const controlId = `${id}-${name}`;
    return {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error || hasHint ? fieldMessageId(controlId) : undefined,
    };
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Add User"
      description="Create an account. Admins can sign in to this console."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Add user">
        <FormField
          id={`${id}-username`}
          label="Username"
          hint={USERNAME_HINT}
          error={errors.username?.message}
        >
          <Input
            {...control('username', errors.username?.message, true)}
            autoComplete="off"
            {...form.register('username')}
          />
        </FormField>
        <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
          <Input
            {...control('email', errors.email?.message)}
            type="email"
            autoComplete="off"
            {...form.register('email')}
          />
        </FormField>
        <FormField id={`${id}-full_name`} label="Full name" hint="Optional" error={errors.full_name?.message}>
          <Input
            {...control('full_name', errors.full_name?.message, true)}
            autoComplete="off"
            {...form.register('full_name')}
          />
        </FormField>
        <FormField
          id={`${id}-password`}
          label="Password"
          hint={passwordHint(minLength)}
          error={errors.password?.message}
        >
          <Input
            {...control('password', errors.password?.message, true)}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
        </FormField>
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="is_admin"
            render={({ field }) => (
              <Checkbox
                id={`${id}-is-admin`}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Label htmlFor={`${id}-is-admin`}>Admin</Label>
        </div>
        {isAdmin ? (
          <Controller
            control={form.control}
            name="role_id"
            render={({ field }) => (
              <div className="flex flex-col gap-1.5">
                <AdminRoleSelect
                  assignable={assignable}
                  value={field.value ?? assignable.defaultRoleId}
                  onChange={field.onChange}
                />
                {errors.role_id?.message ? (
                  <p className="text-sm text-destructive">{errors.role_id.message}</p>
                ) : null}
              </div>
            )}
          />
        ) : null}
        {errors.root?.server ? (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {errors.root.server.message}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={createUser.isPending} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={createUser.isPending}>
            {createUser.isPending ? 'Creating...' : 'Add User'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
