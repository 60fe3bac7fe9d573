import {
  APP_ACTION_MESSAGES,
  type OfficialMessageMark,
  type OfficialMessageReceipt,
} from '@switchboard/contract/app-actions';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/http-error.ts';
import { markOfficialMessage } from './official-message-receipts.repository.ts';

/** The app says an official message reached its user, was read, or was acknowledged. */
export async function markMessage(
  db: Database,
  me: string,
  id: number,
  mark: OfficialMessageMark,
): Promise<OfficialMessageReceipt> {
  const row = await markOfficialMessage(db, id, me, mark);
  if (!row) throw notFound(APP_ACTION_MESSAGES.officialMessageNotFound);
  return {
    message_id: row.messageId,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    read_at: row.readAt?.toISOString() ?? null,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
  };
}
