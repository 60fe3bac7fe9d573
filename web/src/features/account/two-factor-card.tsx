import { ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField } from '@/components/form-field.tsx';
import { RecoveryCodesPanel } from '@/components/recovery-codes-panel.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { TotpSetup } from '@/components/totp-setup.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import {
  useConfirmTotp,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTotp,
  useTwoFactorStatus,
} from './api.ts';

type Mode =
  | { kind: 'view' }
  | { kind: 'password'; action: 'disable' | 'codes' }
  | { kind: 'codes'; codes: string[] };

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });

  let body: React.ReactNode;
  if (status.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading...
      </p>
    );
  } else if (status.isError) {
    body = (
      <ErrorPanel
        message={errorMessage(status.error, 'Failed to load two-factor sign-in')}
        onRetry={() => void status.refetch()}
      />
    );
  } else if (mode.kind === 'codes') {
    body = (
      <div className="space-y-4">
        <RecoveryCodesPanel codes={mode.codes} />
        <Button onClick={() => setMode({ kind: 'view' })}>Done</Button>
      </div>
    );
  } else if (!status.data.enrolled) {
    body = (
      <EnrolTotp required={status.data.required} onEnrolled={(codes) => setMode({ kind: 'codes', codes })} />
    );
  } else if (mode.kind === 'password') {
    body = (
      <PasswordStep
        action={mode.action}
        onCancel={() => setMode({ kind: 'view' })}
        onDone={(codes) => setMode(codes ? { kind: 'codes', codes } : { kind: 'view' })}
      />
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge>
            <ShieldCheckIcon aria-hidden="true" /> On
          </Badge>
          Since <Time value={status.data.enrolled_at} /> · {status.data.recovery_codes_left} recovery codes
          left
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setMode({ kind: 'password', action: 'codes' })}>
            New recovery codes
          </Button>
          <Button variant="outline" onClick={() => setMode({ kind: 'password', action: 'disable' })}>
            <ShieldOffIcon aria-hidden="true" /> Turn off
          </Button>
        </div>
      </div>
    );
  }
  return (
    <TitledCard title="Two-factor sign-in" className="space-y-4">
      {body}
    </TitledCard>
  );
}

function EnrolTotp({ required, onEnrolled }: { required: boolean; onEnrolled(codes: string[]): void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [fieldError, setFieldError] = useState<string>();

  if (!start.data) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Off. With an authenticator app, signing in asks for a 6-digit code after your password.
          {required ? ' Administrators are required to use it.' : ''}
        </p>
        {start.isError && <FormAlert message={errorMessage(start.error, 'Could not start the set-up')} />}
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? 'Preparing...' : 'Set up an authenticator'}
        </Button>
      </div>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setFieldError('Enter the code');
    setFieldError(undefined);
    confirm.mutate(code, { onSuccess: onEnrolled });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TotpSetup enrolment={start.data} />
      {confirm.isError && (
        <FormAlert message={errorMessage(confirm.error, 'Could not turn it on')} focusOnMount />
      )}
      <FormField id="totp-confirm-code" label="Code from the app" error={fieldError}>
        <Input
          id="totp-confirm-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
      </FormField>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking...' : 'Turn on'}
      </Button>
    </form>
  );
}

function PasswordStep({
  action,
  onCancel,
  onDone,
}: {
  action: 'disable' | 'codes';
  onCancel(): void;
  onDone(codes?: string[]): void;
}) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const mutation = action === 'disable' ? disable : regenerate;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (action === 'disable') disable.mutate(password, { onSuccess: () => onDone() });
    else regenerate.mutate(password, { onSuccess: (codes) => onDone(codes) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {action === 'disable'
          ? 'Turning two-factor sign-in off removes your authenticator and recovery codes.'
          : 'New codes replace every earlier recovery code.'}{' '}
        Confirm with your password.
      </p>
      {mutation.isError && (
        <FormAlert message={errorMessage(mutation.error, 'That did not work')} focusOnMount />
      )}
      <FormField id="two-factor-password" label="Password">
        <Input
          id="two-factor-password"
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
        />
      </FormField>
      <div className="flex gap-2">
        <Button
          type="submit"
          variant={action === 'disable' ? 'destructive' : 'default'}
          disabled={mutation.isPending}
        >
          {action === 'disable' ? 'Turn off' : 'Make new codes'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
