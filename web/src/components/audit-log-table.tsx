import {
  AUDIT_LOG_MESSAGES,
  AUDIT_LOG_PAGE_SIZE,
  type AuditLogEntry,
  type AuditLogQuery,
  auditLogEndpoints,
} from '@switchboard/contract/audit-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DownloadIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state.tsx';
import { type FilterFieldSpec, FilterFields } from '@/components/filter-field.tsx';
import { PagedTable } from '@/components/paged-table.tsx';
import { Button } from '@/components/ui/button.tsx';
import { callEndpoint } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { formatDateTime } from '@/lib/format.ts';
import { usePageCursors } from '@/lib/use-page-cursors.ts';

type Filters = Pick<AuditLogQuery, 'actor' | 'action' | 'start' | 'end'>;
const NO_FILTERS: Filters = { actor: undefined, action: undefined, start: undefined, end: undefined };

const columns: ColumnDef<AuditLogEntry>[] = [
  { header: 'Time', cell: ({ row }) => formatDateTime(row.original.timestamp) },
  { header: 'Admin', cell: ({ row }) => row.original.actor_username ?? row.original.actor_id ?? '—' },
  { header: 'Action', cell: ({ row }) => <code className="text-xs">{row.original.action}</code> },
  {
    header: 'Target',
    cell: ({ row }) =>
      `${row.original.target_type}${row.original.target_id ? ` ${row.original.target_id}` : ''}`,
  },
  {
    header: 'IP address',
    cell: ({ row }) => row.original.ip_address ?? '—',
    meta: { className: 'hidden md:table-cell', headClassName: 'hidden md:table-cell' },
  },
];

/** datetime-local text (local time) → ISO, or undefined when empty. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

const FILTER_FIELDS = [
  { key: 'actor', label: 'Admin', placeholder: 'Username' },
  { key: 'action', label: 'Action', placeholder: 'e.g. user.delete or user.' },
  { key: 'start', label: 'From', type: 'datetime-local' },
  { key: 'end', label: 'To', type: 'datetime-local' },
] as const satisfies readonly FilterFieldSpec<string>[];

/**
 * The audit log (every admin change), filterable by admin, action and time, with CSV export.
 * Read-only: the log cannot be changed from the console. Mounted by Settings → Security Logs.
 */
export function AuditLogTable() {
  const [draft, setDraft] = useState({ actor: '', action: '', start: '', end: '' });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const cursors = usePageCursors(filters);
  const query = useQuery({
    queryKey: ['audit-log', filters, page],
    queryFn: async ({ signal }) => {
      const listQuery = { ...filters, page, per_page: AUDIT_LOG_PAGE_SIZE, cursor: cursors.cursorFor(page) };
      const response = await callEndpoint(auditLogEndpoints.list, { query: listQuery }, { signal });
      cursors.remember(page, response.data.next_cursor);
      return response;
    },
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      actor: draft.actor.trim() || undefined,
      action: draft.action.trim() || undefined,
      start: toIso(draft.start),
      end: toIso(draft.end),
    });
    setPage(1);
  };
  const clear = () => {
    setDraft({ actor: '', action: '', start: '', end: '' });
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { data } = await callEndpoint(auditLogEndpoints.exportCsv, { query: filters });
      const url = URL.createObjectURL(new Blob([data.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = data.filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export security logs'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-4">
      <form
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Filter security logs"
      >
        <FilterFields idPrefix="audit" fields={FILTER_FIELDS} draft={draft} onChange={setDraft} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Search</Button>
          <Button type="button" variant="outline" onClick={clear}>
            Clear
          </Button>
          <Button type="button" variant="outline" onClick={exportCsv} disabled={exporting}>
            <DownloadIcon /> Export CSV
          </Button>
        </div>
      </form>
      <PagedTable
        label="Security logs"
        noun="entries"
        columns={columns}
        query={query}
        rowsOf={(data) => data.logs}
        getRowId={(row) => String(row.id)}
        page={page}
        onPageChange={setPage}
        fetchFailed={AUDIT_LOG_MESSAGES.fetchFailed}
        empty={<EmptyState title="No security logs" description="No admin changes match these filters." />}
      />
    </div>
  );
}
