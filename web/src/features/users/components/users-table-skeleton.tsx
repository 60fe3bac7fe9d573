import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table.tsx';
import { PHONE_QUERY, useMediaQuery } from '../use-media-query.ts';
import { UsersTableHeader } from './users-table.tsx';

const ROW_KEYS = ['a', 'b', 'c', 'd', 'e'];

/** Shown on the very first load only; later loads keep the previous rows on screen. */
export function UsersTableSkeleton() {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Table aria-busy="true" aria-label="Loading users">
      <UsersTableHeader
        phone={phone}
        checkbox={<Checkbox aria-label="Select all users on this page" disabled />}
      />
      <TableBody>
        {ROW_KEYS.map((key) => (
          <TableRow key={key}>
            <TableCell className="px-2 sm:px-3">
              <Skeleton className="size-4" />
            </TableCell>
            <TableCell className="w-full max-w-0 px-2 sm:px-3">
              <div className="flex items-center gap-3">
                <Skeleton className="hidden size-9 rounded-full sm:block" />
                <div className="flex flex-col gap-1.5">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-44 max-w-full" />
                </div>
              </div>
            </TableCell>
            {phone ? null : (
              <>
                <TableCell>
                  <Skeleton className="h-5 w-14" />
                </TableCell>
                <TableCell>
                  <Skeleton className="h-5 w-12" />
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <Skeleton className="ml-auto h-4 w-10" />
                </TableCell>
                <TableCell className="hidden xl:table-cell">
                  <Skeleton className="h-4 w-20" />
                </TableCell>
              </>
            )}
            <TableCell className="px-2 sm:px-3">
              <Skeleton className="ml-auto h-8 w-24" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
