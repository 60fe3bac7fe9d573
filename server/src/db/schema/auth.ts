import { isNull } from 'drizzle-orm';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, inet, tstz } from './columns.ts';
import { users } from './users.ts';

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each rotation marks the old row used
 * and adds a row in the same family; replaying a used token revokes the whole family.
 * A family is one signed-in session: access tokens carry its id (`sid`) and die when it is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    /** A console session (admins only, from /auth/login) or a calling app's; refresh keeps the kind. */
    console: boolean('console').notNull().default(true),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    /** The successor refresh token, encrypted with a key derived from this (used) token. */
    sealedSuccessor: text('sealed_successor'),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_live_family_idx').on(t.familyId).where(isNull(t.revokedAt)),
    index('refresh_tokens_user_live_idx').on(t.userId).where(isNull(t.revokedAt)),
  ],
);

/** Every console sign-in attempt, for the brute-force limits (per username+IP and per IP). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigId(),
    username: text('username').notNull(),
    ipAddress: inet('ip_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_user_ip_idx').on(t.username, t.ipAddress, t.createdAt),
    index('login_attempts_ip_idx').on(t.ipAddress, t.createdAt),
  ],
);
