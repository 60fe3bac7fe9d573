// Every scenario file by group name, in the order `npm run bench` runs them. Add a new file's list here.
import { callsScenarios } from './calls-scenarios.ts';
import { coinsScenarios } from './coins-scenarios.ts';
import { dashboardScenarios } from './dashboard-scenarios.ts';
import { databaseScenarios } from './database-scenarios.ts';
import { geosocialScenarios } from './geosocial-scenarios.ts';
import { messagingScenarios } from './messaging-scenarios.ts';
import { type Scenario, scenarios } from './scenarios.ts';
import { trustScenarios } from './trust-scenarios.ts';

const GROUPS: Record<string, Scenario[]> = {
  users: scenarios,
  calls: callsScenarios,
  coins: coinsScenarios,
  dashboard: dashboardScenarios,
  database: databaseScenarios,
  messaging: messagingScenarios,
  trust: trustScenarios,
  geosocial: geosocialScenarios,
};

/** BENCH_ONLY's choice: a group by name, or the scenarios whose name starts with it; every one when unset. */
export const selectedScenarios = (only: string | undefined): Scenario[] =>
  Object.entries(GROUPS).flatMap(([group, list]) =>
    list.filter((s) => !only || group === only || s.name.startsWith(only)),
  );
