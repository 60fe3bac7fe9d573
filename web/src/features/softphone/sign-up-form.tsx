import { PASSWORD_RULES } from '@switchboard/contract/user-create';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { type AppSession, signUp } from './app-api.ts';

/** A new app user's account: username, e-mail and password; the server signs them in at once. */
export function SignUpForm({ onSignedIn }: { onSignedIn: (session: AppSession) => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      onSignedIn(
        await signUp({
          username: String(form.get('username')),
          email: String(form.get('email')),
          password: String(form.get('password')),
        }),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-up failed');
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} className="max-w-sm space-y-3" aria-label="Create an account">
      <div className="space-y-1">
        <Label htmlFor={`${id}-username`}>Username</Label>
        <Input id={`${id}-username`} name="username" autoComplete="username" required />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          aria-describedby={`${id}-password-hint`}
          required
        />
        <p id={`${id}-password-hint`} className="text-xs text-muted-foreground">
          {PASSWORD_RULES.weak}
        </p>
      </div>
      {error && <p role="alert">{error}</p>}
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating…' : 'Create account'}
      </Button>
    </form>
  );
}
