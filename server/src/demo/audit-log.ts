import { auditLog } from '../db/schema/security.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoUsers } from './demo-users.ts';
import { DAY, MINUTE, rhythmTime } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type Target =
  | 'user'
  | 'coins'
  | 'notification'
  | 'official_message'
  | 'user_report'
  | 'security'
  | 'settings';

/** The actions the console's routes record, weighted by how often admins do them. */
const ACTIONS = new Weighted<readonly [string, Target]>([
  [['coins.add', 'coins'], 20],
  [['user_report.resolve', 'user_report'], 14],
  [['user_report.dismiss', 'user_report'], 8],
  [['security_event.resolve', 'security'], 12],
  [['notification.create', 'notification'], 8],
  [['notification.send', 'notification'], 7],
  [['official_message.create', 'official_message'], 5],
  [['official_message.send', 'official_message'], 4],
  [['user.create', 'user'], 5],
  [['user.set_admin', 'user'], 2],
  [['user.suspend', 'user'], 4],
  [['user.delete', 'user'], 2],
  [['coins.reverse', 'coins'], 3],
  [['ip.block', 'security'], 2],
  [['ip.unblock', 'security'], 1],
  [['settings.update', 'settings'], 2],
  [['database.backup', 'settings'], 1],
]);
const ADMIN_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/** Admin mutations of every kind over the last 90 days, as the routes would have recorded them. */
export async function seedAuditLog(input: StageInput, users: DemoUsers): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'audit-log');
  const total = counts.auditLog;
  const admins = users.admins;
  if (admins.length === 0 || total === 0) return 0;
  const times = new Float64Array(total);
  for (let i = 0; i < total; i++) times[i] = rhythmTime(rng, now - 90 * DAY, now - MINUTE);
  times.sort();
  // Each admin works from one office address (documentation range, RFC 5737).
  const offices = admins.map((_, k) => `192.0.2.${10 + k}`);
  await insertInBatches(
    input.tx,
    auditLog,
    total,
    (i) => {
      const [action, target] = ACTIONS.cover(rng, i);
      const k = rng.below(admins.length);
      const admin = admins[k] as (typeof admins)[number];
      const u = users.count > 0 ? rng.below(users.count) : -1;
      const userId = u >= 0 ? (users.ids[u] as string) : null;
      const change = changeOf(rng, action, target, userId);
      return {
        actorId: admin.id,
        actorUsername: admin.username,
        action,
        ...change,
        ipAddress: offices[k] as string,
        userAgent: ADMIN_AGENTS[k % ADMIN_AGENTS.length] as string,
        createdAt: new Date(times[i] as number),
      };
    },
    { progress: (done) => input.progress(done, total) },
  );
  return total;
}

function changeOf(rng: Random, action: string, target: Target, userId: string | null) {
  const id = String(rng.int(1, 99_999));
  switch (target) {
    case 'coins': {
      const amount = rng.pick([50, 100, 250, 500, 1000]);
      return {
        targetType: 'coin_transaction',
        targetId: id,
        before: null,
        after: { user_id: userId, amount: action === 'coins.reverse' ? -amount : amount },
      };
    }
    case 'user_report':
      return {
        targetType: 'user_report',
        targetId: id,
        before: { status: 'pending', resolution_notes: null },
        after: {
          status: action === 'user_report.resolve' ? 'resolved' : 'dismissed',
          resolution_notes: action === 'user_report.resolve' ? 'User warned' : 'No violation found',
        },
      };
    case 'security':
      if (action === 'security_event.resolve')
        return {
          targetType: 'security_event',
          targetId: id,
          before: { resolved: false },
          after: { resolved: true },
        };
      {
        const ip = `203.0.113.${rng.int(1, 254)}`;
        const row = { ip_address: ip, reason: 'Brute-force login attempts' };
        return {
          targetType: 'blocked_ip',
          targetId: ip,
          before: action === 'ip.block' ? null : row,
          after: action === 'ip.block' ? row : null,
        };
      }
    case 'user':
      return {
        targetType: 'user',
        targetId: userId,
        before: action === 'user.create' ? null : { is_active: true, is_admin: false },
        after:
          action === 'user.delete'
            ? null
            : action === 'user.suspend'
              ? { is_active: false }
              : { is_active: true, is_admin: action === 'user.set_admin' },
      };
    case 'settings':
      return action === 'database.backup'
        ? { targetType: 'backup', targetId: id, before: null, after: { status: 'completed' } }
        : {
            targetType: 'settings',
            targetId: 'api',
            before: { rate_limit_requests: 100 },
            after: { rate_limit_requests: rng.pick([120, 200, 300]) },
          };
    default:
      return {
        targetType: target,
        targetId: id,
        before: action.endsWith('.send') ? { status: 'draft' } : null,
        after: { status: action.endsWith('.send') ? 'sent' : 'draft' },
      };
  }
}
