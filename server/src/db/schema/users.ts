import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminRoles } from './admin-roles.ts';
import { bigId, createdAt, tstz, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    /** Null for calling-app accounts that never sign in to the console. */
    passwordHash: text('password_hash'),
    /** False while suspended (or deactivated); see `suspendedUntil` for a suspension that ends by itself. */
    isActive: boolean('is_active').notNull().default(true),
    /** Why the user is suspended, while `is_active` is false; null for an active user. */
    suspensionReason: text('suspension_reason'),
    /**
     * When a suspension ends by itself: from then on the user counts as active again (sign-in, lists)
     * although `is_active` stays false until the next change. Null: until an admin reactivates.
     */
    suspendedUntil: tstz('suspended_until'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isRootAdmin: boolean('is_root_admin').notNull().default(false),
    /**
     * What the account may do while it is a non-root admin. Every account has one so that making an
     * admin never leaves the role unset; the upgrade gave every existing admin the Admin template.
     * A custom role that is deleted falls back to it for accounts that are not admins.
     */
    adminRoleId: text('admin_role_id')
      .notNull()
      .default('admin')
      .references(() => adminRoles.id, { onDelete: 'set default' }),
    isPremium: boolean('is_premium').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: tstz('last_seen_at'),
    lastLogin: tstz('last_login'),
    location: text('location'),
    profilePicture: text('profile_picture'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Set when an admin deletes the user. The row stays so calls, transactions and reports keep
     * their party; lists, counts and sign-in leave the user out. Username and email stay unique
     * across deleted users too, so history never shows two people under one name.
     */
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_username_trgm').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_full_name_trgm').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // The list's pages (every filter but Deleted skips deleted users): an index-only walk to an OFFSET page.
    index('users_live_created_at_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    // Partial: a full btree on a boolean is never chosen by the planner, and presence flips would rewrite it.
    index('users_online_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isOnline} and ${t.deletedAt} is null`),
    index('users_deleted_idx').on(t.deletedAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is not null`),
    index('users_premium_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPremium} and ${t.deletedAt} is null`),
    index('users_admin_idx').on(t.isAdmin).where(sql`${t.isAdmin}`),
    // The Suspended filter: few rows, newest first like every other filter.
    index('users_suspended_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`not ${t.isActive} and ${t.deletedAt} is null`),
  ],
);

/** An app user's contact list (spec limit: 1,000 per user, enforced by the service under a lock). */
export const userContacts = pgTable(
  'user_contacts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contactId] }),
    index('user_contacts_list_idx').on(t.userId, t.createdAt.desc(), t.contactId),
    check('user_contacts_not_self', sql`${t.userId} <> ${t.contactId}`),
  ],
);

/** An app user's own preferences; a user without a row has the defaults (contract AppUserSettings). */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  updatedAt: updatedAt(),
});

/**
 * What admins wrote about a user: append-only (a trigger refuses UPDATE and DELETE), each note with
 * its author and time. The author's name is kept as written so the note reads the same after a rename.
 */
export const adminNotes = pgTable(
  'admin_notes',
  {
    id: bigId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'restrict' }),
    authorUsername: text('author_username').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_notes_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('admin_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
