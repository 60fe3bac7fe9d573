import { FRIEND_STATUS_FILTERS, LIKE_TARGET_FILTERS, SOCIAL_USER_TYPES } from '@switchboard/contract/social';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchBox } from '@/components/search-box.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useFollows, useFriendRequests, useLikes, useSocialUsers } from './api.ts';
import { followColumns, friendRequestColumns, likeColumns, userColumns } from './columns.tsx';
import { FilterSelect } from './components/filter-select.tsx';
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
  const onPageChange = (next: number) => update({ page: next });

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
          <Card>
            <CardContent className="flex flex-col gap-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <SearchBox
                  value={params.query}
                  onSearch={(query) => update({ query }, { replace: true })}
                  label="Search users"
                  showLabel
                  placeholder="Search by username or email"
                />
                <FilterSelect
                  label="User type"
                  value={params.user_type}
                  options={SOCIAL_USER_TYPES}
                  onChange={(user_type) => update({ user_type })}
                />
              </div>
              <SocialList
                label="Users"
                noun="users"
                columns={userColumns}
                query={users}
                page={page}
                onPageChange={onPageChange}
              />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="likes">
          <Card>
            <CardContent className="flex flex-col gap-4">
              <FilterSelect
                label="Target type"
                value={params.target_type}
                options={LIKE_TARGET_FILTERS}
                onChange={(target_type) => update({ target_type })}
              />
              <SocialList
                label="Likes"
                noun="likes"
                columns={likeColumns}
                query={likes}
                page={page}
                onPageChange={onPageChange}
              />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="friends">
          <Card>
            <CardContent className="flex flex-col gap-4">
              <FilterSelect
                label="Status"
                value={params.status}
                options={FRIEND_STATUS_FILTERS}
                onChange={(status) => update({ status })}
              />
              <SocialList
                label="Friend requests"
                noun="friend requests"
                columns={friendRequestColumns}
                query={friends}
                page={page}
                onPageChange={onPageChange}
              />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="follows">
          <Card>
            <CardContent className="flex flex-col gap-4">
              <p className="text-sm text-muted-foreground">Direction: Following</p>
              <SocialList
                label="Follows"
                noun="follows"
                columns={followColumns}
                query={follows}
                page={page}
                onPageChange={onPageChange}
              />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
