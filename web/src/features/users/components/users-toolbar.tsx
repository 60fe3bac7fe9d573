import { USER_STATUS_QUERY_FILTERS, type UserStatusQueryFilter } from '@switchboard/contract/users';
import { type Ref, useId } from 'react';
import { OptionSelect } from '@/components/option-select.tsx';
import { SearchBox } from '@/components/search-box.tsx';

const STATUS_LABELS: Record<UserStatusQueryFilter, string> = {
  all: 'All',
  online: 'Online',
  offline: 'Offline',
  admin: 'Admin',
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
  const statusId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox
        value={search}
        onSearch={onSearchChange}
        label="Search users"
        showLabel
        placeholder="Search by username, email or full name..."
        clearable
        inputRef={searchRef}
      />
      <OptionSelect
        id={statusId}
        label="Status"
        value={status}
        options={USER_STATUS_QUERY_FILTERS}
        labels={STATUS_LABELS}
        onChange={onStatusChange}
        className="flex flex-col gap-1.5 sm:w-44"
      />
    </div>
  );
}
