import type { Executor } from '../../db/client.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';

interface ReportFacts {
  id: number;
  report_type?: string;
  reporter_id?: string | null;
  reported_user_id?: string | null;
  reason: string;
  status: string;
  resolution_notes?: string | null;
}

/** `report.created` when an app user files one, `report.resolved` when an admin resolves or dismisses it. */
export async function recordReportEvent(
  tx: Executor,
  type: 'report.created' | 'report.resolved',
  report: ReportFacts,
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    type,
    data: {
      id: report.id,
      report_type: report.report_type ?? null,
      reporter_id: report.reporter_id ?? null,
      reported_user_id: report.reported_user_id ?? null,
      reason: report.reason,
      status: report.status,
      resolution_notes: report.resolution_notes ?? null,
    },
    orderingKey: `report:${report.id}`,
  });
}
