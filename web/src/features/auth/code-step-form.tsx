import { type FormEvent, useState } from 'react';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { RecoveryCodesPanel } from '@/components/recovery-codes-panel.tsx';
import { TotpSetup } from '@/components/totp-setup.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import type { PendingStep } from '@/lib/session.ts';
import { useSession } from '@/lib/session-context.tsx';

const CODE_REQUIRED = 'Enter the code';
/** The server's words when the pending sign-in is spent: the password must be typed again. */
const SPENT = 'Too many wrong codes: sign in again';

type State =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'error'; message: string; attempt: number }
  | { kind: 'codes'; codes: string[] };

interface CodeStepFormProps {
  step: PendingStep;
  /** Back to the password (a spent or expired step, or the admin's choice). */
  onRestart(message?: string): void;
}

/** The second step of signing in: the authenticator's code, or a recovery code. */
export function CodeStepForm({ step, onRestart }: CodeStepFormProps) {
  const { verifyCode, finishSignIn } = useSession();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);

  if (state.kind === 'codes') {
    return (
      <div className="space-y-5">
        <p className="text-sm">Two-factor sign-in is on.</p>
        <RecoveryCodesPanel codes={state.codes} />
        <Button type="button" className="w-full" size="lg" onClick={finishSignIn} autoFocus>
          I have saved my recovery codes
        </Button>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setFieldError(CODE_REQUIRED);
      return;
    }
    setFieldError(undefined);
    setState({ kind: 'submitting' });
    try {
      const codes = await verifyCode(step.token, code);
      if (codes) setState({ kind: 'codes', codes });
    } catch (error) {
      const message = errorMessage(error, 'Sign-in failed. Please try again.');
      if (error instanceof ApiRequestError && error.serverMessage === SPENT) {
        onRestart(message);
        return;
      }
      const next = attempt + 1;
      setAttempt(next);
      setState({ kind: 'error', message, attempt: next });
    }
  };

  const submitting = state.kind === 'submitting';
  const enrolling = step.method === 'enrol' && step.enrolment;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={submitting}>
      {state.kind === 'error' && <FormAlert key={state.attempt} message={state.message} focusOnMount />}
      {enrolling ? (
        <>
          <p className="text-sm font-medium">Two-factor sign-in is required for administrators.</p>
          <TotpSetup enrolment={step.enrolment as NonNullable<PendingStep['enrolment']>} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
      )}
      <FormField
        id="login-code"
        label={enrolling ? 'Code from the app' : 'Authentication code'}
        error={fieldError}
      >
        <Input
          id="login-code"
          name="code"
          autoComplete="one-time-code"
          inputMode={enrolling ? 'numeric' : 'text'}
          autoFocus
          required
          maxLength={32}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? fieldMessageId('login-code') : undefined}
        />
      </FormField>
      <Button type="submit" className="w-full" size="lg" disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="ghost"
        className="w-full"
        onClick={() => onRestart()}
        disabled={submitting}
      >
        Back to sign in
      </Button>
    </form>
  );
}
