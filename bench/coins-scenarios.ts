// The transactions list at `--scale 1m`. Each twin is the statement the repository builds for the
// scenario's own query string (coinsPageQuery), rendered by Drizzle: the page, its total and the
// statistics in one round trip.
import { ListCoinsQuery, TOP_COIN_USERS } from '@switchboard/contract/coins';
import { coinsPageQuery } from '../server/src/modules/coins/coins-list.repository.ts';
import { queryOf, rendered } from './repository-sql.ts';
import { LIST_TARGET, type Scenario } from './scenarios.ts';

const coins = (name: string, query: string): Scenario => {
  const path = `/api/v1/admin/public/coins?${query}`;
  return {
    name: `coins: ${name}`,
    path,
    targetP99Ms: LIST_TARGET,
    sql: [rendered(coinsPageQuery(queryOf(ListCoinsQuery, path), TOP_COIN_USERS))],
  };
};

export const coinsScenarios: Scenario[] = [
  coins('first page + statistics', 'page=1&limit=20'),
  coins('penalty filter', 'type=penalty&limit=20'),
  coins('search "ann"', 'search=ann&limit=20'),
  coins('page 50', 'page=50&limit=20'),
];
