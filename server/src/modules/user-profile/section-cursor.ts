import { decodeCursor, encodeCursor, InvalidCursorError } from '../../db/keyset-cursor.ts';

const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** A section's cursor: a timestamp and an integer id, else a 400 naming `cursor` (never a failed cast). */
export function sectionAfter(cursor: string | undefined): [string, string] | undefined {
  if (!cursor) return undefined;
  const after = decodeCursor(cursor);
  if (Number.isNaN(Date.parse(after[0])) || !/^\d{1,19}$/.test(after[1]) || BigInt(after[1]) > MAX_BIGINT)
    throw new InvalidCursorError();
  return after;
}

/** The section's answer: its rows and the cursor of the next page (null when this one was not full). */
export function sectionPage<Row extends { id: number }>(
  items: Row[],
  limit: number,
  time: (row: Row) => string,
): { items: Row[]; next_cursor: string | null } {
  const last = items.length === limit ? items.at(-1) : undefined;
  return { items, next_cursor: last ? encodeCursor(time(last), String(last.id)) : null };
}
