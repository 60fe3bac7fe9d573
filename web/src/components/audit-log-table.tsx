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
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
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

  const data = query.data;
  return (
    <div className="space-y-4">
      <form
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Filter security logs"
      >
        <div className="space-y-1">
          <Label htmlFor="audit-actor">Admin</Label>
          <Input
            id="audit-actor"
            placeholder="Username"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-action">Action</Label>
          <Input
            id="audit-action"
            placeholder="e.g. user.delete or user."
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-start">From</Label>
          <Input
            id="audit-start"
            type="datetime-local"
            value={draft.start}
            onChange={(e) => setDraft({ ...draft, start: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-end">To</Label>
          <Input
            id="audit-end"
            type="datetime-local"
            value={draft.end}
            onChange={(e) => setDraft({ ...draft, end: e.target.value })}
          />
        </div>
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
      <DataTable
        label="Security logs"
        columns={columns}
        rows={data?.logs}
        getRowId={(row) => String(row.id)}
        stale={query.isPlaceholderData}
        error={
          query.isError
            ? {
                title: 'Error',
                message: errorMessage(query.error, AUDIT_LOG_MESSAGES.fetchFailed),
                onRetry: () => void query.refetch(),
              }
            : null
        }
        empty={<EmptyState title="No security logs" description="No admin changes match these filters." />}
        footer={
          data ? (
            <Pagination
              label="Security logs pages"
              noun="entries"
              page={page}
              shownPage={data.page}
              pageSize={data.per_page}
              total={data.total}
              totalCapped={data.total_capped}
              totalPages={data.total_pages}
              rowCount={data.logs.length}
              onPageChange={setPage}
            />
          ) : null
        }
      />
    </div>
  );
}
