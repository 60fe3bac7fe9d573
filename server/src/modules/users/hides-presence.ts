import { sql } from 'drizzle-orm';
import { userSettings, users } from '../../db/schema/users.ts';

/**
 * The account's owner chose to hide their presence (privacy setting show_online_status=false): other app
 * users see them neither online nor when last seen, wherever presence is answered (search, contacts,
 * profile cards, the `/app` presence query).
 */
export const hidesPresence = sql<boolean>`exists (select 1 from ${userSettings} where ${userSettings.userId} = ${users.id}
  and ${userSettings.settings}->>'show_online_status' = 'false')`;
