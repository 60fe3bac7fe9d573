import { Readable } from 'node:stream';
import { CALLS_EXPORT_COLUMNS, type CallRow } from '@switchboard/contract/calls';
import type { Database } from '../../db/client.ts';
import { csvCell } from '../../http/csv-cell.ts';
import { type CallFilter, callsBatch } from './calls-list.repository.ts';

const BATCH = 1000;

/** A list (the quality flags) is one cell, its values separated by spaces. */
const cell = (value: CallRow[keyof CallRow]) => csvCell(Array.isArray(value) ? value.join(' ') : value);
const line = (row: CallRow) => `${CALLS_EXPORT_COLUMNS.map((c) => cell(row[c])).join(',')}\r\n`;

/**
 * The filtered list as CSV, newest first, read in keyset batches as the reader pulls, so only one
 * batch is ever in memory however many calls match. The first batch is read before answering: a
 * query the database refuses then becomes an error response, not a 200 cut off after its header.
 */
export async function callsCsv(db: Database, filter: CallFilter): Promise<Readable> {
  const first = await callsBatch(db, filter, undefined, BATCH);
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
