import type { AdminNote } from '@switchboard/contract/user-sections';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { olderThan } from '../../db/keyset-cursor.ts';
import { userPresence } from '../../db/schema/presence.ts';
import { adminNotes, userContacts, userSettings, users } from '../../db/schema/users.ts';
import { activeNow } from './active-now.ts';
import { userRowColumns } from './user-row.ts';

/** One user, deleted or not, with what the user page's header shows: status, presence and coins. */
export async function findProfileRow(db: Executor, id: string) {
  const [row] = await db
    .select({
      ...userRowColumns,
      is_premium: users.isPremium,
      active_now: activeNow,
      suspension_reason: users.suspensionReason,
      suspended_until: users.suspendedUntil,
      last_seen_at: users.lastSeenAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The profile as stored, every column but the password hash, for the data export. */
export async function exportProfileRow(db: Executor, id: string) {
  const { passwordHash: _, ...columns } = getTableColumns(users);
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function contactsOf(db: Executor, id: string) {
  return db
    .select({ contact_id: userContacts.contactId, created_at: userContacts.createdAt })
    .from(userContacts)
    .where(eq(userContacts.userId, id))
    .orderBy(desc(userContacts.createdAt), userContacts.contactId);
}

export async function countContacts(db: Executor, id: string): Promise<number> {
  return db.$count(userContacts, eq(userContacts.userId, id));
}

export async function settingsOf(db: Executor, id: string): Promise<unknown> {
  const [row] = await db
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(eq(userSettings.userId, id));
  return row?.settings ?? null;
}

const noteColumns = {
  id: adminNotes.id,
  body: adminNotes.body,
  author_id: adminNotes.authorId,
  author_username: adminNotes.authorUsername,
  created_at: adminNotes.createdAt,
};
const toNote = (r: { created_at: Date } & Omit<AdminNote, 'created_at'>): AdminNote => ({
  ...r,
  created_at: r.created_at.toISOString(),
});

/** A page of the notes about a user, newest first, over admin_notes_user_idx. */
export async function listNotes(
  db: Executor,
  userId: string,
  after: [string, string] | undefined,
  limit: number,
): Promise<AdminNote[]> {
  const rows = await db
    .select(noteColumns)
    .from(adminNotes)
    .where(
      and(
        eq(adminNotes.userId, userId),
        after ? olderThan(adminNotes.createdAt, adminNotes.id, after) : undefined,
      ),
    )
    .orderBy(desc(adminNotes.createdAt), desc(adminNotes.id))
    .limit(limit);
  return rows.map(toNote);
}

export async function insertNote(
  tx: Executor,
  note: { userId: string; authorId: string; authorUsername: string; body: string },
): Promise<AdminNote> {
  const [row] = await tx.insert(adminNotes).values(note).returning(noteColumns);
  if (!row) throw new Error('insert returned no row');
  return toNote(row);
}

/** The export: every note about the user, and every note the user wrote as an admin, oldest first. */
export async function allNotes(db: Executor, userId: string) {
  const of = (column: typeof adminNotes.userId | typeof adminNotes.authorId) =>
    db
      .select({ ...noteColumns, user_id: adminNotes.userId })
      .from(adminNotes)
      .where(eq(column, userId))
      .orderBy(adminNotes.createdAt, adminNotes.id);
  const [about, written] = await Promise.all([of(adminNotes.userId), of(adminNotes.authorId)]);
  return { about, written };
}

/** The export: the app instances the user is connected to now. */
export async function presenceOf(db: Executor, userId: string) {
  return db.select().from(userPresence).where(eq(userPresence.userId, userId));
}
