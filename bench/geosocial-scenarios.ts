// Geolocation and social lists at `--scale 1m` (200,000 locations, ~600,000 likes, friend requests and
// follows, 100k users), each with the statements its repository sends, as drizzle renders them. Keep them
// in step with server/src/modules/geolocation/geolocation.repository.ts, social/social.repository.ts and
// users/users-directory.repository.ts. `BENCH_ONLY=geo` or `BENCH_ONLY=social` runs one half.
import type { SqlStatement } from './direct-sql.ts';
import { LIST_TARGET, type Scenario } from './scenarios.ts';

const SIZE = 20;
/** The deepest page the social lists serve: offsets stop at 10,000 rows. */
const DEEP_PAGE = 500;
const offsetOf = (page: number) => (page - 1) * SIZE;

const counters = (...names: string[]): SqlStatement => ({
  text: `select "counter", sum("n") from "row_counts" where "row_counts"."counter" in (${names
    .map((_, i) => `$${i + 1}`)
    .join(', ')}) group by "row_counts"."counter"`,
  params: names,
});
const newestFirst = (table: string) =>
  `order by "${table}"."created_at" desc nulls last, "${table}"."id" desc nulls last`;

const GEO_COLUMNS = `"id", "city", "country", "latitude", "longitude", "location_type", "accuracy", "created_at"`;
const recentLocations = (where: string, params: unknown[]): SqlStatement => ({
  text: `select ${GEO_COLUMNS} from "geolocations"${where ? ` where ${where}` : ''} ${newestFirst('geolocations')} limit $${params.length + 1}`,
  params: [...params, 50],
});
const geolocationStats: SqlStatement[] = [
  counters('geolocations.total'),
  { text: `select count(distinct "country"), count(*) from "geolocation_places"` },
  {
    text: `select "city", "country", "latitude_sum" / "visits", "longitude_sum" / "visits", "visits"
      from "geolocation_places" order by "geolocation_places"."visits" desc nulls last,
      "geolocation_places"."country", "geolocation_places"."city" limit $1`,
    params: [500],
  },
];

// Social users tab: the page, and the users counter (unfiltered) or a count capped at 10,001.
const DIRECTORY_COLUMNS = `"id", "username", "email", "location", "profile_picture", "is_active", "is_premium", "created_at"`;
const notDeleted = (where: string) =>
  where ? `("users"."deleted_at" is null and ${where})` : `"users"."deleted_at" is null`;
/** `limit $n offset $m`; drizzle leaves out `offset 0`. */
const limitOffset = (params: unknown[], page: number) => {
  const n = params.length;
  return page > 1
    ? { sql: `limit $${n + 1} offset $${n + 2}`, params: [...params, SIZE, offsetOf(page)] }
    : { sql: `limit $${n + 1}`, params: [...params, SIZE] };
};
const directoryPage = (where: string, params: unknown[], page: number): SqlStatement => {
  const paging = limitOffset(params, page);
  return {
    text: `select ${DIRECTORY_COLUMNS} from "users" where ${notDeleted(where)} ${newestFirst('users')} ${paging.sql}`,
    params: paging.params,
  };
};
const directoryCount = (where: string, params: unknown[]): SqlStatement => ({
  text: `select count(*) from (select 1 from "users" where ${notDeleted(where)} limit $${params.length + 1}) "matches"`,
  params: [...params, 10_001],
});
const SEARCH = `("users"."username" ilike $1 or "users"."email" ilike $2)`;

/**
 * A social list: the page side by side with its counter, then the usernames of the page's people by
 * primary key (the users module's `usernamesById`), joined here so the twin is one round trip per step.
 */
function socialList(
  table: string,
  columns: string,
  people: string[],
  where: string,
  params: unknown[],
  page: number,
  counter: string,
): SqlStatement[] {
  const paging = limitOffset(params, page);
  const names = people
    .map((column, i) => `(select "username" from "users" where "users"."id" = p."${column}") as u${i}`)
    .join(', ');
  return [
    {
      text: `select p.*, ${names} from (select ${columns} from "${table}"${where ? ` where ${where}` : ''}
        ${newestFirst(table)} ${paging.sql}) p`,
      params: paging.params,
    },
    counters(counter),
  ];
}
const LIKE_COLUMNS = `"id", "user_id", "target_type", "target_id", "is_active", "created_at"`;
const likes = (where: string, params: unknown[], page: number, counter: string) =>
  socialList('likes', LIKE_COLUMNS, ['user_id'], where, params, page, counter);
