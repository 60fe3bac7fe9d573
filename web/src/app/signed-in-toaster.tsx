import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session-context.tsx';

const Toaster = lazy(() => import('@/app/themed-toaster.tsx').then((m) => ({ default: m.ThemedToaster })));

/** Only console screens raise toasts, so the landing and login pages never download the toast library. */
export function SignedInToaster() {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
