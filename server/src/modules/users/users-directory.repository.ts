import { NEW_USER_DAYS, type SocialSearchQuery, type SocialUser } from '@switchboard/contract/social';
import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { countUpToCap, readCounters } from '../../db/row-counts.ts';
import { users } from '../../db/schema/users.ts';

function directoryFilter({
  query,
  user_type,
}: Pick<SocialSearchQuery, 'query' | 'user_type'>): SQL | undefined {
  const pattern = containsPattern(query);
  return and(
    isNull(users.deletedAt),
    query ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
    {
      all: undefined,
      active: eq(users.isActive, true),
      new: sql`${users.createdAt} > now() - make_interval(days => ${NEW_USER_DAYS})`,
      premium: eq(users.isPremium, true),
    }[user_type],
  );
}

/**
 * The social Users tab: newest first over the (created_at, id) index (premium has its own partial
 * index). The unfiltered total is the users counter; a search or filter counts up to COUNT_CAP.
 */
export async function searchUserDirectory(
  db: Executor,
  query: SocialSearchQuery,
): Promise<{ rows: SocialUser[]; total: number; totalCapped: boolean }> {
  const where = directoryFilter(query);
  const page = db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      location: users.location,
      profile_picture: users.profilePicture,
      is_active: users.isActive,
      is_premium: users.isPremium,
      created_at: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(sql`${users.createdAt} desc nulls last, ${users.id} desc nulls last`)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const total = async () => {
    if (!query.query && query.user_type === 'all') {
      const counts = await readCounters(db, ['users.total']);
      return { total: counts['users.total'], totalCapped: false };
    }
    return countUpToCap(db, users, where);
  };
  const [rows, counted] = await Promise.all([page, total()]);
  return { rows: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })), ...counted };
}

/** Usernames by id, deleted users included, for lists that show who did what. */
export async function usernamesById(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}
