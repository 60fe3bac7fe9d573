import { PENDING_METHODS } from '@switchboard/contract/pending-sign-in';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, oneOf, tstz } from './columns.ts';
import { users } from './users.ts';

/**
 * An admin's authenticator (TOTP). The secret is sealed with a key derived from the server's secret;
 * it is on once `confirmed_at` is set (the first code proved the app has it). `last_step` is the
 * last 30-second step accepted, so one code cannot be used twice.
 */
export const adminFactors = pgTable('admin_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }),
  confirmedAt: tstz('confirmed_at'),
  createdAt: createdAt(),
});

/** Ten single-use codes per admin, stored as SHA-256 hashes; used ones are kept with `used_at`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The step between the password (or a code request) and the tokens: an admin's second factor, an
 * admin's enrolment, or an app user's one-time code. Only hashes are stored; a row is used once.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: bigId(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PENDING_METHODS }).notNull(),
    /** The session to open: the console's or a calling app's. */
    console: boolean('console').notNull(),
    /** The one-time code's hash (method `code`). */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    /** The password's login attempt, marked succeeded when the sign-in completes. */
    loginAttemptId: bigint('login_attempt_id', { mode: 'number' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_sign_ins_user_idx').on(t.userId),
    check('pending_sign_ins_method_check', oneOf(t.method, PENDING_METHODS)),
    check('pending_sign_ins_attempts_check', sql`${t.attempts} >= 0`),
    check('pending_sign_ins_code_check', sql`(${t.method} = 'code') = (${t.codeHash} is not null)`),
  ],
);