const FRIEND_COLUMNS = `"id", "sender_id", "receiver_id", "status", "message", "is_read", "responded_at", "created_at", "updated_at"`;
const friends = (where: string, params: unknown[], page: number, counter: string) =>
  socialList('friend_requests', FRIEND_COLUMNS, ['sender_id', 'receiver_id'], where, params, page, counter);
const FOLLOW_COLUMNS = `"id", "follower_id", "following_id", "follow_type", "notifications_enabled", "is_active", "created_at"`;
const follows = (page: number) =>
  socialList('follows', FOLLOW_COLUMNS, ['follower_id', 'following_id'], '', [], page, 'follows.total');

export const geosocialScenarios: Scenario[] = [
  {
    name: 'geolocation: recent 50',
    path: '/api/v1/admin/geolocation-data?limit=50',
    targetP99Ms: LIST_TARGET,
    sql: recentLocations('', []),
  },
  {
    name: 'geolocation: recent 50, gps',
    path: '/api/v1/admin/geolocation-data?limit=50&location_type=gps',
    targetP99Ms: LIST_TARGET,
    sql: recentLocations(`"geolocations"."location_type" = $1`, ['gps']),
  },
  {
    name: 'geolocation: recent 50, one country',
    path: '/api/v1/admin/geolocation-data?limit=50&country=Japan',
    targetP99Ms: LIST_TARGET,
    sql: recentLocations(`"geolocations"."country" = $1`, ['Japan']),
  },
  {
    name: 'geolocation: stats',
    path: '/api/v1/admin/geolocation-stats',
    targetP99Ms: LIST_TARGET,
    sql: geolocationStats,
  },
  {
    name: 'social: summary',
    path: '/api/v1/admin/social/summary',
    targetP99Ms: LIST_TARGET,
    sql: counters(
      'likes.total',
      'likes.profile',
      'friend_requests.accepted',
      'friend_requests.pending',
      'follows.total',
      'follows.mutual',
    ),
  },
  {
    name: 'social: users page 1',
    path: `/api/v1/social/search?page=1&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: [directoryPage('', [], 1), counters('users.total')],
  },
  {
    name: 'social: users premium',
    path: `/api/v1/social/search?user_type=premium&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: [
      directoryPage(`"users"."is_premium" = $1`, [true], 1),
      directoryCount(`"users"."is_premium" = $1`, [true]),
    ],
  },
  {
    name: 'social: users search "son"',
    path: `/api/v1/social/search?query=son&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: [directoryPage(SEARCH, ['%son%', '%son%'], 1), directoryCount(SEARCH, ['%son%', '%son%'])],
  },
  {
    name: `social: users page ${DEEP_PAGE}`,
    path: `/api/v1/social/search?page=${DEEP_PAGE}&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: [directoryPage('', [], DEEP_PAGE), counters('users.total')],
  },
  {
    name: 'social: likes page 1',
    path: `/api/v1/social/likes?page=1&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: likes('', [], 1, 'likes.total'),
  },
  {
    name: 'social: likes on calls',
    path: `/api/v1/social/likes?target_type=call&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: likes(`"likes"."target_type" = $1`, ['call'], 1, 'likes.call'),
  },
  {
    name: `social: likes page ${DEEP_PAGE}`,
    path: `/api/v1/social/likes?page=${DEEP_PAGE}&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: likes('', [], DEEP_PAGE, 'likes.total'),
  },
  {
    name: 'social: friends page 1',
    path: `/api/v1/social/friend-requests?page=1&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: friends('', [], 1, 'friend_requests.total'),
  },
  {
    name: 'social: friends pending',
    path: `/api/v1/social/friend-requests?status=pending&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: friends(`"friend_requests"."status" = $1`, ['pending'], 1, 'friend_requests.pending'),
  },
  {
    name: `social: friends page ${DEEP_PAGE}`,
    path: `/api/v1/social/friend-requests?page=${DEEP_PAGE}&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: friends('', [], DEEP_PAGE, 'friend_requests.total'),
  },
  {
    name: 'social: follows page 1',
    path: `/api/v1/social/follows?page=1&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: follows(1),
  },
  {
    name: `social: follows page ${DEEP_PAGE}`,
    path: `/api/v1/social/follows?page=${DEEP_PAGE}&size=${SIZE}`,
    targetP99Ms: LIST_TARGET,
    sql: follows(DEEP_PAGE),
  },
];
