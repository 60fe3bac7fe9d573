import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';

/**
 * Whether the account may act now: not suspended, or suspended until a time that has passed. A
 * suspension with an end lifts itself when that time comes, without a job: every reader of
 * "active" (sign-in, the auth guard, lists, broadcasts) asks this instead of the bare column.
 */
export const activeNow: SQL<boolean> = sql<boolean>`(${users.isActive} or coalesce(${users.suspendedUntil} <= now(), false))`;

/** The same test on the users table under the alias `u`, for hand-written statements. */
export const activeNowOfU = sql.raw('(u.is_active or coalesce(u.suspended_until <= now(), false))');
