import { useState } from 'react';
import { PagedSection, useCursorPages } from '@/components/paged-section.tsx';
import { Time } from '@/components/time.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { formatDurationClock } from '@/lib/format.ts';
import { useUserSection } from '../user-page-api.ts';
import { SectionSwitch } from './section-switch.tsx';

export function CallsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'calls', pages.cursor ? { cursor: pages.cursor } : {});
  return (
    <PagedSection
      title="Calls"
      rows={q.data?.items}
      error={q.isError}
      empty="No calls yet"
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(c) => c.id}
      render={(c) => (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{c.direction === 'outgoing' ? 'To' : 'From'}</span>
          <UserLink id={c.other_party_id} username={c.other_party_username} />
          <span className="text-muted-foreground">
            {c.type} · {c.status} · {formatDurationClock(c.duration)}
          </span>
          <span className="text-muted-foreground">
            Quality {c.quality === null ? '—' : c.quality.toFixed(1)}
          </span>
          <span className="ml-auto text-xs text-muted-foreground">
            <Time value={c.started_at} />
          </span>
        </div>
      )}
    />
  );
}

export function ReportsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const [side, setSide] = useState<'against' | 'filed'>('against');
  const q = useUserSection(id, 'reports', { side, ...(pages.cursor ? { cursor: pages.cursor } : {}) });
  return (
    <PagedSection
      title="Reports"
      controls={
        <SectionSwitch
          label="Which reports"
          value={side}
          options={[
            { value: 'against', label: 'Against the user' },
            { value: 'filed', label: 'Filed by the user' },
          ]}
          onChange={(next) => {
            pages.reset();
            setSide(next);
          }}
        />
      }
      rows={q.data?.items}
      error={q.isError}
      empty={side === 'against' ? 'No reports against this user' : 'No reports filed by this user'}
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(r) => r.id}
      render={(r) => (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium">#{r.id}</span>
          <span>{r.report_type.replaceAll('_', ' ')}</span>
          <span className="text-muted-foreground">{r.status}</span>
          <UserLink id={r.other_party_id} username={r.other_party_username} />
          <span className="basis-full text-muted-foreground">{r.reason}</span>
        </div>
      )}
    />
  );
}

export function FollowsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const [direction, setDirection] = useState<'followers' | 'following'>('followers');
  const q = useUserSection(id, 'follows', { direction, ...(pages.cursor ? { cursor: pages.cursor } : {}) });
  return (
    <PagedSection
      title="Social"
      controls={
        <SectionSwitch
          label="Which follows"
          value={direction}
          options={[
            { value: 'followers', label: 'Followers' },
            { value: 'following', label: 'Following' },
          ]}
          onChange={(next) => {
            pages.reset();
            setDirection(next);
          }}
        />
      }
      rows={q.data?.items}
      error={q.isError}
      empty={direction === 'followers' ? 'No followers' : 'Follows nobody'}
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(f) => f.id}
      render={(f) => (
        <div className="flex items-center gap-3">
          <UserLink id={f.user_id} username={f.username} />
          <span className="ml-auto text-xs text-muted-foreground">
            since <Time value={f.since} />
          </span>
        </div>
      )}
    />
  );
}

/** Recent fixes as points on an equirectangular map, beside the list. */
export function LocationsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'locations', pages.cursor ? { cursor: pages.cursor } : {});
  const items = q.data?.items ?? [];
  return (
    <div className="flex flex-col gap-3">
      {items.length > 0 ? (
        <svg
          viewBox="-180 -90 360 180"
          role="img"
          aria-label={`Map of ${items.length} recent locations`}
          className="h-40 w-full rounded-md border bg-muted/40"
        >
          {items.map((l) => (
            <circle key={l.id} cx={l.longitude} cy={-l.latitude} r={3} className="fill-primary">
              <title>
                {l.city}, {l.country}
              </title>
            </circle>
          ))}
        </svg>
      ) : null}
      <PagedSection
        title="Recent locations"
        rows={q.data?.items}
        error={q.isError}
        empty="No locations recorded"
        nextCursor={q.data?.next_cursor}
        pages={pages}
        rowKey={(l) => l.id}
        render={(l) => (
          <div className="flex items-center gap-3">
            <span>
              {l.city}, {l.country}
            </span>
            <span className="text-muted-foreground">{l.location_type}</span>
            <span className="ml-auto text-xs text-muted-foreground">
              <Time value={l.created_at} />
            </span>
          </div>
        )}
      />
    </div>
  );
}

export function SecurityEventsSection({ id }: { id: string }) {
  const pages = useCursorPages();
  const q = useUserSection(id, 'securityEvents', pages.cursor ? { cursor: pages.cursor } : {});
  return (
    <PagedSection
      title="Security events from the user's addresses"
      rows={q.data?.items}
      error={q.isError}
      empty="No security events from this user's addresses"
      nextCursor={q.data?.next_cursor}
      pages={pages}
      rowKey={(e) => e.id}
      render={(e) => (
        <div className="flex flex-wrap items-center gap-x-3">
          <span className="font-medium">{e.event_type.replaceAll('_', ' ')}</span>
          <span className="text-muted-foreground">{e.severity}</span>
          <span className="text-muted-foreground">{e.ip_address}</span>
          <span className="ml-auto text-xs text-muted-foreground">
            <Time value={e.created_at} />
          </span>
          <span className="basis-full text-muted-foreground">{e.description}</span>
        </div>
      )}
    />
  );
}
