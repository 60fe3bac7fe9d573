import {
  USER_REPORT_MESSAGES,
  type UserReport,
  userReportsEndpoints,
} from '@switchboard/contract/user-reports';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Time } from '@/components/time.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { enumLabel } from '@/lib/enum-label.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useCan } from '@/lib/permissions.ts';
import { undoToast } from '@/lib/undo-toast.ts';
import { useDismissReport, useReopenReport, useResolveReport } from './api.ts';
import { SuspendReportedUser } from './suspend-reported-user.tsx';

export const reportTypeLabel = enumLabel;

/** The details modal: every field, and for a pending report the notes box with Resolve Report and Dismiss Report. */
export function ReportDetailsDialog({ report, onClose }: { report: UserReport | null; onClose(): void }) {
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const resolve = useResolveReport();
  const dismiss = useDismissReport();
  const reopen = useReopenReport();
  const busy = resolve.isPending || dismiss.isPending;
  // Resolving, dismissing and suspending are offered only to a role that may make them.
  const can = useCan();
  const pending = report?.status === 'pending' && can(userReportsEndpoints.resolve);

  const close = () => {
    setNotes('');
    setNotesError(null);
    onClose();
  };
  const act = async (kind: 'resolve' | 'dismiss') => {
    if (!report) return;
    const text = notes.trim();
    if (!text) {
      setNotesError(
        kind === 'resolve' ? USER_REPORT_MESSAGES.notesRequired : USER_REPORT_MESSAGES.reasonRequired,
      );
      return;
    }
    try {
      if (kind === 'resolve') await resolve.mutateAsync({ id: report.id, notes: text });
      else await dismiss.mutateAsync({ id: report.id, reason: text });
      const id = report.id;
      undoToast(
        kind === 'resolve' ? USER_REPORT_MESSAGES.resolved : USER_REPORT_MESSAGES.dismissed,
        () => reopen.mutateAsync(id),
        { undone: USER_REPORT_MESSAGES.reopened, undoFailed: USER_REPORT_MESSAGES.reopenFailed },
      );
      close();
    } catch (error) {
      toast.error(
        errorMessage(
          error,
          kind === 'resolve' ? USER_REPORT_MESSAGES.resolveFailed : USER_REPORT_MESSAGES.dismissFailed,
        ),
      );
    }
  };
  const rows: [string, ReactNode][] = report
    ? [
        ['Type', enumLabel(report.report_type)],
        ['Status', enumLabel(report.status)],
        ['Reporter', <UserLink key="reporter" id={report.reporter_id} username={report.reporter_username} />],
        [
          'Reported User',
          <UserLink key="reported" id={report.reported_user_id} username={report.reported_user_username} />,
        ],
        ['Reason', report.reason],
        ['Description', report.description ?? '—'],
        ['Created', <Time key="created" value={report.created_at} exact />],
        ['Updated', <Time key="updated" value={report.updated_at} exact />],
        ['Resolution Notes', report.resolution_notes ?? '—'],
      ]
    : [];

  return (
    <ModalDialog
      className="max-h-[90vh]"
      open={report !== null}
      onOpenChange={(open) => !open && close()}
      title="Report Details"
      description={`Report #${report?.id}`}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {report?.reported_user_id && can(userReportsEndpoints.suspendReportedUser) ? (
        // Keyed by report: another report's dialog starts again from the button.
        <SuspendReportedUser key={report.id} report={report} />
      ) : null}
      {pending ? (
        <div className="space-y-2">
          <Label htmlFor="report-notes">Resolution Notes</Label>
          <textarea
            id="report-notes"
            className="min-h-24 w-full rounded-md border bg-background p-2 text-sm"
            placeholder="Add notes about how this report was handled"
            value={notes}
            aria-invalid={notesError !== null}
            aria-describedby={notesError ? 'report-notes-error' : undefined}
            onChange={(e) => {
              setNotes(e.target.value);
              setNotesError(null);
            }}
          />
          {notesError ? (
            <p id="report-notes-error" className="text-sm text-destructive">
              {notesError}
            </p>
          ) : null}
        </div>
      ) : null}
      <DialogFooter className="flex-wrap gap-2">
        {pending ? (
          <>
            <Button variant="outline" disabled={busy} onClick={() => void act('dismiss')}>
              Dismiss Report
            </Button>
            <Button disabled={busy} onClick={() => void act('resolve')}>
              Resolve Report
            </Button>
          </>
        ) : null}
      </DialogFooter>
    </ModalDialog>
  );
}
