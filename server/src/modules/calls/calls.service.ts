import {
  CALL_MESSAGES,
  type CallQuality,
  type CallRow,
  type CallsPage,
  type ListCallsQuery,
} from '@switchboard/contract/calls';
import type { Database } from '../../db/client.ts';
import { readCounters } from '../../db/row-counts.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordToRow } from './call-row.ts';
import { settleCall } from './call-settlement.ts';
import * as repo from './calls.repository.ts';
import * as list from './calls-list.repository.ts';

const pageOf = (result: list.CallsPageResult, page: number, limit: number): CallsPage => ({
  calls: result.rows,
  total: result.total,
  page,
  limit,
  total_pages: Math.ceil(result.total / limit),
  total_capped: result.totalCapped,
  next_cursor: result.nextCursor,
});

export async function listCalls(db: Database, query: ListCallsQuery): Promise<CallsPage> {
  return pageOf(await list.listCalls(db, query), query.page, query.limit);
}

/** Calls no longer live, newest first; the total is the calls counter less the live ones. */
export async function callHistory(db: Database, query: { page: number; limit: number }): Promise<CallsPage> {
  const [rows, counts] = await Promise.all([
    list.pastCalls(db, query.limit, (query.page - 1) * query.limit),
    readCounters(db, ['calls.total', 'calls.status.ringing', 'calls.status.active']),
  ]);
  const total = counts['calls.total'] - counts['calls.status.ringing'] - counts['calls.status.active'];
  return pageOf({ rows, total, totalCapped: false, nextCursor: null }, query.page, query.limit);
}

export const activeCalls = (db: Database): Promise<CallRow[]> => repo.liveCalls(db);

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
  return { samples, worse_side };
}

/** An admin ends a ringing or active call; it settles as a normal end would. */
export async function endCall(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  context: RequestContext,
): Promise<CallRow> {
  return db.transaction(async (tx) => {
    const call = await repo.lockCall(tx, id);
    if (!call) throw notFound(CALL_MESSAGES.notFound);
    if (call.status !== 'ringing' && call.status !== 'active') throw conflict(CALL_MESSAGES.alreadyEnded);
    const samples = await repo.qualitySamples(tx, id);
    const settled = settleCall(
      call,
      new Date(),
      'admin_ended',
      samples.map((s) => s.mos),
    );
    const after = recordToRow(await repo.updateCall(tx, id, settled));
    await recordAudit(tx, {
      actor,
      action: 'call.end',
      targetType: 'call',
      targetId: String(id),
      before: recordToRow(call),
      after,
      context,
    });
    return after;
  });
}
