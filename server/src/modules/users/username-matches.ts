import { ilike, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../db/like-pattern.ts';
import { users } from '../../db/schema/users.ts';

/** `%term%` for ILIKE, with the user's own % and _ matched literally. */

/**
 * The ids of users (deleted ones too, for history) whose username contains the term, over the
 * username trigram index: for other modules that list rows by party, so they join to ids, never to users.
 */
export function usernameMatches(term: string): SQL {
  return sql`select ${users.id} as id from ${users} where ${ilike(users.username, containsPattern(term))}`;
}
