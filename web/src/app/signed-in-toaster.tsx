import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session-context.tsx';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Only console screens raise toasts, so the landing and login pages never download the toast library. */
export function SignedInToaster() {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors closeButton position="top-right" />
    </Suspense>
  );
}
