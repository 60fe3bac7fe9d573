import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CONSOLE_SCREENS } from '@/app/console-screens.ts';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { type Needed, useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session-context.tsx';

export const SIGNED_IN_HOME = '/dashboard';

// Rare (a typed URL or an old link), so fetched when needed rather than with every first page.
const NoAccess = lazy(() => import('@/app/no-access.tsx').then((m) => ({ default: m.NoAccess })));

/** Where the login page sends the admin afterwards: the guarded page they asked for, if any. */
interface LoginRedirectState {
  from?: string;
}

function redirectTarget(state: unknown, home: string): string {
  const from = (state as LoginRedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login'
    ? from
    : home;
}

/** The dashboard, or the first screen the admin's role can read when it cannot read the dashboard. */
function useSignedInHome(): string {
  const can = useCan();
  return CONSOLE_SCREENS.find((screen) => can(screen.permission))?.path ?? SIGNED_IN_HOME;
}

/**
 * A screen the admin's role cannot read, reached by a typed URL or an old link: a plain refusal rather
 * than a screen whose requests all fail. The server refuses those requests whatever the console shows.
 */
export function RequirePermission({ permission }: { permission: Needed }) {
  const can = useCan();
  if (!can(permission))
    return (
      <Suspense fallback={null}>
        <NoAccess />
      </Suspense>
    );
  return <Outlet />;
}

/**
 * Signed-in routes: a signed-out visitor goes to /login, remembering where they were headed (or where
 * their session ended) so signing in returns them there. After an explicit logout there is nothing to
 * return to: the next sign-in, by whichever admin, starts at the dashboard.
 */
export function RequireSession() {
  const { status, signedOutByLogout } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signed-out') {
    if (signedOutByLogout) return <Navigate to="/login" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  }
  return <Outlet />;
}

/** The landing page and /login are for signed-out visitors; a signed-in admin goes on to the console. */
export function SignedOutOnly() {
  const { status } = useSession();
  const location = useLocation();
  const home = useSignedInHome();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signed-in') return <Navigate to={redirectTarget(location.state, home)} replace />;
  return <Outlet />;
}

/** Pages that render either way still wait for the session so they never flash the wrong state. */
export function AnySession() {
  const { status } = useSession();
  return status === 'loading' ? <FullPageSpinner /> : <Outlet />;
}

/** Unknown paths: the console home when signed in, the landing page otherwise. */
export function UnknownRoute() {
  const { status } = useSession();
  const home = useSignedInHome();
  if (status === 'loading') return <FullPageSpinner />;
  return <Navigate to={status === 'signed-in' ? home : '/'} replace />;
}
