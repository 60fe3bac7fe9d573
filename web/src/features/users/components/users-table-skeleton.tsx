import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table.tsx';
import { UsersTableHeader } from './users-table.tsx';

const ROW_KEYS = ['a', 'b', 'c', 'd', 'e'];

/** Shown on the very first load only; later loads keep the previous rows on screen. */
export function UsersTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading users">
      <UsersTableHeader checkbox={<Checkbox aria-label="Select all users on this page" disabled />} />
      <TableBody>
        {ROW_KEYS.map((key) => (
          <TableRow key={key}>
            <TableCell>
              <Skeleton className="size-4" />
            </TableCell>
            <TableCell>
              <div className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex flex-col gap-1.5">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-44" />
                </div>
              </div>
            </TableCell>
            <TableCell>
              <Skeleton className="h-5 w-14" />
            </TableCell>
            <TableCell>
              <Skeleton className="h-5 w-12" />
            </TableCell>
            <TableCell>
              <Skeleton className="ml-auto h-4 w-10" />
            </TableCell>
            <TableCell>
              <Skeleton className="h-4 w-20" />
            </TableCell>
            <TableCell>
              <Skeleton className="ml-auto h-8 w-24" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
