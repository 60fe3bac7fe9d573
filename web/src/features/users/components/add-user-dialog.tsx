import { zodResolver } from '@hookform/resolvers/zod';
import { CreateUserRequest } from '@switchboard/contract/users';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useCreateUser } from '../api.ts';
import { FormField } from './form-field.tsx';

type FormValues = z.input<typeof CreateUserRequest>;
type FieldName = keyof FormValues;

const EMPTY: FormValues = { username: '', email: '', full_name: '', password: '', is_admin: false };
const FIELDS: readonly string[] = Object.keys(EMPTY);

interface AddUserDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function AddUserDialog({ open, onOpenChange }: AddUserDialogProps) {
  const id = useId();
  const createUser = useCreateUser();
  const form = useForm<FormValues, unknown, z.output<typeof CreateUserRequest>>({
    resolver: zodResolver(CreateUserRequest),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

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
      const created = await createUser.mutateAsync(values);
      toast.success(`User ${created.data.username} created`);
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      showServerErrors(error);
    }
  });

  // The server's field errors go under the field they name; anything else goes above the buttons.
  const showServerErrors = (error: unknown) => {
    const message = error instanceof Error ? error.message : 'Failed to create user';
    const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : [];
    let placed = false;
    for (const fieldError of fieldErrors) {
      if (!FIELDS.includes(fieldError.field)) continue;
      form.setError(fieldError.field as FieldName, { type: 'server', message: fieldError.message });
      placed = true;
    }
    if (!placed) form.setError('root.server', { type: 'server', message });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>Create an account. Admins can sign in to this console.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Add user">
          <FormField id={`${id}-username`} label="Username" error={errors.username?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('username')} />}
          </FormField>
          <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
          </FormField>
          <FormField
            id={`${id}-full-name`}
            label="Full name"
            hint="Optional"
            error={errors.full_name?.message}
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('full_name')} />}
          </FormField>
          <FormField
            id={`${id}-password`}
            label="Password"
            hint="At least 8 characters with uppercase, lowercase, number and special character."
            error={errors.password?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                {...form.register('password')}
              />
            )}
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
      </DialogContent>
    </Dialog>
  );
}
