import { type SQL, sql } from 'drizzle-orm';
import { bigint, customType, type PgColumn, timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids and timestamps the same way. */
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** `column in ('a', 'b')` for a CHECK constraint, from the same list the TypeScript enum uses. */
export const oneOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

/** PostgreSQL `inet`: compares 2001:DB8::1 and 2001:db8:0::1 as the same address; bad input is SQLSTATE 22P02. */
export const inet = customType<{ data: string; driverData: string }>({ dataType: () => 'inet' });
/** PostgreSQL `cidr`: one address or a whole range, matched with `$1::inet <<= column`. */
export const cidr = customType<{ data: string; driverData: string }>({ dataType: () => 'cidr' });
