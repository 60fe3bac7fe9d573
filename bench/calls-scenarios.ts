// The calls list at `--scale 1m`. Each twin is recorded from the repository's own listCalls for the
// scenario's query string, so it takes the same path the request takes (for a search: the page with
// its capped total in one statement).
import { ListCallsQuery } from '@switchboard/contract/calls';
import { listCalls } from '../server/src/modules/calls/calls-list.repository.ts';
import { listScenario, type Scenario } from './scenarios.ts';

const calls = (name: string, query: string) =>
  listScenario(`calls: ${name}`, `/api/v1/admin/public/calls?${query}`, ListCallsQuery, listCalls);

/** A page deep in the list by keyset: rows older than 45 days ago (the data set spans 90). */
const deepSortKey = new Date(Date.now() - 45 * 86_400_000).toISOString();
const deepCursor = Buffer.from(JSON.stringify([deepSortKey, '9223372036854775807'])).toString('base64url');

export const callsScenarios: Scenario[] = [
  calls('first page', 'page=1&limit=20'),
  calls('failed filter', 'status=failed&limit=20'),
  calls('video filter', 'type=video&limit=20'),
  calls('failed video filter', 'status=failed&type=video&limit=20'),
  calls('search "son"', 'search=son&limit=20'),
  calls('search "anna"', 'search=anna&limit=20'),
  calls('deep page (keyset)', `page=2500&limit=20&cursor=${deepCursor}`),
];
