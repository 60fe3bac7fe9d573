import {
  ACCOUNT_MESSAGES,
  type AccountProfile,
  APP_LIMITS,
  AppUserSettings,
  type Contact,
  type UserCard,
} from '@switchboard/contract/account';
import type { Database } from '../../db/client.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../http/http-error.ts';
import * as repo from './account.repository.ts';

/** What the signed-in account sees of itself; a token outliving its account (a race with deletion) is 401. */
export async function getProfile(db: Database, userId: string): Promise<AccountProfile> {
  const profile = await repo.findProfile(db, userId);
  if (!profile) throw unauthorized('Not authenticated');
  return profile;
}

export function searchUsers(db: Database, userId: string, q: string, limit: number): Promise<UserCard[]> {
  return repo.searchUsers(db, userId, q, limit);
}

export async function listContacts(db: Database, userId: string) {
  const contacts = await repo.listContacts(db, userId);
  return { contacts, total: contacts.length, max_contacts: APP_LIMITS.maxContacts };
}

/**
 * Adds a contact, at most the spec's 1,000 per user: the list is locked, counted and written in one
 * transaction, so over the limit nothing is written. Adding one who is already a contact changes nothing.
 */
export async function addContact(db: Database, userId: string, contactId: string): Promise<Contact> {
  if (contactId === userId) throw badRequest(ACCOUNT_MESSAGES.contactIsSelf, 'user_id');
  return db.transaction(async (tx) => {
    const card = await repo.findCard(tx, contactId);
    if (!card) throw notFound(ACCOUNT_MESSAGES.contactNotFound);
    await repo.lockContactList(tx, userId);
    if (
      !(await repo.isContact(tx, userId, contactId)) &&
      (await repo.countContacts(tx, userId)) >= APP_LIMITS.maxContacts
    )
      throw new HttpError(422, ACCOUNT_MESSAGES.tooManyContacts, { field: 'user_id' });
    const addedAt = await repo.insertContact(tx, userId, contactId);
    return { ...card, added_at: addedAt.toISOString() };
  });
}

export async function removeContact(db: Database, userId: string, contactId: string): Promise<void> {
  if (!(await repo.deleteContact(db, userId, contactId))) throw notFound(ACCOUNT_MESSAGES.notAContact);
}

export async function getSettings(db: Database, userId: string): Promise<AppUserSettings> {
  return readSettings(await repo.findSettings(db, userId));
}

export async function updateSettings(
  db: Database,
  userId: string,
  changes: Partial<AppUserSettings>,
): Promise<AppUserSettings> {
  return readSettings(await repo.mergeSettings(db, userId, changes));
}

/** Stored fields over the defaults; a field stored by an older version that no longer parses falls back. */
function readSettings(stored: Partial<AppUserSettings> | null): AppUserSettings {
  const parsed = AppUserSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : AppUserSettings.parse({});
}
