import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { type AppSession, type CodeRequested, requestCode, verifyCode } from './app-api.ts';

const errorText = (err: unknown, fallback: string) => (err instanceof Error ? err.message : fallback);

/**
 * Sign-in without a password: the server sends a one-time code (by the operator's SMS or e-mail
 * gateway) and the user types it. A demo server has no gateway, so it answers with the code and the
 * form shows it, marked as a demo-only shortcut.
 */
export function CodeSignInForm({ onSignedIn }: { onSignedIn: (session: AppSession) => void }) {
  const id = useId();
  const [requested, setRequested] = useState<CodeRequested | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const ask = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const login = String(new FormData(event.currentTarget).get('login'));
    setPending(true);
    setError(null);
    try {
      setRequested(await requestCode(login));
    } catch (err) {
      setError(errorText(err, 'Could not ask for a code'));
    } finally {
      setPending(false);
    }
  };
  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!requested) return;
    const code = String(new FormData(event.currentTarget).get('code'));
    setPending(true);
    setError(null);
    try {
      onSignedIn(await verifyCode(requested.pending_token, code));
    } catch (err) {
      setError(errorText(err, 'Sign-in failed'));
    } finally {
      setPending(false);
    }
  };

  if (!requested)
    return (
      <form onSubmit={ask} className="max-w-sm space-y-3" aria-label="Sign in with a code">
        <div className="space-y-1">
          <Label htmlFor={`${id}-login`}>Username or email</Label>
          <Input id={`${id}-login`} name="login" autoComplete="username" required />
        </div>
        {error && <p role="alert">{error}</p>}
        <Button type="submit" disabled={pending}>
          Send me a code
        </Button>
      </form>
    );
  return (
    <form onSubmit={verify} className="max-w-sm space-y-3" aria-label="Enter your code">
      <p className="text-sm">
        If the account exists, a code is on its way. It expires in {Math.round(requested.expires_in / 60)}{' '}
        minutes.
      </p>
      {requested.demo_code && (
        <p role="note" data-testid="demo-code" className="rounded border border-dashed p-2 text-sm">
          <strong>Demo only:</strong> this server runs demo data and has no SMS or e-mail gateway, so it shows
          the code here: <code className="font-mono text-base">{requested.demo_code}</code>
        </p>
      )}
      <div className="space-y-1">
        <Label htmlFor={`${id}-code`}>Code</Label>
        <Input
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={32}
          required
        />
      </div>
      {error && <p role="alert">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          Sign in
        </Button>
        <Button type="button" variant="outline" onClick={() => setRequested(null)}>
          Start again
        </Button>
      </div>
    </form>
  );
}
