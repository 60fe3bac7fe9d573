import { Readable } from 'node:stream';
import { USER_EXPORT_SECTIONS, USER_PROFILE_MESSAGES } from '@switchboard/contract/user-profile';
import type { Database } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { sessionHistoryOf, twoFactorOf } from '../auth/user-data.repository.ts';
import { userCallsBatch } from '../calls/calls-of-user.repository.ts';
import { coinAccountOf, ledgerBatch } from '../coins/ledger-of-user.repository.ts';
import { allLocationsOf } from '../geolocation/locations-of-user.repository.ts';
import { directMessagesOf } from '../messaging/messages-of-user.repository.ts';
import { notificationsReceivedBy } from '../notifications/notifications-of-user.repository.ts';
import { officialMessagesReceivedBy } from '../official-messages/messages-of-user.repository.ts';
import { userPurchasesBatch } from '../purchases/purchases-of-user.repository.ts';
import { allSocialOf } from '../social/social-of-user.repository.ts';
import { allUserReports } from '../user-reports/reports-of-user.repository.ts';
import * as profiles from '../users/user-profile.repository.ts';
import { requireSessionsAccess } from './admin-sessions-access.ts';

type Section = (typeof USER_EXPORT_SECTIONS)[number];

/** Rows the big sections read at a time, so a long history streams instead of sitting in memory. */
const BATCH = 500;

/**
 * Which section of the export holds the rows of each foreign key to `users` (table.column). A test
 * reads the foreign keys from the catalog and fails on one missing here, so a new table that refers to
 * users cannot be left out of the export unnoticed.
 */
export const EXPORT_COVERAGE: Record<string, Section> = {
  'refresh_tokens.user_id': 'sessions',
  'admin_factors.user_id': 'security',
  'recovery_codes.user_id': 'security',
  'pending_sign_ins.user_id': 'security',
  'coin_transactions.user_id': 'ledger',
  'coin_accounts.user_id': 'ledger',
  'coin_purchases.user_id': 'ledger',
  'calls.caller_id': 'calls',
  'calls.callee_id': 'calls',
  'user_reports.reporter_id': 'reports',
  'user_reports.reported_user_id': 'reports',
  'likes.user_id': 'social',
  'friend_requests.sender_id': 'social',
  'friend_requests.receiver_id': 'social',
  'follows.follower_id': 'social',
  'follows.following_id': 'social',
  'geolocations.user_id': 'locations',
  'notification_recipients.user_id': 'notifications',
  'notification_digests.user_id': 'notifications',
  'official_message_recipients.user_id': 'official_messages',
  'messages.sender_id': 'messages',
  'messages.recipient_id': 'messages',
  'user_contacts.user_id': 'contacts',
  'user_contacts.contact_id': 'contacts',
  'user_settings.user_id': 'settings',
  'user_presence.user_id': 'profile',
  'admin_notes.user_id': 'admin_notes',
  'admin_notes.author_id': 'admin_notes',
};

const json = (value: unknown) => JSON.stringify(value);

/** Streams `[` rows `]` from a batched reader that continues after the last id it returned. */
async function* batchedArray<Row extends { id: number }>(
  read: (afterId: number) => Promise<Row[]>,
): AsyncGenerator<string> {
  yield '[';
  let afterId = 0;
  let first = true;
  for (;;) {
    const rows = await read(afterId);
    for (const row of rows) {
      yield `${first ? '' : ','}${json(row)}`;
      first = false;
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) break;
    afterId = last.id;
  }
  yield ']';
}

/**
 * Everything stored about one user, as one JSON document streamed section by section (a GDPR access
 * or portability request). The download is an audit row before the first byte: a data access.
 * Password hashes, token hashes and second-factor secrets are never part of it.
 */
export async function exportUserData(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<{ filename: string; body: Readable }> {
  const profile = await profiles.exportProfileRow(db, id);
  if (!profile) throw notFound(USER_PROFILE_MESSAGES.notFound);
  await requireSessionsAccess(db, actor, id, USER_PROFILE_MESSAGES.adminExportDenied);
  await recordAudit(db, {
    actor,
    action: 'user.export',
    targetType: 'user',
    targetId: id,
    before: null,
    after: { data_access: 'export', sections: USER_EXPORT_SECTIONS },
    context,
  });
  const sections: Record<Section, () => AsyncGenerator<string> | Promise<unknown>> = {
    profile: async () => ({ ...profile, presence: await profiles.presenceOf(db, id) }),
    sessions: () => sessionHistoryOf(db, id),
    ledger: async function* () {
      yield `{"account":${json(await coinAccountOf(db, id))},"entries":`;
      yield* batchedArray((after) => ledgerBatch(db, id, after, BATCH));
      yield ',"purchases":';
      yield* batchedArray((after) => userPurchasesBatch(db, id, after, BATCH));
      yield '}';
    },
    calls: () => batchedArray((after) => userCallsBatch(db, id, after, BATCH)),
    reports: () => allUserReports(db, id),
    social: () => allSocialOf(db, id),
    locations: () => allLocationsOf(db, id),
    notifications: () => notificationsReceivedBy(db, id),
    official_messages: () => officialMessagesReceivedBy(db, id),
    messages: () => directMessagesOf(db, id),
    contacts: () => profiles.contactsOf(db, id),
    settings: () => profiles.settingsOf(db, id),
    security: () => twoFactorOf(db, id),
    admin_notes: () => profiles.allNotes(db, id),
  };
  async function* document() {
    yield `{"exported_at":${json(new Date().toISOString())},"user_id":${json(id)}`;
    for (const name of USER_EXPORT_SECTIONS) {
      yield `,${json(name)}:`;
      const section = sections[name]();
      if (section instanceof Promise) yield json(await section);
      else yield* section;
    }
    yield '}\n';
  }
  return { filename: `user-${id}.json`, body: Readable.from(document()) };
}
