import { type AudiencePreviewRequest, notificationsEndpoints } from '@switchboard/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/**
 * How many users a send to `audience` would reach, asked when a send is about to be confirmed
 * (null asks nothing). Never cached: the count is read fresh each time the question is asked.
 */
export function useAudiencePreview(audience: AudiencePreviewRequest | null) {
  return useQuery({
    queryKey: ['audience-preview', audience],
    queryFn: ({ signal }) =>
      callEndpoint(notificationsEndpoints.audiencePreview, { body: audience ?? {} }, { signal }),
    select: (response) => response.data.recipients,
    enabled: audience !== null,
    gcTime: 0,
    staleTime: 0,
  });
}
