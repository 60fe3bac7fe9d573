import { zodResolver } from '@hookform/resolvers/zod';
import { passwordHint, passwordTooShort, USERNAME_HINT } from '@switchboard/contract/account-rules';
import { ROOT_ADMIN_MESSAGES, RootAdminRegistration } from '@switchboard/contract/root-admin';
import { useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useAppConfig } from '@/lib/app-config-context.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useRegisterRootAdmin } from './api.ts';
import { DisableRegistrationNotice } from './disable-registration-notice.tsx';

type Field = FieldPath<RootAdminRegistration>;
const FIELDS: { name: Field; label: string; type?: string; autoComplete: string; hint?: string }[] = [
  { name: 'username', label: 'Username', autoComplete: 'username', hint: USERNAME_HINT },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'display_name', label: 'Display Name (optional)', autoComplete: 'name' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
  },
  { name: 'confirm_password', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];
const isField = (name: string): name is Field => FIELDS.some((field) => field.name === name);

/** The contract's schema gives the exact messages; editing a field clears its error. */
export function RootAdminForm({ onRegistered }: { onRegistered: () => void }) {
  const register = useRegisterRootAdmin();
  const [formError, setFormError] = useState<{ message: string; attempt: number } | null>(null);
  const attempts = useRef(0);
  // The live minimum (Settings → Security → Password Minimum Length), from /config.json.
  const minLength = useAppConfig().accounts.password_min_length;
  const schema = useMemo(
    () =>
      RootAdminRegistration.refine((v) => v.password.length >= minLength, {
        path: ['password'],
        message: passwordTooShort(minLength),
      }),
    [minLength],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    // Re-validating on every keystroke would replace the cleared message with a new one.
    reValidateMode: 'onSubmit',
    defaultValues: { username: '', email: '', display_name: '', password: '', confirm_password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await register.mutateAsync(values);
      onRegistered();
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : [];
      const known = fieldErrors.filter((fieldError) => isField(fieldError.field));
      // Focus the first invalid field, or (focusOnMount) the alert: the disabled button dropped it to <body>.
      known.forEach((fieldError, index) => {
        form.setError(
          fieldError.field as Field,
          { type: 'server', message: fieldError.message },
          { shouldFocus: index === 0 },
        );
      });
      attempts.current += 1;
      if (known.length === 0) {
        setFormError({ message: errorMessage(error, ROOT_ADMIN_MESSAGES.failed), attempt: attempts.current });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && (
        // A new key per failure, so a repeated failure moves focus again.
        <FormAlert key={formError.attempt} message={formError.message} focusOnMount />
      )}
      {FIELDS.map(({ name, label, type, autoComplete, hint: fixedHint }) => {
        const id = `root-admin-${name}`;
        const hint = name === 'password' ? passwordHint(minLength) : fixedHint;
        const error = errors[name]?.message;
        return (
          <FormField key={name} id={id} label={label} error={error} hint={hint}>
            <Input
              id={id}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error || hint ? fieldMessageId(id) : undefined}
              {...form.register(name, { onChange: () => form.clearErrors(name) })}
            />
          </FormField>
        );
      })}
      <div className="flex flex-col gap-3 pt-2 sm:flex-row-reverse sm:justify-between">
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Registering...' : 'Register Root Admin'}
        </Button>
        <DisableRegistrationNotice />
      </div>
    </form>
  );
}
