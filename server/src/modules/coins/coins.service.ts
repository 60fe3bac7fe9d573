import {
  type AddCoinsRequest,
  type CoinEntryResponse,
  type CoinStatistics,
  type CoinsPage,
  type ListCoinsQuery,
  TOP_COIN_USERS,
  type UserLedgerResponse,
} from '@switchboard/contract/coins';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { userExists } from '../users/users.repository.ts';
import { applyCoinEntry, COIN_LEDGER_MESSAGES, reverseTransaction } from './coin-ledger.ts';
import * as repo from './coins.repository.ts';
import * as list from './coins-list.repository.ts';
import * as stats from './coins-stats.repository.ts';

type CoinEntry = CoinEntryResponse['data'];

function statisticsOf(summary: stats.LedgerSummary): CoinStatistics {
  const circulating = summary.earned - summary.spent;
  return {
    total_coins_circulating: circulating,
    total_coins_earned: summary.earned,
    total_coins_spent: summary.spent,
    total_transactions: summary.transactions,
    average_coins_per_user: summary.users === 0 ? 0 : Math.round((circulating / summary.users) * 100) / 100,
    top_earners: summary.topEarners,
    top_spenders: summary.topSpenders,
  };
}

/** The Coin statistics, from the daily rollup, the counters and the accounts' top indexes: no ledger scan. */
export async function coinStatistics(db: Database): Promise<CoinStatistics> {
  return statisticsOf(await stats.ledgerSummary(db, TOP_COIN_USERS));
}

/** One round trip: the page, its total and the statistics. */
export async function listCoins(db: Database, query: ListCoinsQuery): Promise<CoinsPage> {
  const { rows, nextCursor, total, totalCapped, summary } = await list.listCoinsPage(
    db,
    query,
    TOP_COIN_USERS,
  );
  return {
    ...statisticsOf(summary),
    coins: rows,
    total,
    page: query.page,
    limit: query.limit,
    total_pages: Math.ceil(total / query.limit),
    total_capped: totalCapped,
    next_cursor: nextCursor,
  };
}

/**
 * An admin's add: a positive amount is a 'bonus', a negative one a 'penalty' (refused with 409 when the
 * balance cannot cover it). A retry with the same idempotency key returns the first entry, adds nothing
 * and writes no second audit row.
 */
export async function addCoins(
  db: Database,
  actor: AdminPrincipal,
  input: z.output<typeof AddCoinsRequest>,
  idempotencyKey: string | undefined,
  context: RequestContext,
): Promise<CoinEntry> {
  return db.transaction(async (tx) => {
    const { entry, replayed } = await applyCoinEntry(tx, {
      userId: input.user_id,
      amount: input.amount,
      type: input.amount > 0 ? 'bonus' : 'penalty',
      description: input.description,
      ...(idempotencyKey ? { idempotencyKey } : {}),
      createdBy: actor.id,
    });
    const transaction = await viewOf(tx, entry.id);
    if (!replayed) {
      await recordAudit(tx, {
        actor,
        action: 'coins.add',
        targetType: 'user',
        targetId: input.user_id,
        before: { balance: transaction.balance_after - transaction.amount },
        after: transaction,
        context,
      });
    }
    return { transaction, replayed };
  });
}

export async function reverseCoinTransaction(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  context: RequestContext,
): Promise<CoinEntry> {
  return db.transaction(async (tx) => {
    const entry = await reverseTransaction(tx, { transactionId: id, createdBy: actor.id });
    const transaction = await viewOf(tx, entry.id);
    await recordAudit(tx, {
      actor,
      action: 'coins.reverse',
      targetType: 'coin_transaction',
      targetId: String(id),
      before: { balance: transaction.balance_after - transaction.amount },
      after: transaction,
      context,
    });
    return { transaction, replayed: false };
  });
}

export async function userLedger(
  db: Database,
  userId: string,
  query: { limit: number; cursor?: string },
): Promise<UserLedgerResponse['data']> {
  const [page, account] = await Promise.all([
    list.listUserTransactions(db, userId, query),
    repo.findAccount(db, userId),
  ]);
  if (!account && page.rows.length === 0 && !(await userExists(db, userId)))
    throw notFound(COIN_LEDGER_MESSAGES.userNotFound);
  return {
    transactions: page.rows,
    balance: account?.balance ?? 0,
    total_earned: account?.totalEarned ?? 0,
    total_spent: account?.totalSpent ?? 0,
    next_cursor: page.nextCursor,
  };
}

/** Coins earned against spent per UTC day over the last `days` days, for the dashboard's chart. */
export function dailyCoinTotals(db: Database, days: number) {
  return stats.dailyTotals(db, days);
}

async function viewOf(tx: Executor, id: number) {
  const view = await list.findTransactionView(tx, id);
  if (!view) throw new Error(`ledger entry ${id} vanished inside its own transaction`);
  return view;
}
