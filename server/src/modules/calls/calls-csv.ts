import { Readable } from 'node:stream';
import { CALLS_EXPORT_COLUMNS, type CallRow } from '@switchboard/contract/calls';
import { type CoinValue, moneyOfCoins } from '@switchboard/contract/coin-value';
import type { Database } from '../../db/client.ts';
import { csvCell } from '../../http/csv-cell.ts';
import { currentCoinValue } from '../coins/coin-value.ts';
import { type CallFilter, callsBatch } from './calls-list.repository.ts';

const BATCH = 1000;

type CsvRow = CallRow & { cost_value: string | null; cost_currency: string | null };

/** A list (the quality flags) is one cell, its values separated by spaces. */
const cell = (value: CsvRow[keyof CsvRow]) => csvCell(Array.isArray(value) ? value.join(' ') : value);

/** A row with its coins' money value in the currency's main unit ("0.04"), empty without a coin value. */
function lineOf(value: CoinValue | null) {
  return (row: CallRow) => {
    const money = moneyOfCoins(row.coins_used, value);
    const csvRow: CsvRow = {
      ...row,
      cost_value: money && (money.cents / 100).toFixed(2),
      cost_currency: money?.currency ?? null,
    };
    return `${CALLS_EXPORT_COLUMNS.map((c) => cell(csvRow[c])).join(',')}\r\n`;
  };
}

/**
 * The filtered list as CSV, newest first, read in keyset batches as the reader pulls, so only one
 * batch is ever in memory however many calls match. The first batch is read before answering: a
 * query the database refuses then becomes an error response, not a 200 cut off after its header.
 */
export async function callsCsv(db: Database, filter: CallFilter): Promise<Readable> {
  const [first, value] = await Promise.all([callsBatch(db, filter, undefined, BATCH), currentCoinValue(db)]);
  const line = lineOf(value);
  async function* lines() {
    yield `${CALLS_EXPORT_COLUMNS.join(',')}\r\n`;
    let { rows, last } = first;
    for (;;) {
      if (rows.length > 0) yield rows.map(line).join('');
      if (rows.length < BATCH || !last) return;
      ({ rows, last } = await callsBatch(db, filter, last, BATCH));
    }
  }
  return Readable.from(lines());
}
