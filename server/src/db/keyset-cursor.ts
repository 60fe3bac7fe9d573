import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Opaque to clients: the last row's sort key (as PostgreSQL prints it, microseconds included) and id. */
export const encodeCursor = (sortKey: string, id: string) =>
  Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');

/** A cursor the client forged or mangled: the error handler answers it with a 400 naming the field. */
export class InvalidCursorError extends Error {
  readonly field = 'cursor';
  readonly detail = 'Use next_cursor from the previous page';
  constructor() {
    super('Invalid cursor');
  }
}

export function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string')
      return [value[0], value[1]];
  } catch {}
  throw new InvalidCursorError();
}

const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** Where one page of a per_page list starts: after the cursor when there is one, else at an OFFSET. */
export interface PagePosition {
  after: [string, string] | undefined;
  offset: number;
}

/**
 * For lists newest first by (time, id): the cursor must hold a timestamp and an integer id, so that a
 * forged one is a 400 rather than a failed cast.
 */
export function pagePosition(query: {
  page: number;
  per_page: number;
  cursor?: string | undefined;
}): PagePosition {
  if (!query.cursor) return { after: undefined, offset: (query.page - 1) * query.per_page };
  const after = decodeCursor(query.cursor);
  if (Number.isNaN(Date.parse(after[0])) || !/^\d{1,19}$/.test(after[1]) || BigInt(after[1]) > MAX_BIGINT)
    throw new InvalidCursorError();
  return { after, offset: 0 };
}

/** The cursor of the page after these rows, or null when they did not fill the page. */
export function nextCursorOf<Row>(
  rows: readonly Row[],
  perPage: number,
  key: (row: Row) => [string, string | number],
) {
  const last = rows.length === perPage ? rows.at(-1) : undefined;
  if (!last) return null;
  const [sortKey, id] = key(last);
  return encodeCursor(sortKey, String(id));
}

/** Rows after the cursor in a list ordered by (time desc, id desc), over a (…, time desc, id desc) index. */
export function olderThan(time: AnyColumn, id: AnyColumn, [sortKey, rowId]: [string, string]): SQL {
  return sql`(${time}, ${id}) < (${sortKey}::timestamptz, ${rowId}::bigint)`;
}
