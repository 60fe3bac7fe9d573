import type { SocialSummary } from '@switchboard/contract/social';
import { StatCard } from '@/components/stat-card.tsx';
import { StatOverview } from '@/components/stat-overview.tsx';
import { formatCount } from '@/lib/format.ts';
import { useSocialSummary } from '../api.ts';
import { SOCIAL_FETCH_FAILED } from './social-list.tsx';

/** part / whole in percent with one decimal; 0% when there is no whole. */
export function percent(part: number, whole: number): string {
  return `${whole === 0 ? '0.0' : ((part / whole) * 100).toFixed(1)}%`;
}

const CARDS: { label: string; value(s: SocialSummary): string }[] = [
  { label: 'Total Likes Given', value: (s) => formatCount(s.total_likes_given) },
  { label: 'Total Likes Received', value: (s) => formatCount(s.total_likes_received) },
  { label: 'Total Friends', value: (s) => formatCount(s.total_friends) },
  { label: 'Pending Friend Requests', value: (s) => formatCount(s.pending_friend_requests) },
  { label: 'Followers', value: (s) => formatCount(s.total_followers) },
  { label: 'Following', value: (s) => formatCount(s.total_following) },
  { label: 'Mutual Friends', value: (s) => formatCount(s.mutual_friends) },
  // Likes received per like given.
  { label: 'Like Ratio', value: (s) => percent(s.total_likes_received, s.total_likes_given) },
  // Accepted friend requests among those answered or waiting (accepted + pending).
  {
    label: 'Friend Ratio',
    value: (s) => percent(s.total_friends, s.total_friends + s.pending_friend_requests),
  },
];

export function OverviewTab() {
  return (
    <StatOverview
      query={useSocialSummary()}
      fetchFailed={SOCIAL_FETCH_FAILED}
      errorTitle="Overview"
      className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5"
    >
      {(data) =>
        CARDS.map((card) => (
          <StatCard key={card.label} label={card.label} value={data ? card.value(data) : undefined} />
        ))
      }
    </StatOverview>
  );
}
