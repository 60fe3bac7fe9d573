import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** A DataTable column that shows one value of the row, with its responsive classes. */
export function valueColumn<Row>(
  id: string,
  header: string,
  value: (row: Row) => ReactNode,
  className?: string,
): ColumnDef<Row> {
  return {
    id,
    header,
    ...(className ? { meta: { className } } : {}),
    cell: ({ row }) => value(row.original),
  };
}
