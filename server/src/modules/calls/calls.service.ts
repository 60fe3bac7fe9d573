import type { CallQuality } from '@switchboard/contract/call-quality';
import {
  CALL_MESSAGES,
  type CallsPage,
  type CallView,
  type ListCallsQuery,
} from '@switchboard/contract/calls';
import type { UserPush } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { readCounters } from '../../db/row-counts.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import { pageEnvelope } from '../../http/page-envelope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { toAppCall } from './app-call.ts';
import { recordCallEvent } from './call-events.ts';
import { forceEndCall } from './call-lifecycle.service.ts';
import { recordToRow } from './call-row.ts';
import { settleCall } from './call-settlement.ts';
import { viewCall, viewCalls } from './call-views.ts';
import * as repo from './calls.repository.ts';
import * as list from './calls-list.repository.ts';

const pageOf = async (
  db: Database,
  result: list.CallsPageResult,
  page: number,
  limit: number,
): Promise<CallsPage> => ({
  calls: await viewCalls(db, result.rows),
  ...pageEnvelope('limit', { page, limit }, result),
});

export async function listCalls(db: Database, query: ListCallsQuery): Promise<CallsPage> {
  return pageOf(db, await list.listCalls(db, query), query.page, query.limit);
}

/** Calls no longer live, newest first; the total is the calls counter less the live ones. */
export async function callHistory(db: Database, query: { page: number; limit: number }): Promise<CallsPage> {
  const [rows, counts] = await Promise.all([
    list.pastCalls(db, query.limit, (query.page - 1) * query.limit),
    readCounters(db, ['calls.total', 'calls.status.ringing', 'calls.status.active']),
  ]);
  const total = counts['calls.total'] - counts['calls.status.ringing'] - counts['calls.status.active'];
  return pageOf(db, { rows, total, totalCapped: false, nextCursor: null }, query.page, query.limit);
}

export async function getCall(db: Database, id: number): Promise<CallView> {
  const call = await repo.callById(db, id);
  if (!call) throw notFound(CALL_MESSAGES.notFound);
  return viewCall(db, call);
}

export const activeCalls = async (db: Database): Promise<CallView[]> =>
  viewCalls(db, await repo.liveCalls(db));

export async function callQuality(db: Database, id: number): Promise<CallQuality> {
  if (!(await repo.callExists(db, id))) throw notFound(CALL_MESSAGES.notFound);
  const samples = await repo.qualitySamples(db, id);
  const mean = (side: 'caller' | 'callee') => {
    const mine = samples.filter((s) => s.side === side);
    return mine.length ? mine.reduce((a, s) => a + s.mos, 0) / mine.length : undefined;
  };
  const caller = mean('caller');
  const callee = mean('callee');
  const worse_side =
    caller === undefined || callee === undefined ? null : caller <= callee ? 'caller' : 'callee';
  return { samples, crossings: await repo.qualityCrossings(db, id), worse_side };
}

/** An admin ends a ringing or active call; it settles as a normal end would, and both parties hear of it. */
export async function endCall(
  db: Database,
  push: UserPush,
  actor: AdminPrincipal,
  id: number,
  context: RequestContext,
): Promise<CallView> {
  const result = await db.transaction(async (tx) => {
    const call = await repo.lockCall(tx, id);
    if (!call) throw notFound(CALL_MESSAGES.notFound);
    if (call.status !== 'ringing' && call.status !== 'active') throw conflict(CALL_MESSAGES.alreadyEnded);
    // A call placed through the app (it has a due time) settles through the ledger; a seeded one as it always has.
    const placed = call.dueAt !== null;
    const ended = placed
      ? await forceEndCall(db, tx, call, new Date())
      : await repo.updateCall(
          tx,
          id,
          settleCall(
            call,
            new Date(),
            'admin_ended',
            (await repo.qualitySamples(tx, id)).map((s) => s.mos),
          ),
        );
    // forceEndCall has told the webhooks already; a seeded call's end is told here.
    if (!placed) await recordCallEvent(tx, 'call.ended', ended);
    const after = recordToRow(ended);
    await recordAudit(tx, {
      actor,
      action: 'call.end',
      targetType: 'call',
      targetId: String(id),
      before: recordToRow(call),
      after,
      context,
    });
    return { after, ended, placed };
  });
  // On whichever instance each party is connected (Redis adapter), at once.
  if (result.placed) push.callChanged(toAppCall(result.ended));
  return viewCall(db, result.after);
}
