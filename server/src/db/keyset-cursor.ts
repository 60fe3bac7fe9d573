import { HttpError } from '../http/http-error.ts';

/** Opaque to clients: the last row's sort key (as PostgreSQL prints it, microseconds included) and id. */
export const encodeCursor = (sortKey: string, id: string) =>
  Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');

export function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string')
      return [value[0], value[1]];
  } catch {}
  throw new HttpError(400, 'Invalid cursor', {
    field: 'cursor',
    detail: 'Use next_cursor from the previous page',
  });
}
