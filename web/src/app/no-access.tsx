import { NO_ACCESS_MESSAGE } from '@switchboard/contract/permissions';
import { EmptyState } from '@/components/empty-state.tsx';

/** What a screen the admin's role cannot read shows instead. */
export function NoAccess() {
  return <EmptyState title={NO_ACCESS_MESSAGE} />;
}
