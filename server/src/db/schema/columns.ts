import { type SQL, sql } from 'drizzle-orm';
import { bigint, customType, type PgColumn, text, timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids and timestamps the same way. */
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The progress of a broadcast whose recipient rows are written in batches: when the last batch was written
 * (null when no send is under way) and the last user id it covered. A send that stops mid-way is resumed
 * from the cursor once `delivery_at` is stale.
 */
export const deliveryColumns = () => ({
  deliveryAt: tstz('delivery_at'),
  deliveryCursor: text('delivery_cursor'),
});

/** `column in ('a', 'b')` for a CHECK constraint, from the same list the TypeScript enum uses. */
export const oneOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

/** PostgreSQL `inet`: compares 2001:DB8::1 and 2001:db8:0::1 as the same address; bad input is SQLSTATE 22P02. */
export const inet = customType<{ data: string; driverData: string }>({ dataType: () => 'inet' });
/** PostgreSQL `cidr`: one address or a whole range, matched with `$1::inet <<= column`. */
export const cidr = customType<{ data: string; driverData: string }>({ dataType: () => 'cidr' });
