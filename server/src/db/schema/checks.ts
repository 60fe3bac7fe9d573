import { type SQL, sql } from 'drizzle-orm';

/** `column in ('a', 'b')` for a CHECK constraint, built from the same list the code and contract use. */
export const oneOf = (column: string, values: readonly string[]): SQL =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);
