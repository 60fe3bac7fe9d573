import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import type { AppSession } from './app-api.ts';
import { CodeSignInForm } from './code-sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

type Way = 'password' | 'code' | 'sign-up';
const WAYS: { way: Way; label: string }[] = [
  { way: 'password', label: 'Sign in with a password' },
  { way: 'code', label: 'Sign in with a code' },
  { way: 'sign-up', label: 'Create an account' },
];

/** The three ways in for a signed-out app user, one shown at a time. */
export function SignedOutPanel({
  passwordSignIn,
  onSignedIn,
}: {
  passwordSignIn: ReactNode;
  onSignedIn: (session: AppSession) => void;
}) {
  const [way, setWay] = useState<Way>('password');
  return (
    <div className="space-y-4">
      <nav aria-label="Ways to sign in" className="flex flex-wrap gap-2">
        {WAYS.map((w) => (
          <Button
            key={w.way}
            variant={w.way === way ? 'default' : 'outline'}
            size="sm"
            aria-pressed={w.way === way}
            onClick={() => setWay(w.way)}
          >
            {w.label}
          </Button>
        ))}
      </nav>
      {way === 'password' && passwordSignIn}
      {way === 'code' && <CodeSignInForm onSignedIn={onSignedIn} />}
      {way === 'sign-up' && <SignUpForm onSignedIn={onSignedIn} />}
    </div>
  );
}
