import { USER_STATUS_QUERY_FILTERS, type UserStatusQueryFilter } from '@switchboard/contract/users';
import type { Ref } from 'react';
import { ListToolbar } from '@/components/list-toolbar.tsx';
import { OptionSelect } from '@/components/option-select.tsx';

const STATUS_LABELS: Record<UserStatusQueryFilter, string> = {
  all: 'All',
  online: 'Online',
  offline: 'Offline',
  admin: 'Admin',
  suspended: 'Suspended',
  deleted: 'Deleted',
};

interface UsersToolbarProps {
  search: string;
  status: UserStatusQueryFilter;
  onSearchChange(search: string): void;
  onStatusChange(status: UserStatusQueryFilter): void;
  /** The search box, where focus goes when what had it disappears. */
  searchRef?: Ref<HTMLInputElement>;
}

export function UsersToolbar({
  search,
  status,
  onSearchChange,
  onStatusChange,
  searchRef,
}: UsersToolbarProps) {
  return (
    <ListToolbar
      search={{
        value: search,
        onSearch: onSearchChange,
        label: 'Search users',
        showLabel: true,
        placeholder: 'Search by username, email or full name...',
        clearable: true,
        inputRef: searchRef,
      }}
    >
      <OptionSelect
        label="Status"
        value={status}
        options={USER_STATUS_QUERY_FILTERS}
        labels={STATUS_LABELS}
        onChange={onStatusChange}
        className="sm:w-44"
      />
    </ListToolbar>
  );
}
