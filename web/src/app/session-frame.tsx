import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { loadConsoleLayout } from '@/app/routes-preload.ts';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { useSession } from '@/lib/session-context.tsx';

const ConsoleLayout = lazy(() => loadConsoleLayout().then((m) => ({ default: m.ConsoleLayout })));

/**
 * Pages open to anyone that the sidebar lists too (root admin registration, factory reset): signed in,
 * they show inside the console with its sidebar, so they are never a dead end; signed out, alone.
 */
export function ConsoleWhenSignedIn() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  if (status !== 'signed-in') return <Outlet />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <ConsoleLayout />
    </Suspense>
  );
}
