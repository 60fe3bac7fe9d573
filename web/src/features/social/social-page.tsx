import { FRIEND_STATUS_FILTERS, LIKE_TARGET_FILTERS, SOCIAL_USER_TYPES } from '@switchboard/contract/social';
import { ListToolbar } from '@/components/list-toolbar.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useFollows, useFriendRequests, useLikes, useSocialUsers } from './api.ts';
import { followColumns, friendRequestColumns, likeColumns, userColumns } from './columns.tsx';
import { OverviewTab } from './components/overview-tab.tsx';
import { SocialList } from './components/social-list.tsx';
import { SOCIAL_TABS, type SocialTab, SocialUrlQuery } from './social-url-state.ts';

const TAB_LABELS: Record<SocialTab, string> = {
  overview: 'Overview',
  users: 'Users',
  likes: 'Likes',
  friends: 'Friends',
  follows: 'Follows',
};

/** Social Interactions: an overview of the social counters and a paged tab per list. */
export function SocialPage() {
  const { params, update } = useListUrlState(SocialUrlQuery);
  const { tab, page } = params;
  const users = useSocialUsers({ page, query: params.query, user_type: params.user_type }, tab === 'users');
  const likes = useLikes({ page, target_type: params.target_type }, tab === 'likes');
  const friends = useFriendRequests({ page, status: params.status }, tab === 'friends');
  const follows = useFollows({ page }, tab === 'follows');
  const paging = { page, onPageChange: (next: number) => update({ page: next }) };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Social Interactions" />
      <Tabs value={tab} onValueChange={(next) => update({ tab: next as SocialTab })}>
        <TabsList aria-label="Social views">
          {SOCIAL_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="users">
          <SocialList label="Users" noun="users" columns={userColumns} query={users} {...paging}>
            <ListToolbar
              search={{
                value: params.query,
                onSearch: (query) => update({ query }, { replace: true }),
                label: 'Search users',
                showLabel: true,
                placeholder: 'Search by username or email',
              }}
            >
              <OptionSelect
                label="User type"
                value={params.user_type}
                options={SOCIAL_USER_TYPES}
                onChange={(user_type) => update({ user_type })}
                className="sm:w-40"
              />
            </ListToolbar>
          </SocialList>
        </TabsContent>
        <TabsContent value="likes">
          <SocialList label="Likes" noun="likes" columns={likeColumns} query={likes} {...paging}>
            <OptionSelect
              label="Target type"
              value={params.target_type}
              options={LIKE_TARGET_FILTERS}
              onChange={(target_type) => update({ target_type })}
              className="sm:w-40"
            />
          </SocialList>
        </TabsContent>
        <TabsContent value="friends">
          <SocialList
            label="Friend requests"
            noun="friend requests"
            columns={friendRequestColumns}
            query={friends}
            {...paging}
          >
            <OptionSelect
              label="Status"
              value={params.status}
              options={FRIEND_STATUS_FILTERS}
              onChange={(status) => update({ status })}
              className="sm:w-40"
            />
          </SocialList>
        </TabsContent>
        <TabsContent value="follows">
          <SocialList label="Follows" noun="follows" columns={followColumns} query={follows} {...paging}>
            <p className="text-sm text-muted-foreground">Direction: Following</p>
          </SocialList>
        </TabsContent>
      </Tabs>
    </div>
  );
}
