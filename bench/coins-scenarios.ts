// The transactions list at `--scale 1m`. Each twin is recorded from the repository's own listCoinsPage for
// the scenario's query string, so it is the statement the server sends (a first page with its values as
// literals): the page, its total and the statistics in one round trip.
import { ListCoinsQuery, TOP_COIN_USERS } from '@switchboard/contract/coins';
import { listCoinsPage } from '../server/src/modules/coins/coins-list.repository.ts';
import { listScenario, type Scenario } from './scenarios.ts';

const coins = (name: string, query: string) =>
  listScenario(`coins: ${name}`, `/api/v1/admin/public/coins?${query}`, ListCoinsQuery, (db, q) =>
    listCoinsPage(db, q, TOP_COIN_USERS),
  );

export const coinsScenarios: Scenario[] = [
  coins('first page + statistics', 'page=1&limit=20'),
  coins('penalty filter', 'type=penalty&limit=20'),
  coins('search "ann"', 'search=ann&limit=20'),
  coins('page 50', 'page=50&limit=20'),
];
