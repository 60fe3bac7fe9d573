import { Readable } from 'node:stream';
import { CALLS_EXPORT_COLUMNS, type CallRow } from '@switchboard/contract/calls';
import type { Database } from '../../db/client.ts';
import { type CallFilter, callsBatch } from './calls-list.repository.ts';

const BATCH = 1000;

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (row: CallRow) => `${CALLS_EXPORT_COLUMNS.map((c) => cell(row[c])).join(',')}\r\n`;

/**
 * The filtered list as CSV, newest first, read in keyset batches as the reader pulls, so only one
 * batch is ever in memory however many calls match.
 */
export function callsCsv(db: Database, filter: CallFilter): Readable {
  async function* lines() {
    yield `${CALLS_EXPORT_COLUMNS.join(',')}\r\n`;
    let after: [string, string] | undefined;
    for (;;) {
      const { rows, last } = await callsBatch(db, filter, after, BATCH);
      if (rows.length > 0) yield rows.map(line).join('');
      if (rows.length < BATCH || !last) return;
      after = last;
    }
  }
  return Readable.from(lines());
}
