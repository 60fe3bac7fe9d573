import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    /** Null for calling-app accounts that never sign in to the console. */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    isAdmin: boolean('is_admin').notNull().default(false),
    isRootAdmin: boolean('is_root_admin').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: tstz('last_seen_at'),
    lastLogin: tstz('last_login'),
    location: text('location'),
    profilePicture: text('profile_picture'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_username_trgm').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_full_name_trgm').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('users_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('users_online_idx').on(t.isOnline),
    index('users_admin_idx').on(t.isAdmin).where(sql`${t.isAdmin}`),
  ],
);
