import { asc, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/users.ts';

/** What the users tests compare before and after a request: every user not deleted, with id, username and roles. */
export const userStates = (db: Database) =>
  db
    .select({
      id: users.id,
      username: users.username,
      isAdmin: users.isAdmin,
      isRootAdmin: users.isRootAdmin,
    })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.username));
