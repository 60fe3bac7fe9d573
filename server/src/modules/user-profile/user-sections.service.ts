import type { SignedInSession } from '@switchboard/contract/sessions';
import { USER_PROFILE_MESSAGES } from '@switchboard/contract/user-profile';
import type { UserFollowsQuery, UserReportsQuery } from '@switchboard/contract/user-sections';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { listSessions } from '../auth/sessions.service.ts';
import { addressesOf } from '../auth/user-data.repository.ts';
import { userCallsPage } from '../calls/calls-of-user.repository.ts';
import { userLocationsPage } from '../geolocation/locations-of-user.repository.ts';
import { eventsOfAddressesPage } from '../security/events-of-user.repository.ts';
import { userFollowsPage } from '../social/social-of-user.repository.ts';
import { userReportsPage } from '../user-reports/reports-of-user.repository.ts';
import { listNotes } from '../users/user-profile.repository.ts';
import { requireSessionsAccess } from './admin-sessions-access.ts';
import { sectionAfter, sectionPage } from './section-cursor.ts';

/*
 * Each section of the user page: one statement over an index in the order it shows (see migration
 * 0031), paged by keyset so a user with a long history pages as fast as a new one.
 */

interface SectionQuery {
  limit: number;
  cursor?: string | undefined;
}

export async function callsSection(db: Database, id: string, q: SectionQuery) {
  const rows = await userCallsPage(db, id, sectionAfter(q.cursor), q.limit);
  return sectionPage(rows, q.limit, (r) => r.started_at);
}

export async function reportsSection(db: Database, id: string, q: z.output<typeof UserReportsQuery>) {
  const rows = await userReportsPage(db, id, q.side, sectionAfter(q.cursor), q.limit);
  return sectionPage(rows, q.limit, (r) => r.created_at);
}

export async function followsSection(db: Database, id: string, q: z.output<typeof UserFollowsQuery>) {
  const rows = await userFollowsPage(db, id, q.direction, sectionAfter(q.cursor), q.limit);
  return sectionPage(rows, q.limit, (r) => r.since);
}

export async function locationsSection(db: Database, id: string, q: SectionQuery) {
  const rows = await userLocationsPage(db, id, sectionAfter(q.cursor), q.limit);
  return sectionPage(rows, q.limit, (r) => r.created_at);
}

/** The security events from every address the user signed in from (their sessions' addresses). */
export async function securityEventsSection(db: Database, id: string, q: SectionQuery) {
  const after = sectionAfter(q.cursor);
  const rows = await eventsOfAddressesPage(db, await addressesOf(db, id), after, q.limit);
  return sectionPage(rows, q.limit, (r) => r.created_at);
}

export async function notesSection(db: Database, id: string, q: SectionQuery) {
  const rows = await listNotes(db, id, sectionAfter(q.cursor), q.limit);
  return sectionPage(rows, q.limit, (r) => r.created_at);
}

export async function sessionsSection(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  currentSessionId: string | null,
): Promise<SignedInSession[]> {
  await requireSessionsAccess(db, actor, id, USER_PROFILE_MESSAGES.adminSessionsHidden);
  return listSessions(db, id, currentSessionId);
}
