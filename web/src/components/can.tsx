import type { ReactNode } from 'react';
import { type Needed, useCan } from '@/lib/permissions.ts';

/**
 * Shows its children only when the signed-in admin's role allows `needed` (a permission, or the
 * endpoint the control calls); otherwise `fallback`, nothing by default. Write controls go inside it,
 * so an admin is not offered what the server would refuse.
 */
export function Can({
  needed,
  children,
  fallback = null,
}: {
  needed: Needed;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const can = useCan();
  return <>{can(needed) ? children : fallback}</>;
}
