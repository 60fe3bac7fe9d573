import type { UserStatusQueryFilter } from '@switchboard/contract/users';
import { UsersIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';

interface UsersEmptyProps {
  search: string;
  status: UserStatusQueryFilter;
  onClearSearch(): void;
}

function hint(search: string, status: UserStatusQueryFilter): string | undefined {
  if (search) return `Nothing matches "${search}". Clear the search to see all users.`;
  if (status !== 'all') return 'No users have this status. Choose All to see every user.';
  return undefined;
}

export function UsersEmpty({ search, status, onClearSearch }: UsersEmptyProps) {
  return (
    <div className="flex flex-col items-center">
      <EmptyState
        title="No users found"
        description={hint(search, status)}
        icon={<UsersIcon aria-hidden="true" />}
      />
      {search ? (
        <Button variant="outline" size="sm" className="-mt-6 mb-6" onClick={onClearSearch}>
          Clear search
        </Button>
      ) : null}
    </div>
  );
}
