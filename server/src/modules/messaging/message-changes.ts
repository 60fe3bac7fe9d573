import type { Database, Executor } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/** Who changes a message, and from where: what its audit row records. */
export type MessageActor = { actor: AdminPrincipal; context: RequestContext };

/** The audit row of one change to a notification or official message, in the change's transaction. */
export const messageAudit =
  <T>(targetType: 'notification' | 'official_message') =>
  (
    tx: Executor,
    action: `${typeof targetType}.${string}`,
    id: number,
    before: T | null,
    after: T | null,
    { actor, context }: MessageActor,
  ) =>
    recordAudit(tx, { actor, action, targetType, targetId: String(id), before, after, context });

/**
 * Records a recipient's step (read, received, acknowledged). Idempotent: only the first call counts, and
 * the answer says whether this call did; a user who is not a recipient gets the message's 404.
 */
export async function markRecipientStep(
  db: Database,
  step: {
    mark(tx: Executor): Promise<boolean>;
    isRecipient(tx: Executor): Promise<boolean>;
    notFoundMessage: string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await step.mark(tx)) return true;
    if (!(await step.isRecipient(tx))) throw notFound(step.notFoundMessage);
    return false;
  });
}
