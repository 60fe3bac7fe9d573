import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '@switchboard/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { DemoCredentialsHint } from '@/features/auth/demo-credentials-hint.tsx';
import { LOGIN_FAILED_MESSAGE } from '@/lib/session.ts';
import { useSession } from '@/lib/session-context.tsx';

/** Spec §4 "Login form": idle, submitting, error. */
type FormState = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'error'; message: string };

export function LoginForm() {
  const { login } = useSession();
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setState({ kind: 'submitting' });
    try {
      await login(username, password);
      setState({ kind: 'idle' });
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof Error && error.message ? error.message : LOGIN_FAILED_MESSAGE,
      });
    }
  });

  const submitting = state.kind === 'submitting';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={submitting}>
      {state.kind === 'error' && <FormAlert message={state.message} />}
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        <Input
          id="login-username"
          autoComplete="username"
          autoFocus
          required
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? fieldMessageId('login-username') : undefined}
          {...register('username')}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? fieldMessageId('login-password') : undefined}
          {...register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" size="lg" disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign in'}
      </Button>
      <DemoCredentialsHint />
    </form>
  );
}
