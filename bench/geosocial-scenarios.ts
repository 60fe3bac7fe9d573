// Geolocation and social lists at `--scale 1m` (200,000 locations, ~600,000 likes, friend requests and
// follows, 100k users). Each twin is recorded from the service function the route calls, for the
// scenario's query string, so it runs the statements the request runs. `BENCH_ONLY=geo` or
// `BENCH_ONLY=social` runs one half.
import { GeolocationDataQuery } from '@switchboard/contract/geolocation';
import {
  FollowsQuery,
  FriendRequestsQuery,
  LikesQuery,
  SocialSearchQuery,
} from '@switchboard/contract/social';
import {
  geolocationStats,
  listRecentLocations,
} from '../server/src/modules/geolocation/geolocation.service.ts';
import {
  listFollows,
  listFriendRequests,
  listLikes,
  searchSocialUsers,
  socialSummary,
} from '../server/src/modules/social/social.service.ts';
import { recorded } from './repository-sql.ts';
import { LIST_TARGET, listScenario, type Scenario } from './scenarios.ts';

const SIZE = 20;
/** The deepest page the social lists serve: offsets stop at 10,000 rows. */
const DEEP_PAGE = 500;

const geo = (name: string, query: string) =>
  listScenario(
    `geolocation: ${name}`,
    `/api/v1/admin/geolocation-data?${query}`,
    GeolocationDataQuery,
    listRecentLocations,
  );
const users = (name: string, query: string) =>
  listScenario(
    `social: users ${name}`,
    `/api/v1/social/search?${query}&size=${SIZE}`,
    SocialSearchQuery,
    searchSocialUsers,
  );
const likes = (name: string, query: string) =>
  listScenario(`social: likes ${name}`, `/api/v1/social/likes?${query}&size=${SIZE}`, LikesQuery, listLikes);
const friends = (name: string, query: string) =>
  listScenario(
    `social: friends ${name}`,
    `/api/v1/social/friend-requests?${query}&size=${SIZE}`,
    FriendRequestsQuery,
    listFriendRequests,
  );
const follows = (name: string, query: string) =>
  listScenario(
    `social: follows ${name}`,
    `/api/v1/social/follows?${query}&size=${SIZE}`,
    FollowsQuery,
    listFollows,
  );

export const geosocialScenarios: Scenario[] = [
  geo('recent 50', 'limit=50'),
  geo('recent 50, gps', 'limit=50&location_type=gps'),
  geo('recent 50, one country', 'limit=50&country=Japan'),
  {
    name: 'geolocation: stats',
    path: '/api/v1/admin/geolocation-stats',
    targetP99Ms: LIST_TARGET,
    sql: recorded((db) => geolocationStats(db)),
  },
  {
    name: 'social: summary',
    path: '/api/v1/admin/social/summary',
    targetP99Ms: LIST_TARGET,
    sql: recorded((db) => socialSummary(db)),
  },
  users('page 1', 'page=1'),
  users('premium', 'user_type=premium'),
  users('search "son"', 'query=son'),
  users(`page ${DEEP_PAGE}`, `page=${DEEP_PAGE}`),
  likes('page 1', 'page=1'),
  likes('on calls', 'target_type=call'),
  likes(`page ${DEEP_PAGE}`, `page=${DEEP_PAGE}`),
  friends('page 1', 'page=1'),
  friends('pending', 'status=pending'),
  friends(`page ${DEEP_PAGE}`, `page=${DEEP_PAGE}`),
  follows('page 1', 'page=1'),
  follows(`page ${DEEP_PAGE}`, `page=${DEEP_PAGE}`),
];
