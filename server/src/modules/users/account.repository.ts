import type { AccountProfile, AppUserSettings, Contact, UserCard } from '@switchboard/contract/account';
import { and, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { userContacts, userSettings, users } from '../../db/schema/users.ts';
import { activeNow } from './active-now.ts';
import { hidesPresence } from './hides-presence.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function findProfile(db: Executor, userId: string): Promise<AccountProfile | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      full_name: users.fullName,
      profile_picture: users.profilePicture,
      location: users.location,
      is_premium: users.isPremium,
      is_admin: users.isAdmin,
      created_at: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row ? { ...row, created_at: row.created_at.toISOString() } : null;
}

/** What other app users see of an account: its presence only when its owner shows it. */
const cardColumns = {
  id: users.id,
  username: users.username,
  full_name: users.fullName,
  profile_picture: users.profilePicture,
  is_online: sql<boolean>`(${users.isOnline} and not ${hidesPresence})`.mapWith(Boolean),
  last_seen_at: sql<Date | null>`case when ${hidesPresence} then null else ${users.lastSeenAt} end`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
};
const reachable = and(isNull(users.deletedAt), activeNow);

/**
 * Active app users whose username or full name contains the term (trigram indexes), the caller left out,
 * an exact username first. Admin accounts are not for app users to find.
 */
export async function searchUsers(
  db: Executor,
  callerId: string,
  term: string,
  limit: number,
): Promise<UserCard[]> {
  const pattern = containsPattern(term);
  const rows = await db
    .select(cardColumns)
    .from(users)
    .where(
      and(
        reachable,
        eq(users.isAdmin, false),
        ne(users.id, callerId),
        or(ilike(users.username, pattern), ilike(users.fullName, pattern)),
      ),
    )
    // The username typed in full comes first, however many names contain it ("bob" before "abbott_bob").
    .orderBy(sql`lower(${users.username}) = lower(${term}) desc`, sql`lower(${users.username})`, users.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, last_seen_at: iso(r.last_seen_at) }));
}

/** A user a contact may name: exists, not deleted, active. */
export async function findCard(db: Executor, userId: string): Promise<UserCard | null> {
  const [row] = await db
    .select(cardColumns)
    .from(users)
    .where(and(eq(users.id, userId), reachable))
    .limit(1);
  return row ? { ...row, last_seen_at: iso(row.last_seen_at) } : null;
}

/** Serialises contact-list changes per owner, so two adds at 999 cannot both pass the limit. */
export async function lockContactList(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-contacts:${userId}`}))`);
}

export async function countContacts(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userContacts)
    .where(eq(userContacts.userId, userId));
  return Number(row?.n ?? 0);
}

/** Adds the contact; returns when it was added (the earlier time when it was there already). */
export async function insertContact(tx: Executor, userId: string, contactId: string): Promise<Date> {
  await tx.insert(userContacts).values({ userId, contactId }).onConflictDoNothing();
  const [row] = await tx
    .select({ createdAt: userContacts.createdAt })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
  if (!row) throw new Error('contact row missing after insert');
  return row.createdAt;
}

export async function isContact(db: Executor, userId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userContacts.contactId })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteContact(db: Executor, userId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .delete(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)))
    .returning({ id: userContacts.contactId });
  return rows.length > 0;
}

/** The whole list (at most the spec's 1,000), newest first; deleted users drop out. */
export async function listContacts(db: Executor, userId: string): Promise<Contact[]> {
  const rows = await db
    .select({ ...cardColumns, added_at: userContacts.createdAt })
    .from(userContacts)
    .innerJoin(users, eq(users.id, userContacts.contactId))
    .where(and(eq(userContacts.userId, userId), isNull(users.deletedAt)))
    .orderBy(desc(userContacts.createdAt), userContacts.contactId);
  return rows.map((r) => ({ ...r, last_seen_at: iso(r.last_seen_at), added_at: r.added_at.toISOString() }));
}

export async function findSettings(db: Executor, userId: string): Promise<Partial<AppUserSettings> | null> {
  const [row] = await db
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return (row?.settings as Partial<AppUserSettings> | undefined) ?? null;
}

/** Merges the given fields over the stored ones in one statement (two concurrent saves both land). */
export async function mergeSettings(
  db: Executor,
  userId: string,
  changes: Partial<AppUserSettings>,
): Promise<Partial<AppUserSettings>> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, settings: changes })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { settings: sql`${userSettings.settings} || excluded.settings`, updatedAt: sql`now()` },
    })
    .returning({ settings: userSettings.settings });
  return (row?.settings as Partial<AppUserSettings> | undefined) ?? changes;
}
