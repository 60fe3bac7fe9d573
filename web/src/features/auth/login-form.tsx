import { LOGIN_FIELDS, LOGIN_MESSAGES } from '@switchboard/contract/auth-rules';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useConsolePreload } from '@/lib/console-preload.ts';
import { errorMessage } from '@/lib/error-message.ts';
import type { PendingStep } from '@/lib/session.ts';
import { useSession } from '@/lib/session-context.tsx';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { DemoCredentialsHint } from './demo-credentials-hint.tsx';

// The second step (a code, or setting up an authenticator app) is fetched only when a sign-in needs it,
// so /login's first download carries the password form alone.
const loadCodeStep = () => import('./code-step-form.tsx');
const CodeStepForm = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStepForm })));

const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

/** Login messages: 401 and 403 have their own; otherwise the server's words, or a generic failure. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 401) return LOGIN_MESSAGES.invalidCredentials;
  if (error instanceof ApiRequestError && error.status === 403) return LOGIN_MESSAGES.deactivated;
  return errorMessage(error, LOGIN_FAILED_MESSAGE);
}

type LoginField = keyof typeof LOGIN_FIELDS;
type FieldErrors = Partial<Record<LoginField, string>>;

/** The contract's sign-in rules, checked here without zod so the login page stays light. */
function checkLoginFields(values: Record<LoginField, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(LOGIN_FIELDS) as LoginField[]) {
    const rule = LOGIN_FIELDS[field];
    const value = field === 'username' ? values[field].trim() : values[field];
    if (value.length === 0) errors[field] = rule.required;
    else if (value.length > rule.maxLength) errors[field] = rule.tooLong;
  }
  return errors;
}

/** The login form's states: idle, submitting, error. */
type FormState =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'error'; message: string; attempt: number };

export function LoginForm() {
  const { login } = useSession();
  const preloadConsole = useConsolePreload();
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const attempts = useRef(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const hydrated = useHydrated();
  // Set when the password was right and a second factor comes next.
  const [step, setStep] = useState<PendingStep | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    const fieldErrors = checkLoginFields(values);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    setState({ kind: 'submitting' });
    // Fetched beside the sign-in, so a second step shows as soon as the server asks for it.
    void loadCodeStep();
    try {
      const next = await login(values.username.trim(), values.password);
      preloadConsole();
      setState({ kind: 'idle' });
      if (next) setStep(next);
    } catch (error) {
      attempts.current += 1;
      setState({ kind: 'error', message: loginErrorMessage(error), attempt: attempts.current });
    }
  };

  if (step) {
    const restart = (message?: string) => {
      setStep(null);
      if (message) {
        attempts.current += 1;
        setState({ kind: 'error', message, attempt: attempts.current });
      }
    };
    return (
      <Suspense fallback={null}>
        <CodeStepForm step={step} onRestart={restart} />
      </Suspense>
    );
  }

  const submitting = state.kind === 'submitting';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={submitting}>
      {state.kind === 'error' && (
        // A new key per failure: a quick answer can batch "submitting" away, and focus must move again.
        <FormAlert key={state.attempt} message={state.message} focusOnMount />
      )}
      <FormField id="login-username" label="Username" error={errors.username}>
        <Input
          id="login-username"
          autoComplete="username"
          autoFocus
          required
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? fieldMessageId('login-username') : undefined}
          name="username"
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? fieldMessageId('login-password') : undefined}
          name="password"
        />
      </FormField>
      <Button type="submit" className="w-full" size="lg" disabled={submitting || !hydrated}>
        {submitting ? 'Signing in...' : 'Sign in'}
      </Button>
      <DemoCredentialsHint />
    </form>
  );
}
