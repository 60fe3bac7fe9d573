import {
  type FollowsQuery,
  type FriendRequestsQuery,
  type LikesQuery,
  SOCIAL_PAGE_SIZE,
  type SocialSearchQuery,
  socialEndpoints,
} from '@switchboard/contract/social';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

const socialKeys = {
  all: ['social'] as const,
  summary: () => [...socialKeys.all, 'summary'] as const,
  list: (tab: string, params: object) => [...socialKeys.all, tab, params] as const,
};

export function useSocialSummary() {
  return useQuery({
    queryKey: socialKeys.summary(),
    queryFn: ({ signal }) => callEndpoint(socialEndpoints.summary, {}, { signal }),
    select: (response) => response.data,
  });
}

export function useSocialUsers(
  params: Pick<SocialSearchQuery, 'page' | 'query' | 'user_type'>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: socialKeys.list('users', params),
    queryFn: ({ signal }) =>
      callEndpoint(socialEndpoints.users, { query: { ...params, size: SOCIAL_PAGE_SIZE } }, { signal }),
    select: (response) => ({ ...response.data, rows: response.data.users }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLikes(params: Pick<LikesQuery, 'page' | 'target_type'>, enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.list('likes', params),
    queryFn: ({ signal }) =>
      callEndpoint(socialEndpoints.likes, { query: { ...params, size: SOCIAL_PAGE_SIZE } }, { signal }),
    select: (response) => ({ ...response.data, rows: response.data.likes }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFriendRequests(params: Pick<FriendRequestsQuery, 'page' | 'status'>, enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.list('friends', params),
    queryFn: ({ signal }) =>
      callEndpoint(
        socialEndpoints.friendRequests,
        { query: { ...params, size: SOCIAL_PAGE_SIZE } },
        { signal },
      ),
    select: (response) => ({ ...response.data, rows: response.data.friend_requests }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFollows(params: Pick<FollowsQuery, 'page'>, enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.list('follows', params),
    queryFn: ({ signal }) =>
      callEndpoint(
        socialEndpoints.follows,
        { query: { ...params, direction: 'following', size: SOCIAL_PAGE_SIZE } },
        { signal },
      ),
    select: (response) => ({ ...response.data, rows: response.data.follows }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
