import { zodResolver } from '@hookform/resolvers/zod';
import { LOGIN_MESSAGES, LoginRequest } from '@switchboard/contract/auth';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { DemoCredentialsHint } from '@/features/auth/demo-credentials-hint.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useSession } from '@/lib/session-context.tsx';

const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

/** Spec §8 login messages: 401 and 403 have their own; otherwise the server's words, or a generic failure. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 401) return LOGIN_MESSAGES.invalidCredentials;
  if (error instanceof ApiRequestError && error.status === 403) return LOGIN_MESSAGES.deactivated;
  return errorMessage(error, LOGIN_FAILED_MESSAGE);
}

/** Spec §4 "Login form": idle, submitting, error. */
type FormState =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'error'; message: string; attempt: number };

export function LoginForm() {
  const { login } = useSession();
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const attempts = useRef(0);
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
      attempts.current += 1;
      setState({ kind: 'error', message: loginErrorMessage(error), attempt: attempts.current });
    }
  });

  const submitting = state.kind === 'submitting';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={submitting}>
      {state.kind === 'error' && (
        // A new key per failure: a quick answer can batch "submitting" away, and focus must move again.
        <FormAlert key={state.attempt} message={state.message} focusOnMount />
      )}
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
