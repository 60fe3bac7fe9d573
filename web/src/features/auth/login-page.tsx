import { Link } from 'react-router';
import { Brand } from '@/components/brand.tsx';
import { useAppConfig } from '@/lib/app-config-context.tsx';
import { LoginForm } from './login-form.tsx';

const HIGHLIGHTS = [
  'Users, calls and coins in one place',
  'Live monitoring with alerts',
  'Security events and audit trail',
];

/** The sign-in screen. Where to go afterwards is decided by the route guard once the session is signed in. */
export function LoginPage() {
  const { app } = useAppConfig();
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside className="relative hidden overflow-hidden bg-[oklch(0.24_0.06_265)] p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-32 size-[28rem] rounded-full bg-[oklch(0.55_0.2_264)] opacity-30 blur-3xl"
        />
        <Link
          to="/"
          className="relative w-fit rounded-md text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none [&_span]:text-white"
        >
          <Brand />
        </Link>
        <div className="relative max-w-md space-y-6">
          <h2 className="text-3xl font-semibold tracking-tight">
            Run your calling platform with confidence.
          </h2>
          <ul className="space-y-3 text-sm text-white/80">
            {HIGHLIGHTS.map((line) => (
              <li key={line} className="flex items-center gap-2.5">
                {/* A glyph, not an icon component: the sign-in page's first download stays within budget. */}
                <span
                  className="flex size-4 items-center justify-center rounded-full border border-current text-[10px] leading-none text-[oklch(0.8_0.12_160)]"
                  aria-hidden="true"
                >
                  ✓
                </span>
                {line}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-white/50">
          {app.name} {app.version}
        </p>
      </aside>
      <main className="flex items-center justify-center bg-background px-4 py-12 sm:px-8">
        <div className="w-full max-w-sm space-y-8">
          <Link to="/" className="w-fit rounded-md lg:hidden">
            <Brand />
          </Link>
          <div className="space-y-2">
            <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
            <p className="text-sm text-muted-foreground">
              Use your administrator account to open the console.
            </p>
          </div>
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
