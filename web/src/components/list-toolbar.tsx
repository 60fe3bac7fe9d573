import type { ComponentProps, ReactNode } from 'react';
import { SearchBox } from '@/components/search-box.tsx';

interface ListToolbarProps {
  search: ComponentProps<typeof SearchBox>;
  /** The filters beside the search box. */
  children: ReactNode;
}

/** Above a list: its search box and filters, stacked on a phone and in one row from `sm` up. */
export function ListToolbar({ search, children }: ListToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox {...search} />
      {children}
    </div>
  );
}
