import type { CallRow, CallView } from '@switchboard/contract/calls';
import type { CoinValue } from '@switchboard/contract/coin-value';
import { moneyOfCoins } from '@switchboard/contract/coin-value';
import type { Database } from '../../db/client.ts';
import { currentCoinValue } from '../coins/coin-value.ts';
import { runningCoins } from './call-lifecycle.service.ts';
import * as repo from './calls.repository.ts';

/**
 * Calls as the console shows them: an active call with its running cost (coins so far, by its settlement
 * rule) and its newest MOS; every call with the money value of its coins at the package price.
 */
export async function viewCalls(
  db: Database,
  rows: readonly CallRow[],
  now: Date = new Date(),
  value?: CoinValue | null,
): Promise<CallView[]> {
  const activeIds = rows.filter((r) => r.status === 'active').map((r) => r.id);
  const [coinValue, records, mos] = await Promise.all([
    value === undefined ? currentCoinValue(db) : value,
    repo.callRecords(db, activeIds),
    repo.latestMos(db, activeIds),
  ]);
  const running = new Map<number, number>();
  // A call that ended since the page was read shows as it was read: its coins are settled.
  for (const record of records)
    if (record.status === 'active') running.set(record.id, await runningCoins(db, record, now));
  return rows.map((row) => {
    const coins = running.get(row.id);
    return {
      ...row,
      running_coins: coins ?? null,
      live_mos: mos.get(row.id) ?? null,
      cost_value: moneyOfCoins(coins ?? row.coins_used, coinValue),
    };
  });
}

export async function viewCall(db: Database, row: CallRow): Promise<CallView> {
  const [view] = await viewCalls(db, [row]);
  if (!view) throw new Error('a call view of one row is one view');
  return view;
}
